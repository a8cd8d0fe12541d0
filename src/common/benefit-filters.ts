import type { Benefit } from './benefits.ts';

// Zod-free on purpose: the member dashboard imports this, and zod stays out of its bundle.
export const FILTERS = ['ALL', 'EVENTS', 'BENEFITS'] as const;
export type Filter = (typeof FILTERS)[number];

export function filterBenefits(list: Benefit[], filter: Filter): Benefit[] {
  if (filter === 'ALL') return list;
  const kind = filter === 'EVENTS' ? 'event' : 'benefit';
  return list.filter((b) => b.kind === kind);
}
