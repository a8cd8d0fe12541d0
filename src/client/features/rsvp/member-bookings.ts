import { useQuery } from '@tanstack/react-query';
import * as dashboardApi from '#common/api/dashboard.ts';
import { call } from '../../lib/call.ts';
import { memberBookingsKey } from '../../lib/query-keys.ts';

// Apart from ./api.ts: the dashboard's first chunk needs only this query, not the RSVP mutations and polls.
export function useMemberBookings(enabled: boolean) {
  return useQuery({
    queryKey: memberBookingsKey,
    queryFn: () => call(dashboardApi.memberBookings),
    enabled,
    // The tiles' states: a booking cancelled or made on another device shows when the member comes back to the tab.
    refetchOnWindowFocus: 'always',
  });
}
