import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, events } from '../../db/schema.ts';
import { calendarFor } from './event-status.ts';

/** What a member has booked, newest first, with calendar data: GET /api/user/form-submissions. */
export async function listMemberBookings(db: Db, email: string) {
  const rows = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.email, email))
    .orderBy(desc(bookings.createdAt));
  return rows.map(({ booking, event }) => ({
    id: booking.id,
    eventId: booking.eventId,
    benefitId: event.benefitId,
    eventTitle: event.title,
    status: booking.status,
    guestCount: booking.guestCount,
    totalAttendees: booking.places,
    createdAt: booking.createdAt.toISOString(),
    calendar: calendarFor(event),
  }));
}
