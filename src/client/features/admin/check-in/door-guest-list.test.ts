import { describe, expect, it } from 'vitest';
import type { DoorPass } from '#common/check-in.ts';
import { guestList } from './door-store.ts';

// The door's guest list, from the kept passes and the offline queue.
const pass = (bookingId: string, name: string, code: string, over: Partial<DoorPass> = {}): DoorPass => ({
  bookingId,
  code,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  guestCount: 0,
  slotId: null,
  slot: null,
  checkedInAt: null,
  checkedInBy: null,
  ...over,
});
const zoe = pass('b1', 'Zoe Zed', 'ZZZZZZZZZZ0000000000111111');
const amy = pass('b2', 'amy Ash', 'AAAAAAAAAA0000000000111111', { guestCount: 2 });
const max = pass('b3', 'Max Mid', 'MMMMMMMMMM0000000000111111', { checkedInAt: '2026-11-27T10:00:00Z' });
const queued = [{ code: 'zzzz-zzzz-zz00-0000-0000-1111-11', eventId: 'e', at: '2026-11-27T10:01:00Z' }];

describe('guestList', () => {
  it('lists everyone sorted by name whatever the case, each in, waiting to sync or expected', () => {
    expect(guestList([zoe, max, amy], queued, '').map((e) => [e.pass.name, e.status])).toEqual([
      ['amy Ash', 'expected'],
      ['Max Mid', 'in'],
      ['Zoe Zed', 'queued'],
    ]);
  });

  it('filters by name, e-mail or code, case-blind', () => {
    expect(guestList([zoe, max, amy], [], 'ASH').map((e) => e.pass.name)).toEqual(['amy Ash']);
    expect(guestList([zoe, max, amy], [], 'max@').map((e) => e.pass.name)).toEqual(['Max Mid']);
    expect(guestList([zoe, max, amy], [], 'zzzz-zzzz').map((e) => e.pass.name)).toEqual(['Zoe Zed']);
    expect(guestList([zoe, max, amy], [], 'nobody')).toEqual([]);
  });
});
