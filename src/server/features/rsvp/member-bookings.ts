import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, events } from '../../db/schema.ts';

/** What a member has booked, newest first: the spec's GET /api/user/form-submissions. */
export async function listMemberBookings(db: Db, email: string) {
  return db
    .select({
      id: bookings.id,
      eventId: bookings.eventId,
      benefitId: events.benefitId,
      eventTitle: events.title,
      status: bookings.status,
      guestCount: bookings.guestCount,
      totalAttendees: bookings.places,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.email, email))
    .orderBy(desc(bookings.createdAt));
}
