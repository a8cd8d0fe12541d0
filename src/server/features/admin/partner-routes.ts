import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as partnersApi from '#common/api/partners.ts';
import { normaliseEmail } from '#common/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { downloadName } from '../../lib/download.ts';
import { assignBenefits, requireAdmin, sharedFields } from '../auth/index.ts';
import { partnerAttendees, partnerAttendeesCsv, partnerHome, setSharedFields } from './partners.ts';

/**
 * Partner accounts (docs/decisions/030): what partners read (their benefits, attendees' shared fields) and
 * what admins set for them (assignments, shared fields). One guard for the scope; partner routes declare `partner`.
 */
export const partnerRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.route({
      ...fromContract(partnersApi.benefits),
      config: { partner: 'own' },
      handler: async (req) => ({ benefits: await partnerHome(db, req.partnerBenefits) }),
    });

    // Reading attendees' data is a partner action worth a trace: each view is audited (admins' views are not).
    app.route({
      ...fromContract(partnersApi.attendees),
      config: { partner: 'benefit' },
      handler: async (req) => {
        const list = await partnerAttendees(db, req.params.eventId, adminOf(req).email);
        if (!req.partnerBenefits) return list;
        return audited(db, req, async () => list, {
          action: 'partner.attendees',
          targetType: 'event',
          targetId: list.event.id,
          details: { rows: list.total, fields: list.fields },
          leavesPlaces: true,
        });
      },
    });

    app.route({
      ...fromContract(partnersApi.attendeesCsv),
      config: { partner: 'benefit' },
      handler: async (req, reply) => {
        const file = await audited(
          db,
          req,
          (tx) => partnerAttendeesCsv(tx, req.params.eventId, adminOf(req).email),
          (f) => ({
            action: 'attendees.export',
            targetType: 'event',
            targetId: f.event.id,
            details: { format: 'csv', rows: f.rows, partner: true, fields: f.fields },
            leavesPlaces: true,
          }),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `attachment; filename="attendees-${downloadName(file.event.title, 'event')}.csv"`,
          )
          .send(file.body);
      },
    });

    // ---- admins only ----

    app.route({
      ...fromContract(partnersApi.assign),
      handler: async (req) => {
        const email = normaliseEmail(req.params.email);
        const benefitIds = await audited(db, req, (tx) => assignBenefits(tx, email, req.body.benefitIds), {
          action: 'partner.assign',
          targetType: 'account',
          targetId: email,
          details: { benefitIds: req.body.benefitIds },
          leavesPlaces: true,
        });
        return { benefitIds };
      },
    });

    app.route({
      ...fromContract(partnersApi.fields),
      handler: async (req) => ({ fields: await sharedFields(db, req.params.benefitId) }),
    });

    app.route({
      ...fromContract(partnersApi.saveFields),
      handler: async (req) => {
        const fields = await audited(db, req, (tx) => setSharedFields(tx, req.params.benefitId, req.body.fields), {
          action: 'partner.fields',
          targetType: 'benefit',
          targetId: req.params.benefitId,
          details: { fields: req.body.fields },
          leavesPlaces: true,
        });
        return { fields };
      },
    });
  };
