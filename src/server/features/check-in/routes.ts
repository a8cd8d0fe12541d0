import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#common/auth.ts';
import {
  checkInAnswerSchema,
  checkInBody,
  checkInBookingParams,
  checkInRefusalSchema,
  doorEventParams,
  doorEventsSchema,
  doorPassesSchema,
} from '#common/check-in.ts';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditEntry, audited } from '../../lib/audited.ts';
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

    app.get(
      '/api/admin/check-in/events',
      { config: { partner: 'own' }, schema: { response: { 200: doorEventsSchema } } },
      async (req) => ({ data: await doorEvents(db, { benefitIds: req.partnerBenefits }) }),
    );

    app.get(
      '/api/admin/check-in/events/:eventId',
      {
        config: { partner: 'benefit' },
        schema: { params: doorEventParams, response: { 200: doorPassesSchema } },
      },
      async (req) => doorPasses(db, req.params.eventId, viewerOf(req)),
    );

    app.post(
      '/api/admin/check-in',
      {
        // A partner names the event (one of theirs); a pass for any other benefit's event is unknown to them.
        config: { partner: 'benefit' },
        schema: {
          body: checkInBody,
          response: { 200: checkInAnswerSchema, 404: checkInRefusalSchema, 409: checkInRefusalSchema },
        },
      },
      async (req) =>
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
    );

    app.delete(
      '/api/admin/check-in/:bookingId',
      {
        config: { partner: 'benefit' },
        schema: { params: checkInBookingParams, response: { 200: okSchema } },
      },
      async (req) => {
        const entry: AuditEntry = {
          action: 'check-in.undo',
          targetType: 'booking',
          targetId: req.params.bookingId,
          leavesPlaces: true as const,
        };
        await audited(db, req, (tx) => undoCheckIn(tx, req.params.bookingId), entry);
        return { success: true as const };
      },
    );
  };
