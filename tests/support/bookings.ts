import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { eventSlots } from '../../src/server/db/schema.ts';

/**
 * What the concierge tour form sends (POST /api/ap-house/rsvp), for tests that need a slot booking: the seeded
 * catalogue's first tour slot unless told otherwise. The demo week as tests seed it (support/demo-week.ts).
 */
export const CONCIERGE_FIRST_SLOT = { selectedDate: '2031-09-29', timeSlot: '10:00am-11:00am' } as const;

export function conciergeBody(email: string, over: Record<string, unknown> = {}) {
  return {
    fullName: 'Test Member',
    email,
    phoneNumber: '',
    ...CONCIERGE_FIRST_SLOT,
    bringingGuests: 'no',
    guestCount: 0,
    ...over,
  };
}

/** The concierge tour's slot row for a date and time (its capacity and booked count). */
export async function conciergeSlot(db: Db, selectedDate: string, timeSlot: string) {
  const [slot] = await db
    .select()
    .from(eventSlots)
    .where(
      and(eq(eventSlots.eventId, 'ap-house'), eq(eventSlots.slotDate, selectedDate), eq(eventSlots.slotTime, timeSlot)),
    );
  if (!slot) throw new Error(`no concierge slot ${selectedDate} ${timeSlot}`);
  return slot;
}
