import type { Benefit } from './benefits.ts';

// Zod-free on purpose: the member dashboard imports this, and zod stays out of its bundle.
export const FILTERS = ['ALL', 'EVENTS', 'BENEFITS'] as const;
export type Filter = (typeof FILTERS)[number];

/** Whether the benefit's event (or offer) is over: after its end it cannot be booked (decision 008). */
export const isEnded = (b: Pick<Benefit, 'endsAt'>, now = Date.now()) =>
  b.endsAt !== null && Date.parse(b.endsAt) <= now;

/** The tiles of a filter in the dashboard's order, with what has ended moved to the end (stable otherwise). */
export function filterBenefits(list: Benefit[], filter: Filter, now = Date.now()): Benefit[] {
  const kind = filter === 'EVENTS' ? 'event' : 'benefit';
  const shown = filter === 'ALL' ? list : list.filter((b) => b.kind === kind);
  return [...shown.filter((b) => !isEnded(b, now)), ...shown.filter((b) => isEnded(b, now))];
}
