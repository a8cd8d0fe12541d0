import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  ATTENDEE_LIST_LIMIT,
  ATTENDEE_MSG,
  type Attendee,
  type AttendeeSlot,
  type AttendeeSort,
  type AttendeesList,
  type AttendeesQuery,
  NO_SLOT,
} from '#common/attendees.ts';
import { BOOKING_MSG, type BookingStatus } from '#common/bookings.ts';
import { formatInstant, formatSchedule, formatTimeRange } from '#common/event-time.ts';
import { normalisePassCode } from '#common/passes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type EventRow, type SlotRow, slotTimes } from '../booking-rules/index.ts';
import { answerColumns, answerFields, answerText } from '../configurations/index.ts';
import { placesTaken, waitlistPositions } from '../rsvp/index.ts';
import { transferLinks } from '../transfers/index.ts';

type BookingRow = typeof bookings.$inferSelect;

export async function attendeeEvent(db: Db | Tx, eventId: string): Promise<EventRow> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(404, ATTENDEE_MSG.eventNotFound);
  return event;
}

/** A slot as people read it: its time in the event's zone, labelled; its own text when it has no readable time. */
export function slotLabel(event: EventRow, slot: SlotRow): string {
  const times = slotTimes(event, slot);
  if (times) return formatTimeRange(times.start, times.end, event.timeZone);
  return [slot.slotDate, slot.slotTime].filter(Boolean).join(' ');
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

function conditions(eventId: string, q: AttendeesQuery): SQL[] {
  const where: SQL[] = [eq(bookings.eventId, eventId)];
  if (q.status !== 'all') where.push(eq(bookings.status, q.status));
  if (q.slotId === NO_SLOT) where.push(isNull(bookings.slotId));
  else if (q.slotId) where.push(eq(bookings.slotId, q.slotId));
  if (q.checkedIn === 'yes') where.push(isNotNull(bookings.checkedInAt));
  if (q.checkedIn === 'no') where.push(isNull(bookings.checkedInAt));
  if (q.q) {
    const term = like(q.q);
    const code = normalisePassCode(q.q);
    const match = or(
      ilike(bookings.fullName, term),
      ilike(bookings.firstName, term),
      ilike(bookings.lastName, term),
      ilike(sql`${bookings.firstName} || ' ' || ${bookings.lastName}`, term),
      ilike(bookings.email, term),
      code.length >= 4 ? ilike(bookings.passCode, like(code)) : undefined,
    );
    if (match) where.push(match);
  }
  return where;
}

function orderBy(sort: AttendeeSort, dir: 'asc' | 'desc'): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  const nullsLast = (col: SQL | typeof bookings.checkedInAt) =>
    dir === 'asc' ? sql`${col} asc nulls last` : sql`${col} desc nulls last`;
  const keys: Record<AttendeeSort, SQL[]> = {
    bookedAt: [by(bookings.createdAt)],
    name: [by(sql`lower(coalesce(nullif(${bookings.fullName}, ''), ${bookings.email}))`)],
    email: [by(bookings.email)],
    status: [by(bookings.status)],
    slot: [nullsLast(sql`${eventSlots.slotDate}`), by(eventSlots.sortKey), by(eventSlots.slotTime)],
    guests: [by(bookings.guestCount)],
    checkedInAt: [nullsLast(bookings.checkedInAt)],
  };
  return [...keys[sort], asc(bookings.createdAt), asc(bookings.id)];
}

/** The bookings of an event that match the query, in its order; `limit` cuts the list (exports take all). */
export async function attendeeRows(db: Db | Tx, eventId: string, q: AttendeesQuery, limit?: number) {
  const rows = db
    .select({ b: bookings, s: eventSlots })
    .from(bookings)
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(and(...conditions(eventId, q)))
    .orderBy(...orderBy(q.sort, q.dir));
  return limit === undefined ? rows : rows.limit(limit);
}

/** What every list and export says of one booking, times in the event's zone (common/event-time.ts). */
export function toAttendee(
  event: EventRow,
  b: BookingRow,
  s: SlotRow | null,
  columns: { key: string }[],
  positions: Map<string, number>,
  transfers: Map<string, { from?: string; to?: string }> = new Map(),
): Attendee {
  // The answers under the fixed forms' own keys are left out of the answer columns: Name and Phone fall back to them.
  const answered = (key: string) => answerText(b.data?.[key]).trim() || null;
  const name = b.fullName || answered('fullName') || [b.firstName, b.lastName].filter(Boolean).join(' ') || null;
  return {
    id: b.id,
    email: b.email,
    fullName: name,
    phoneNumber: b.phoneNumber || answered('phoneNumber'),
    status: b.status as BookingStatus,
    slot: s ? { id: s.id, date: s.slotDate, time: s.slotTime } : null,
    slotLabel: s ? slotLabel(event, s) : null,
    guestCount: b.guestCount,
    places: b.places,
    waitlistPosition: positions.get(b.id) ?? null,
    passCode: b.passCode,
    bookedAt: b.createdAt.toISOString(),
    bookedAtText: formatInstant(b.createdAt, event.timeZone),
    checkedInAt: b.checkedInAt?.toISOString() ?? null,
    checkedInAtText: b.checkedInAt ? formatInstant(b.checkedInAt, event.timeZone) : null,
    answers: Object.fromEntries(columns.map((c) => [c.key, answerText(b.data?.[c.key])])),
    ...(transfers.has(b.id) ? { transfer: transfers.get(b.id) } : {}),
  };
}

/** The filtered attendees with their answer columns: one column per form field, then any other answer given. */
export async function attendeeTable(db: Db | Tx, event: EventRow, q: AttendeesQuery, limit?: number) {
  const rows = await attendeeRows(db, event.id, q, limit);
  const [{ labels, shown }, positions, transfers] = await Promise.all([
    answerFields(db, event.benefitId),
    waitlistPositions(db as Db, [event.id]),
    transferLinks(db, event.id),
  ]);
  const fields = answerColumns(
    rows.map((r) => r.b.data),
    labels,
    shown,
  );
  return { fields, attendees: rows.map((r) => toAttendee(event, r.b, r.s, fields, positions, transfers)) };
}

/** One booking of the event as the list shows it (after an action on it). */
export async function findAttendee(db: Db, eventId: string, bookingId: string): Promise<Attendee> {
  const event = await attendeeEvent(db, eventId);
  const [row] = await db
    .select({ b: bookings, s: eventSlots })
    .from(bookings)
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.eventId, eventId)));
  if (!row) throw new HttpError(404, BOOKING_MSG.notFound);
  const { labels, shown } = await answerFields(db, event.benefitId);
  const fields = answerColumns([row.b.data], labels, shown);
  return toAttendee(event, row.b, row.s, fields, await waitlistPositions(db, [eventId]));
}

export async function listAttendees(db: Db, eventId: string, q: AttendeesQuery): Promise<AttendeesList> {
  const event = await attendeeEvent(db, eventId);
  const { fields, attendees } = await attendeeTable(db, event, q, ATTENDEE_LIST_LIMIT);
  const [matching] = await db
    .select({ n: count() })
    .from(bookings)
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(and(...conditions(eventId, q)));
  const [totals] = await db
    .select({
      total: count(),
      checkedIn: sql<number>`count(*) filter (where ${bookings.checkedInAt} is not null)::int`,
    })
    .from(bookings)
    .where(eq(bookings.eventId, eventId));
  const slots = await db
    .select()
    .from(eventSlots)
    .where(eq(eventSlots.eventId, eventId))
    .orderBy(sql`${eventSlots.slotDate} asc nulls first`, asc(eventSlots.sortKey), asc(eventSlots.slotTime));
  const siblings = event.benefitId
    ? await db
        .select({ id: events.id, title: events.title })
        .from(events)
        .where(and(eq(events.benefitId, event.benefitId), ne(events.id, event.id)))
        .orderBy(asc(events.createdAt))
    : [];
  return {
    event: {
      id: event.id,
      title: event.title,
      benefitId: event.benefitId,
      timeZone: event.timeZone,
      when: formatSchedule(event),
      capacity: event.capacity,
      placesTaken: await placesTaken(db, eventId),
      checkedIn: Number(totals?.checkedIn ?? 0),
    },
    siblings,
    slots: slots.map(
      (s): AttendeeSlot => ({
        id: s.id,
        date: s.slotDate,
        time: s.slotTime,
        label: slotLabel(event, s),
        capacity: s.capacity,
        booked: s.booked,
        isActive: s.isActive,
      }),
    ),
    fields,
    attendees,
    matching: Number(matching?.n ?? 0),
    total: Number(totals?.total ?? 0),
  };
}
