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
