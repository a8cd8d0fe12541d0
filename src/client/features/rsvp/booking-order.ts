import type { MyBooking } from '#common/bookings.ts';

type Timed = Pick<MyBooking, 'startsAt' | 'endsAt' | 'createdAt'>;

/**
 * My bookings in the order they happen: what is still ahead (or going on) first, soonest first; then what has
 * happened, latest first; offers without a time last, newest first.
 */
export function byWhenItHappens<T extends Timed>(list: T[], now = Date.now()): T[] {
  const rank = (b: T) => {
    if (!b.startsAt) return 2;
    return Date.parse(b.endsAt ?? b.startsAt) > now ? 0 : 1;
  };
  return [...list].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    if (ra === 0) return Date.parse(a.startsAt ?? '') - Date.parse(b.startsAt ?? '');
    if (ra === 1) return Date.parse(b.startsAt ?? '') - Date.parse(a.startsAt ?? '');
    return Date.parse(b.createdAt) - Date.parse(a.createdAt);
  });
}
