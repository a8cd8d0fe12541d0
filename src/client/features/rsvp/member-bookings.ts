import { useQuery } from '@tanstack/react-query';
import type { MemberBooking } from '#common/bookings.ts';
import { apiRequest } from '../../lib/api.ts';
import { memberBookingsKey } from '../../lib/query-keys.ts';

// Apart from ./api.ts: the dashboard's first chunk needs only this query, not the RSVP mutations and polls.
export function useMemberBookings(enabled: boolean) {
  return useQuery({
    queryKey: memberBookingsKey,
    queryFn: () => apiRequest<{ data: MemberBooking[] }>('GET', '/api/user/form-submissions'),
    enabled,
    // The tiles' states: a booking cancelled or made on another device shows when the member comes back to the tab.
    refetchOnWindowFocus: 'always',
  });
}
