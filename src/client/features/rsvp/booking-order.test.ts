import { describe, expect, it } from 'vitest';
import { byWhenItHappens } from './booking-order.ts';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const b = (id: string, startsAt: string | null, endsAt: string | null, createdAt = '2026-11-01T00:00:00Z') => ({
  id,
  startsAt,
  endsAt,
  createdAt,
});

describe('byWhenItHappens', () => {
  it('lists what is ahead soonest first, then what happened latest first, then offers without a time', () => {
    const list = [
      b('offer-old', null, null, '2026-11-01T00:00:00Z'),
      b('next-week', '2026-12-08T10:00:00Z', '2026-12-08T12:00:00Z', '2026-11-02T00:00:00Z'),
      b('last-week', '2026-11-24T10:00:00Z', '2026-11-24T12:00:00Z'),
      b('tomorrow', '2026-12-02T10:00:00Z', '2026-12-02T12:00:00Z', '2026-11-30T00:00:00Z'),
      b('going-on', '2026-11-30T00:00:00Z', '2026-12-06T00:00:00Z'),
      b('yesterday', '2026-11-30T10:00:00Z', '2026-11-30T12:00:00Z'),
      b('offer-new', null, null, '2026-11-20T00:00:00Z'),
    ];
    expect(byWhenItHappens(list, NOW).map((x) => x.id)).toEqual([
      'going-on',
      'tomorrow',
      'next-week',
      'yesterday',
      'last-week',
      'offer-new',
      'offer-old',
    ]);
  });
});
