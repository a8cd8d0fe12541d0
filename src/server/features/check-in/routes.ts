import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as checkInApi from '#common/api/check-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditEntry, audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin, viewerOf } from '../auth/index.ts';
import { checkIn, doorEvents, doorPasses, undoCheckIn } from './check-in.ts';

/** The door (decision 009): staff and admins admit passes and take a mistaken admission back. */
export const checkInRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is the door's (staff and admins; partners where a route declares `partner`):
    // one guard for this plugin's own scope (Fastify encapsulation, decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure, { staffToo: true }));
    const staffOf = (admin: { email: string } | null) => admin?.email ?? 'staff';

    app.route({
      ...fromContract(checkInApi.events),
      config: { partner: 'own' },
      handler: async (req) => ({ data: await doorEvents(db, { benefitIds: req.partnerBenefits }) }),
    });

    app.route({
      ...fromContract(checkInApi.passes),
      config: { partner: 'benefit' },
      handler: async (req) => doorPasses(db, req.params.eventId, viewerOf(req)),
    });

    app.route({
      ...fromContract(checkInApi.admit), // A partner names the event (one of theirs); a pass for any other benefit's event is unknown to them.
      config: { partner: 'benefit' },
      handler: async (req) =>
        audited(
          db,
          req,
          (tx) => checkIn(tx, req.body, staffOf(req.admin), viewerOf(req)),
          (done) => ({
            action: 'check-in',
            leavesPlaces: true,
            targetType: 'booking',
            targetId: done.booking.id,
            details: { eventId: done.booking.eventId },
          }),
        ),
    });

    app.route({
      ...fromContract(checkInApi.undo),
      config: { partner: 'benefit' },
      handler: async (req) => {
        const entry: AuditEntry = {
          action: 'check-in.undo',
          targetType: 'booking',
          targetId: req.params.bookingId,
          leavesPlaces: true as const,
        };
        await audited(db, req, (tx) => undoCheckIn(tx, req.params.bookingId), entry);
        return { success: true as const };
      },
    });
  };
