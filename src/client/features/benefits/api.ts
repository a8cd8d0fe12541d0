import { useQuery } from '@tanstack/react-query';
import * as dashboardApi from '#common/api/dashboard.ts';
import { POLL } from '#common/polling.ts';
import { call } from '../../lib/call.ts';
import { benefitKeys } from '../../lib/query-keys.ts';

// The dashboard's reads. The list's key is shared (lib/query-keys.ts): admin changes and the RSVP pages use it too.
const SOLD_OUT_KEY = ['sold-out-events'] as const;

export function useBenefits() {
  return useQuery({
    queryKey: benefitKeys.list,
    queryFn: () => call(dashboardApi.benefits),
    refetchOnMount: 'always',
  });
}

const NO_EVENTS: ReadonlySet<string> = new Set();

/** The events no member can book any more (full, no waitlist), refreshed while the dashboard is open. */
export function useSoldOutEvents(enabled: boolean): ReadonlySet<string> {
  const answer = useQuery({
    queryKey: SOLD_OUT_KEY,
    queryFn: () => call(dashboardApi.soldOut),
    enabled,
    refetchInterval: POLL.soldOutMs,
    refetchOnWindowFocus: 'always',
  });
  return answer.data ? new Set(answer.data.eventIds) : NO_EVENTS;
}
