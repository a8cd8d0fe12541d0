import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { AdminBooking, BookingStatus } from '#common/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { answerList, fieldLabels } from '../configurations/index.ts';
import { waitlistPositions } from '../rsvp/index.ts';
import { slotLabel } from './attendees.ts';

/** Bookings for the admin's approvals page, oldest first (the order they are decided in). */
export async function listAdminBookings(
  db: Db,
  filter: { status: BookingStatus | 'all'; eventId?: string; bookingId?: string },
): Promise<AdminBooking[]> {
  const conditions: SQL[] = [];
  if (filter.status !== 'all') conditions.push(eq(bookings.status, filter.status));
  if (filter.eventId) conditions.push(eq(bookings.eventId, filter.eventId));
  if (filter.bookingId) conditions.push(eq(bookings.id, filter.bookingId));
  const rows = await db
    .select({ b: bookings, e: events, s: eventSlots })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(and(...conditions))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(1000);
  const positions = await waitlistPositions(db, [...new Set(rows.map((r) => r.e.id))]);
  const labels = new Map<string | null, Map<string, string>>();
  for (const benefitId of new Set(rows.map((r) => r.e.benefitId)))
    labels.set(benefitId, await fieldLabels(db, benefitId));
  return rows.map(({ b, e, s }) => ({
    id: b.id,
    eventId: b.eventId,
    eventTitle: e.title,
    email: b.email,
    fullName: b.fullName,
    status: b.status as BookingStatus,
    guestCount: b.guestCount,
    places: b.places,
    slot: s ? { id: s.id, date: s.slotDate, time: s.slotTime } : null,
    timeZone: e.timeZone,
    slotLabel: s ? slotLabel(e, s) : null,
    waitlistPosition: positions.get(b.id) ?? null,
    createdAt: b.createdAt.toISOString(),
    answers: answerList(b.data, labels.get(e.benefitId) ?? new Map()),
  }));
}
