import { and, desc, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES, HOLDING_STATUSES, type OwnBooking } from '#common/bookings.ts';
import { toCompactUtc } from '#common/calendar.ts';
import type { CalendarEvent, RsvpStatus, SlotsAnswer } from '#common/rsvp.ts';
import { dayShortMonth } from '#common/time-range.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import {
  type BookingPolicy,
  bookingTimes,
  bookingWindow,
  drawState,
  type EventRow,
  entryDraw,
  entryRefusal,
  loadPolicy,
  offerCodesOf,
  poolCounts,
  poolOf,
  readDraw,
  type SlotRow,
  venueOf,
} from '../booking-rules/index.ts';
import { memberChoices } from './booking-changes.ts';
import { claimsNow, eventRow, poolNow } from './crowd-reads.ts';
import { slotById } from './event-slots.ts';
import { placesTaken } from './reserve-place.ts';
import { waitlistPosition } from './waitlist.ts';

type BookingRow = typeof bookings.$inferSelect;

export async function getEvent(db: Db, eventId: string): Promise<EventRow> {
  const event = await eventRow(db, eventId); // a crowd's reads of one event share one query
  if (!event) throw new HttpError(404, words('srv.rsvp.eventNotFound'));
  return event;
}

/** Add To Calendar data for the event, or for a booking's slot when it has its own time. */
export function calendarFor(event: EventRow, slot: SlotRow | null = null): CalendarEvent | null {
  const times = bookingTimes(event, slot);
  if (!times) return null;
  return {
    title: event.title,
    description: event.description,
    location: venueOf(event),
    startDate: toCompactUtc(times.start),
    endDate: toCompactUtc(times.end),
  };
}

/** The member's newest active booking (confirmed, pending or waitlisted) for the event, if any. */
export async function findBooking(db: Db, eventId: string, email: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email), inArray(bookings.status, ACTIVE_STATUSES)))
    .orderBy(desc(bookings.createdAt))
    .limit(1);
  return row ?? null;
}

/** The member's booking as the status calls report it, with what they may do about it now. */
export async function ownBooking(
  db: Db,
  booking: BookingRow,
  event: EventRow,
  policy: BookingPolicy,
): Promise<OwnBooking> {
  return {
    id: booking.id,
    status: booking.status as OwnBooking['status'],
    waitlistPosition: booking.status === 'waitlisted' ? await waitlistPosition(db, booking) : null,
    ...memberChoices(booking, event, await slotById(db, booking.slotId), policy),
  };
}

/** hasRsvpd means a place is held; a waitlisted member sees their booking and position instead. */
export async function memberStatus(db: Db, eventId: string, email: string): Promise<RsvpStatus> {
  const event = await getEvent(db, eventId);
  const policy = await loadPolicy(db, event);
  const booking = await findBooking(db, eventId, email);
  const has = Boolean(booking && HOLDING_STATUSES.includes(booking.status as never));
  const offer = await poolNow(db, event.benefitId); // polled by every open modal: a crowd's reads share a query
  const pool = offer?.pool ?? null;
  const full =
    (event.capacity !== null && (await placesTaken(db, eventId)) >= event.capacity) ||
    (offer !== null && offer.left < 1);
  // Every code the member holds for the event (a limit above 1 gives several claims).
  const codes = pool ? await heldCodes(db, eventId, email) : null;
  const draw = await readDraw(db, eventId);
  const open = draw && !draw.ranAt ? draw : null;
  const status: RsvpStatus = {
    hasRsvpd: has,
    hasRsvp: has,
    calendar: calendarFor(event),
    booking: booking ? await ownBooking(db, booking, event, policy) : null,
    bookingWindow: bookingWindow(policy),
    waitlistOpen: policy.allowWaitlist && full,
    ...(codes ? { offerCodes: codes } : {}),
    ...(pool && event.benefitId
      ? // What the member may still claim and the offer can still give: no button for a claim that would be refused.
        { claimsLeft: full ? 0 : Math.max(0, pool.perMemberLimit - (await claimsNow(db, event.benefitId, email))) }
      : {}),
    draw: open
      ? {
          ...entryDraw(open, event.timeZone),
          state: drawState(open),
          message: entryRefusal(open, event.timeZone)?.message ?? null,
          opensAt: open.opensAt.toISOString(),
          closesAt: open.closesAt.toISOString(),
        }
      : null,
    changesAt: nextChange([policy.windowStart, policy.windowEnd, policy.eventEndsAt, open?.opensAt, open?.closesAt]),
  };
  return event.bookingForm === 'concierge'
    ? { ...status, ...(await tourDetails(db, event, has ? booking : null)) }
    : status;
}

/** A tour form's booking names its day and slot, and its calendar entry is the slot's hour (decision 053: any tour's). */
async function tourDetails(db: Db, event: EventRow, booking: BookingRow | null) {
  if (!booking) return { bookingDetails: null };
  const slot = await slotById(db, booking.slotId);
  const date = slot?.slotDate ?? '';
  return {
    bookingDetails: { selectedDate: date ? dayShortMonth(date) : '', timeSlot: slot?.slotTime ?? '' },
    calendar: calendarFor(event, slot),
  };
}

/** The first of these instants still to come: a page showing the status asks again then (NOT OPEN YET goes). */
function nextChange(instants: (Date | null | undefined)[], now = new Date()): string | null {
  const ahead = instants.filter((d): d is Date => d instanceof Date && d > now).sort((a, b) => +a - +b);
  return ahead[0]?.toISOString() ?? null;
}

/** remainingSlots 0 means full; both are null for events without a capacity. */
export async function eventSlotsAnswer(db: Db, eventId: string): Promise<SlotsAnswer> {
  const event = await getEvent(db, eventId);
  const pool = await poolOf(db, event.benefitId);
  if (pool?.mode === 'codes') {
    // An offer's pool: what is left is its codes (and the event's places, if it has a capacity too).
    const { total, claimed } = await poolCounts(db, pool.benefitId);
    const left = total - claimed;
    if (event.capacity === null) return { remainingSlots: left, bookableSlots: total, codes: true };
    const free = event.capacity - (await placesTaken(db, eventId));
    return {
      remainingSlots: Math.max(0, Math.min(left, free)),
      bookableSlots: Math.min(total, event.capacity),
      codes: true,
    };
  }
  if (event.capacity === null) return { remainingSlots: null, bookableSlots: null };
  const taken = await placesTaken(db, eventId);
  return { remainingSlots: Math.max(0, event.capacity - taken), bookableSlots: event.capacity };
}

async function heldCodes(db: Db, eventId: string, email: string): Promise<string[]> {
  const held = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email), eq(bookings.status, 'confirmed')))
    .orderBy(bookings.createdAt);
  const codes = await offerCodesOf(
    db,
    held.map((b) => b.id),
  );
  return [...new Set(held.flatMap((b) => codes.get(b.id) ?? []))];
}
