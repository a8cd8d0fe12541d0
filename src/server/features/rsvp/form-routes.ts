import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import * as rsvpApi from '#common/api/rsvp.ts';
import type { SessionUser } from '#common/auth.ts';
import type { conciergeRsvpSchema } from '#common/concierge.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { eveningRsvpSchema } from '#common/evening.ts';
import { LOGIN_TO_RSVP } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { COUNTS_TTL_MS, hotCache, replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Turn } from '../../lib/keyed-queue.ts';
import { speakerFor, words } from '../../lib/member-words.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { alreadyRsvpd } from './booking-words.ts';
import { activeStatusOf, eventRow } from './crowd-reads.ts';
import { findSlot, openSlots, reconcileSlotCounts } from './event-slots.ts';
import { eventSlotsAnswer, getEvent, memberStatus } from './event-status.ts';
import { formChecksIn } from './form-checks.ts';
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
      throw new HttpError(409, alreadyRsvpd(event.partnerContactEmail), ERROR_CODE.alreadyBooked);
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

    /** A built-in form's routes answer for any event booked through that form, not only the spec's. */
    async function formEvent(eventId: string, ...forms: ('evening' | 'concierge')[]) {
      const event = await eventRow(db, eventId);
      if (!event || !forms.some((f) => f === event.bookingForm))
        throw new HttpError(404, words('srv.rsvp.eventNotFound'), ERROR_CODE.notFound);
      return eventId;
    }

    const countOf = (eventId: string) =>
      hotCache(db).get(eventId, 'count', COUNTS_TTL_MS, async () => {
        const { remainingSlots } = await eventSlotsAnswer(db, eventId);
        return { isFull: remainingSlots === 0, remainingSlots };
      });
    const eveningSlotsOf = (eventId: string) =>
      hotCache(db).get(eventId, 'time-slots', COUNTS_TTL_MS, async () => ({
        slots: (await openSlots(db, eventId)).map(({ id, slotTime, remainingSlots }) => ({
          id,
          slotTime,
          remainingSlots,
        })),
      }));
    const tourSlotsOf = (eventId: string) =>
      hotCache(db).get(eventId, 'time-slots', COUNTS_TTL_MS, async () =>
        (await openSlots(db, eventId)).map((s) => ({
          date: s.date ?? '',
          timeSlot: s.slotTime,
          remainingSlots: s.remainingSlots,
        })),
      );

    async function bookEvening(eventId: string, m: SessionUser, body: z.output<typeof eveningRsvpSchema>) {
      const wantsTour = body.tourRequested === 'yes';
      return repeatAware(eventId, m.email, async (turn) => {
        const slot = wantsTour ? await findSlot(db, eventId, body.timeSlot ?? '') : null;
        if (wantsTour && !slot) throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
        return reservePlace(db, {
          turn,
          eventId,
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
    }

    async function bookTour(eventId: string, m: SessionUser, body: z.output<typeof conciergeRsvpSchema>) {
      const guestCount = body.bringingGuests === 'yes' ? body.guestCount : 0;
      return repeatAware(eventId, m.email, async (turn) => {
        const slot = await findSlot(db, eventId, body.timeSlot, body.selectedDate);
        if (!slot) throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
        return reservePlace(db, {
          turn,
          eventId,
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
    }

    // ---- counts anyone may poll (no personal data) -----------------------------------
    // The evening's
    app.route({
      ...fromContract(rsvpApi.eveningCount),
      handler: (req, reply) => replyHot(req, reply, countOf(EVENING)),
    });
    app.route({
      ...fromContract(rsvpApi.eveningSlots),
      handler: (req, reply) => replyHot(req, reply, eveningSlotsOf(EVENING)),
    });
    // The concierge tours'
    app.route({
      ...fromContract(rsvpApi.conciergeSlots),
      handler: (req, reply) => replyHot(req, reply, tourSlotsOf(CONCIERGE)),
    });
    // Any built-in form's (decision 064)
    app.route({
      ...fromContract(rsvpApi.formCount),
      handler: async (req, reply) => {
        const eventId = await formEvent(req.params.eventId, 'evening', 'concierge');
        return replyHot(req, reply, countOf(eventId));
      },
    });
    app.route({
      ...fromContract(rsvpApi.eveningSlotsOf),
      handler: async (req, reply) =>
        replyHot(req, reply, eveningSlotsOf(await formEvent(req.params.eventId, 'evening'))),
    });
    app.route({
      ...fromContract(rsvpApi.tourSlotsOf),
      handler: async (req, reply) =>
        replyHot(req, reply, tourSlotsOf(await formEvent(req.params.eventId, 'concierge'))),
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
        errorHandler: formChecksIn('evening'),
        handler: async (req, reply) =>
          reply.code(201).send(rsvpResult(await bookEvening(EVENING, member(req), req.body), speakerFor(req, reply))),
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
        errorHandler: formChecksIn('concierge'),
        handler: async (req, reply) =>
          reply.code(201).send(rsvpResult(await bookTour(CONCIERGE, member(req), req.body), speakerFor(req, reply))),
      });

      // Any built-in form's event (decision 064)
      app.route({
        ...fromContract(rsvpApi.formSlotsRefresh),
        handler: async (req) => {
          const eventId = await formEvent(req.params.eventId, 'evening', 'concierge');
          await reconcileSlotCounts(db, eventId);
          return { success: true };
        },
      });
      app.route({
        ...fromContract(rsvpApi.bookEveningOf),
        errorHandler: formChecksIn('evening'),
        handler: async (req, reply) => {
          const eventId = await formEvent(req.params.eventId, 'evening');
          return reply
            .code(201)
            .send(rsvpResult(await bookEvening(eventId, member(req), req.body), speakerFor(req, reply)));
        },
      });
      app.route({
        ...fromContract(rsvpApi.bookTourOf),
        errorHandler: formChecksIn('concierge'),
        handler: async (req, reply) => {
          const eventId = await formEvent(req.params.eventId, 'concierge');
          return reply
            .code(201)
            .send(rsvpResult(await bookTour(eventId, member(req), req.body), speakerFor(req, reply)));
        },
      });
    });
  };
