import { useQuery } from '@tanstack/react-query';
import type { Benefit } from '../../../common/benefits.ts';
import { POLL } from '../../../common/polling.ts';
import type { SoldOutAnswer } from '../../../common/rsvp.ts';
import { BENEFITS_KEY } from '../../lib/boot-data.ts';

export function useBenefits() {
  return useQuery<Benefit[]>({ queryKey: BENEFITS_KEY, refetchOnMount: 'always' });
}

const NO_EVENTS: ReadonlySet<string> = new Set();

/** The events no member can book any more (full, no waitlist), refreshed while the dashboard is open. */
export function useSoldOutEvents(enabled: boolean): ReadonlySet<string> {
  const answer = useQuery<SoldOutAnswer>({ queryKey: ['/api/availability'], enabled, refetchInterval: POLL.soldOutMs });
  return answer.data ? new Set(answer.data.eventIds) : NO_EVENTS;
}
