import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as dashboardApi from '#common/api/dashboard.ts';
import * as rsvpApi from '#common/api/rsvp.ts';
import { benefitTitle } from '#common/benefit-title.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_LOCALE, isLocale } from '#common/locales.ts';
import { LOGIN_TO_RSVP, slotsSchema, soldOutSchema } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { ACROSS_EVENTS, COUNTS_TTL_MS, hotCache, replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { memberLocale } from '../../lib/member-i18n.ts';
import { speakerFor, words } from '../../lib/member-words.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { bookingTimes, type EventRow, venueOf } from '../booking-rules/index.ts';
import { bookingIcsFile } from '../notify/index.ts';
import { liveConfigNow } from './crowd-reads.ts';
import { slotById } from './event-slots.ts';
import { eventSlotsAnswer, findBooking, getEvent, memberStatus } from './event-status.ts';
import { listMemberBookings } from './member-bookings.ts';
import { reservePlace, rsvpResult } from './reserve-place.ts';
import { soldOutEvents } from './sold-out.ts';

export const rsvpRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const member = (req: FastifyRequest) => signedInMember(req, LOGIN_TO_RSVP);

    // Counts only, no personal data: answered without credentials (the tour page polls it so).
    // Polled by every open tour page: served from a short cache that a booking drops, with an ETag.
    const slots = (eventId: string) =>
      hotCache(db).get(eventId, 'slots', COUNTS_TTL_MS, () => eventSlotsAnswer(db, eventId), slotsSchema);
    for (const route of [rsvpApi.slots, rsvpApi.slotsShort])
      app.route({
        ...fromContract(route),
        handler: (req, reply) => replyHot(req, reply, slots(req.params.eventId)),
      });

    // ---- the member's: their bookings, status, one-click RSVP, behind one guard for the scope (decision 032) ----
    await guardedScope(app, requireMember(db, config.cookieSecure, LOGIN_TO_RSVP), (app) => {
      app.route({
        ...fromContract(dashboardApi.memberBookings),
        handler: async (req) => ({
          data: await listMemberBookings(db, member(req).email, memberLocale(req)),
        }),
      });

      app.route({
        ...fromContract(rsvpApi.status),
        handler: async (req) => memberStatus(db, req.params.eventId, member(req).email),
      });

      // One-click RSVP, interest and claim (docs/spec/member-portal.md §7).
      // Name fields come from the session, not the body.
      app.route({
        ...fromContract(rsvpApi.book),
        handler: async (req, reply) => {
          const m = member(req);
          const placed = await reservePlace(db, {
            eventId: req.params.eventId,
            // Checked on the engine's own first read of the event: one round of reads fewer in a rush.
            refuse: async (event) => {
              // An offer taken up at the partner's has an event for its days only: nothing to book here.
              if (event.bookingForm === 'external') throw new HttpError(404, words('srv.rsvp.eventNotFound'));
              if (await needsForm(db, event))
                throw new HttpError(400, words('srv.rsvp.needsForm'), ERROR_CODE.needsForm);
            },
            email: m.email,
            firstName: m.firstName,
            lastName: m.lastName,
            portalUrl: config.publicUrl,
          });
          return reply.code(201).send(rsvpResult(placed, speakerFor(req, reply)));
        },
      });

      // The dashboard's SOLD OUT tiles: one answer for every member, polled, from the same short cache as the counts.
      app.route({
        ...fromContract(dashboardApi.soldOut),
        handler: (req, reply) =>
          replyHot(
            req,
            reply,
            hotCache(db).get(ACROSS_EVENTS, 'events', COUNTS_TTL_MS, () => soldOutEvents(db), soldOutSchema),
            'private',
          ),
      });

      app.route({
        ...fromContract(rsvpApi.calendarFile),
        handler: async (req, reply) => {
          const event = await getEvent(db, req.params.eventId);
          const { email, locale } = member(req);
          const booking = await findBooking(db, event.id, email);
          // The booking's own time: its slot's when it has one (a tour), else the event's.
          const times = booking ? bookingTimes(event, await slotById(db, booking.slotId)) : null;
          const file =
            booking && times
              ? bookingIcsFile({
                  bookingId: booking.id,
                  sequence: booking.calendarSequence,
                  start: times.start,
                  end: times.end,
                  title: benefitTitle(event, isLocale(locale) ? locale : DEFAULT_LOCALE),
                  description: event.description,
                  location: venueOf(event),
                })
              : null;
          if (!file) throw new HttpError(404, 'No calendar entry for this event');
          return reply
            .type('text/calendar; charset=utf-8')
            .header('content-disposition', `attachment; filename="${event.id}.ics"`)
            .send(file);
        },
      });
    });
  };

/**
 * Whether members must book through a form: the evening and the tours always; an organiser's event only once its
 * benefit has a live RSVP form (before that, its page's or modal's button books it in one click).
 */
async function needsForm(db: Db, event: EventRow): Promise<boolean> {
  if (event.bookingForm === 'none') return false;
  if (event.bookingForm !== 'dynamic' || !event.benefitId) return true;
  return (await liveConfigNow(db, event.benefitId)) !== null;
}
