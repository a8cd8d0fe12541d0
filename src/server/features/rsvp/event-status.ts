import { and, eq } from 'drizzle-orm';
import { toCompactUtc } from '../../../common/calendar.ts';
import type { CalendarEvent, RsvpStatus, SlotsAnswer } from '../../../common/rsvp.ts';
import { RSVP_MSG } from '../../../common/rsvp.ts';
import type { Db } from '../../db/client.ts';
import { bookings, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { placesTaken } from './reserve-place.ts';

type EventRow = typeof events.$inferSelect;

export async function getEvent(db: Db, eventId: string): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(404, RSVP_MSG.eventNotFound);
  return event;
}

export function calendarFor(event: EventRow): CalendarEvent | null {
  if (!event.startsAt || !event.endsAt) return null;
  return {
    title: event.title,
    description: event.description,
    location: event.location,
    startDate: toCompactUtc(event.startsAt),
    endDate: toCompactUtc(event.endsAt),
  };
}

export async function findBooking(db: Db, eventId: string, email: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email)));
  return row ?? null;
}

export async function memberStatus(db: Db, eventId: string, email: string): Promise<RsvpStatus> {
  const event = await getEvent(db, eventId);
  const has = Boolean(await findBooking(db, eventId, email));
  return { hasRsvpd: has, hasRsvp: has, calendar: calendarFor(event) };
}

/** remainingSlots 0 means full; both are null for events without a capacity. */
export async function eventSlotsAnswer(db: Db, eventId: string): Promise<SlotsAnswer> {
  const event = await getEvent(db, eventId);
  if (event.capacity === null) return { remainingSlots: null, bookableSlots: null };
  const taken = await placesTaken(db, eventId);
  return { remainingSlots: Math.max(0, event.capacity - taken), bookableSlots: event.capacity };
}
