import { describe, expect, it } from 'vitest';
import type { DoorPass } from '#common/check-in.ts';
import { doorHints, findPass, offlineVerdict, searchPasses } from './door-store.ts';

const pass = (over: Partial<DoorPass>): DoorPass & { code: string } => ({
  bookingId: 'b1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  guestCount: 1,
  slotId: null,
  slot: null,
  checkedInAt: null,
  checkedInBy: null,
  ...over,
  code: over.code ?? 'ABCDEFGHJK0123456789MNPQRS',
});
const ada = pass({});
const bob = pass({ bookingId: 'b2', code: 'ZZZZZZZZZZ0000000000111111', name: 'Bob Byte', email: 'bob@example.com' });
const inAlready = pass({
  bookingId: 'b3',
  code: 'KKKKKKKKKK1111111111222222',
  checkedInAt: '2026-01-01T10:00:00Z',
  checkedInBy: 'door@x.com',
});

describe('the door offline', () => {
  it('finds a pass by its code as typed (lower case, dashes, O for 0)', () => {
    expect(findPass([ada, bob], 'abcd-efgh-jkO1-2345-6789-mnpq-rs')).toBe(ada);
    expect(findPass([ada, bob], 'nope')).toBeNull();
  });

  it('searches names, e-mails and codes from two characters on', () => {
    expect(searchPasses([ada, bob], 'a')).toEqual([]);
    expect(searchPasses([ada, bob], 'byte')).toEqual([bob]);
    expect(searchPasses([ada, bob], 'ADA@')).toEqual([ada]);
    expect(searchPasses([ada, bob], 'zzzz')).toEqual([bob]);
  });

  it('admits provisionally once, and refuses what it knows is taken or unknown', () => {
    expect(offlineVerdict([ada], [], ada.code)).toEqual({ kind: 'provisional', pass: ada });
    const queued = [{ code: ada.code, eventId: 'e', at: '2026-01-01T10:00:00Z' }];
    expect(offlineVerdict([ada], queued, ada.code)).toMatchObject({ kind: 'refused', pass: ada });
    expect(offlineVerdict([inAlready], [], inAlready.code)).toMatchObject({
      kind: 'refused',
      reason: 'Already checked in by door@x.com.',
    });
    expect(offlineVerdict([ada], [], 'UNKNOWN')).toMatchObject({ kind: 'refused', pass: null });
    const toured = pass({ slotId: 's1', slot: '2025-09-29 10:00am-11:00am' });
    expect(offlineVerdict([toured], [], toured.code, 's2')).toMatchObject({
      kind: 'refused',
      reason: 'This pass is for another time slot: 2025-09-29 10:00am-11:00am.',
    });
    expect(offlineVerdict([toured], [], toured.code, 's1')).toMatchObject({ kind: 'provisional' });
  });

  it("on a partner's door (no codes, names only as shared: decision 046) searches what it has and admits only online", () => {
    const { code: _a, email: _b, ...adaSeen } = ada;
    const { code: _c, name: _d, email: _e, ...unnamed } = bob;
    expect(searchPasses([adaSeen, unnamed], 'ada')).toEqual([adaSeen]);
    expect(offlineVerdict([adaSeen, unnamed], [], ada.code)).toEqual({
      kind: 'refused',
      reason: 'This door checks passes online only: try again when back online.',
      pass: null,
    });
  });
});

describe('doorHints', () => {
  it('asks only for what the list carries: a partner shown names alone is not invited to type an e-mail', () => {
    expect(doorHints([ada, bob])).toEqual({
      lookup: 'Pass code, name or e-mail',
      filter: 'Filter by name, e-mail or code',
    });
    const namesOnly: DoorPass[] = [{ ...ada, email: undefined, code: undefined }];
    expect(doorHints(namesOnly)).toEqual({ lookup: 'Pass code or name', filter: 'Filter by name' });
    const nothing: DoorPass[] = [{ ...ada, name: undefined, email: undefined, code: undefined }];
    expect(doorHints(nothing)).toEqual({ lookup: 'Pass code', filter: 'Filter the guest list' });
    expect(doorHints([]).lookup).toBe('Pass code, name or e-mail');
  });
});
