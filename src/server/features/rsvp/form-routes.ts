import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as rsvpApi from '#common/api/rsvp.ts';
import { alreadyRsvpdText } from '#common/concierge.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { LOGIN_TO_RSVP, RSVP_MSG } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { COUNTS_TTL_MS, hotCache, replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Turn } from '../../lib/keyed-queue.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { activeStatusOf } from './crowd-reads.ts';
import { findSlot, openSlots, reconcileSlotCounts } from './event-slots.ts';
import { eventSlotsAnswer, getEvent, memberStatus } from './event-status.ts';
import { inLine, reservePlace, rsvpResult } from './reserve-place.ts';

export const EVENING = 'sap-night';
export const CONCIERGE = 'ap-house';

/** The evening and concierge forms (docs/spec/admin-and-rsvp.md §2, §5, §7): thin routes over the one engine. */
export const formRsvpRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const member = (req: FastifyRequest) => signedInMember(req, LOGIN_TO_RSVP);

    /** A second booking is refused with the spec's text, naming whom to write to. */
    async function refuseRepeat(eventId: string, email: string) {
      const status = await activeStatusOf(db, eventId, email); // a crowd's checks share one read
      if (!status || status === 'waitlisted') return;
      const event = await getEvent(db, eventId);
      throw new HttpError(
        409,
        alreadyRsvpdText(event.partnerContactEmail ?? 'the concierge'),
        ERROR_CODE.alreadyBooked,
      );
    }
    /** Lines up on arrival (the reads before booking cannot reorder a rush), then books unless a repeat. */
    const repeatAware = <T>(eventId: string, email: string, book: (turn: Turn) => Promise<T>) =>
      inLine(db, eventId, async (turn) => {
        try {
          await refuseRepeat(eventId, email);
          return await book(turn);
        } catch (err) {
          if (err instanceof HttpError && err.code === ERROR_CODE.alreadyBooked) await refuseRepeat(eventId, email);
          throw err;
        }
      });

    // ---- counts anyone may poll (no personal data) -----------------------------------
    // The evening's
    app.route({
      ...fromContract(rsvpApi.eveningCount),
      handler: (req, reply) =>
        replyHot(
          req,
          reply,
          hotCache(db).get(EVENING, 'count', COUNTS_TTL_MS, async () => {
            const { remainingSlots } = await eventSlotsAnswer(db, EVENING);
            return { isFull: remainingSlots === 0, remainingSlots };
          }),
        ),
    });

    app.route({
      ...fromContract(rsvpApi.eveningSlots),
      handler: (req, reply) =>
        replyHot(
          req,
          reply,
          hotCache(db).get(EVENING, 'time-slots', COUNTS_TTL_MS, async () => ({
            slots: (await openSlots(db, EVENING)).map(({ id, slotTime, remainingSlots }) => ({
              id,
              slotTime,
              remainingSlots,
            })),
          })),
        ),
    });

    // The concierge tours'
    app.route({
      ...fromContract(rsvpApi.conciergeSlots),
      handler: (req, reply) =>
        replyHot(
          req,
          reply,
          hotCache(db).get(CONCIERGE, 'time-slots', COUNTS_TTL_MS, async () =>
            (await openSlots(db, CONCIERGE)).map((s) => ({
              date: s.date ?? '',
              timeSlot: s.slotTime,
              remainingSlots: s.remainingSlots,
            })),
          ),
        ),
    });

    // ---- the member's: refreshes, status and bookings, behind one guard (decision 032) ----
    await guardedScope(app, requireMember(db, config.cookieSecure, LOGIN_TO_RSVP), (app) => {
      // The evening
      app.route({
        ...fromContract(rsvpApi.eveningRefresh),
        handler: async () => {
          await reconcileSlotCounts(db, EVENING);
          return { success: true };
        },
      });

      app.route({
        ...fromContract(rsvpApi.bookEvening),
        handler: async (req, reply) => {
          const m = member(req);
          const body = req.body;
          const wantsTour = body.tourRequested === 'yes';
          const placed = await repeatAware(EVENING, m.email, async (turn) => {
            const slot = wantsTour ? await findSlot(db, EVENING, body.timeSlot ?? '') : null;
            if (wantsTour && !slot) throw new HttpError(400, RSVP_MSG.slotNotFound, ERROR_CODE.slotRequired);
            return reservePlace(db, {
              turn,
              eventId: EVENING,
              email: m.email, // the session, not the hidden field, says who books
              fullName: body.fullName,
              firstName: m.firstName,
              lastName: m.lastName,
              slotId: slot?.id ?? null,
              portalUrl: config.publicUrl,
              data: {
                rsvpStatus: body.rsvpStatus,
                tourRequested: body.tourRequested,
                timeSlot: wantsTour ? body.timeSlot : null,
              },
            });
          });
          return reply.code(201).send(rsvpResult(placed));
        },
      });

      // The concierge tours
      app.route({
        ...fromContract(rsvpApi.conciergeRefresh),
        handler: async () => {
          await reconcileSlotCounts(db, CONCIERGE);
          return { success: true };
        },
      });

      app.route({
        ...fromContract(rsvpApi.conciergeStatus),
        // The spec's address of the tours' status: any tour form's event answers the same on /api/rsvp/{id}/status.
        handler: async (req) => memberStatus(db, CONCIERGE, member(req).email),
      });

      app.route({
        ...fromContract(rsvpApi.bookConcierge),
        handler: async (req, reply) => {
          const m = member(req);
          const body = req.body;
          const guestCount = body.bringingGuests === 'yes' ? body.guestCount : 0;
          const placed = await repeatAware(CONCIERGE, m.email, async (turn) => {
            const slot = await findSlot(db, CONCIERGE, body.timeSlot, body.selectedDate);
            if (!slot) throw new HttpError(400, RSVP_MSG.slotNotFound, ERROR_CODE.slotRequired);
            return reservePlace(db, {
              turn,
              eventId: CONCIERGE,
              email: m.email,
              fullName: body.fullName,
              firstName: m.firstName,
              lastName: m.lastName,
              phoneNumber: body.phoneNumber || null,
              slotId: slot.id,
              guestCount,
              portalUrl: config.publicUrl,
              data: {
                selectedDate: body.selectedDate,
                timeSlot: body.timeSlot,
                bringingGuests: body.bringingGuests,
                guestCount,
                totalAttendees: 1 + guestCount,
              },
            });
          });
          return reply.code(201).send(rsvpResult(placed));
        },
      });
    });
  };
