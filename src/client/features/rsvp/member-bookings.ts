import { useQuery } from '@tanstack/react-query';
import type { MemberBooking } from '../../../common/bookings.ts';

// Apart from ./api.ts: the dashboard needs only this query, not the RSVP mutations and polls.
export const BOOKINGS_KEY = ['/api/user/form-submissions'] as const;

export function useMemberBookings(enabled: boolean) {
  return useQuery<{ data: MemberBooking[] }>({ queryKey: BOOKINGS_KEY, enabled });
}
