import { describe, expect, it } from 'vitest';
import { loadScheduleFormatter } from '../../i18n/schedule-formatter.ts';
import { catalogueYear, shortName, tileButton, tileDoneEvents, tileSoldOut, tileState } from './tile-state.ts';

const b = (status: 'confirmed' | 'pending' | 'waitlisted', waitlistPosition: number | null = null) => ({
  status,
  waitlistPosition,
});

describe('tileState', () => {
  it('says nothing before the member has booked', () => {
    expect(tileState([])).toBeNull();
  });

  it('says Going, Awaiting approval or Waitlisted #N', () => {
    expect(tileState([b('confirmed')])?.text).toBe('Going');
    expect(tileState([b('pending')])?.text).toBe('Awaiting approval');
    expect(tileState([b('waitlisted', 3)])?.text).toBe('Waitlisted #3');
    expect(tileState([b('waitlisted')])?.text).toBe('Waitlisted');
  });

  it('lets a confirmed place outrank a held one, and a held one a wait (two events of one tile)', () => {
    expect(tileState([b('waitlisted', 2), b('confirmed')])?.text).toBe('Going');
    expect(tileState([b('waitlisted', 2), b('pending')])?.text).toBe('Awaiting approval');
  });
});

describe('a draw entry on its tile (decisions 031, 071)', () => {
  const draw = {
    drawOn: '2 Dec, 6 PM SGT',
    closesOn: '1 Dec, 6 PM SGT',
    path: '/draws/x',
    drawAt: '2031-12-02T10:00:00.000Z',
    timeZone: 'Asia/Singapore',
  };
  const entered = [{ status: 'entered' as const, waitlistPosition: null, draw }];

  it("keeps the server's words in English and writes the instant in the member's language", async () => {
    await loadScheduleFormatter();
    // The message's date as given, so the test reads what the tile sets into it.
    const echo = (_id: string, values?: Record<string, unknown>) => String(values?.date);
    expect(tileState(entered, 'event', echo, 'en')?.text).toBe('2 Dec, 6 PM SGT');
    expect(tileState(entered, 'event', echo, 'ja')?.text).toBe('12月2日 18:00 SGT');
  });
});

describe('shortName', () => {
  it("keeps the part of an event's title that tells it apart on its benefit's tile", () => {
    expect(shortName('National Gallery Singapore Pass', 'National Gallery Singapore')).toBe('Pass');
    expect(shortName('National Gallery Singapore Opening Night', 'National Gallery Singapore')).toBe('Opening Night');
    expect(shortName('Wristcheck Offer', 'JAI by ONESIAM')).toBe('Wristcheck Offer');
    expect(shortName('Wristcheck', 'Wristcheck')).toBe('Wristcheck');
  });
});

describe('tile states after booking and when full', () => {
  const booked = (eventId: string, status: 'confirmed' | 'pending' | 'waitlisted' = 'confirmed') => ({
    eventId,
    status,
  });

  it('says nothing on an offer once claimed (its button says OFFER CLAIMED), Going on an event', () => {
    expect(tileState([b('confirmed')], 'benefit')).toBeNull();
    expect(tileState([b('confirmed')], 'event')?.text).toBe('Going');
    expect(tileState([b('waitlisted', 1)], 'benefit')?.text).toBe('Waitlisted #1');
  });

  it('is done only when every event of the tile is confirmed', () => {
    expect(tileDoneEvents(['wristcheck'], [booked('wristcheck')])).toEqual(['wristcheck']);
    expect(tileDoneEvents(['pass', 'invitation'], [booked('pass')])).toBeNull();
    expect(tileDoneEvents(['pass', 'invitation'], [booked('invitation'), booked('pass')])).toEqual([
      'pass',
      'invitation',
    ]);
    expect(tileDoneEvents(['x'], [booked('x', 'pending')])).toBeNull();
    expect(tileDoneEvents(['x'], [booked('x', 'waitlisted')])).toBeNull();
    expect(tileDoneEvents([], [])).toBeNull();
    // A tile whose modal lists no events (an organiser's form) is done by the bookings it has.
    expect(tileDoneEvents([], [booked('form-1')])).toEqual(['form-1']);
  });

  it('is sold out when every event is full and the member holds none of them', () => {
    const full = new Set(['a', 'b']);
    expect(tileSoldOut(['a'], [], full)).toBe(true);
    expect(tileSoldOut(['a', 'b'], [], full)).toBe(true);
    expect(tileSoldOut(['a', 'c'], [], full)).toBe(false);
    expect(tileSoldOut(['a'], [booked('a')], full)).toBe(false);
    expect(tileSoldOut([], [], full)).toBe(false);
  });

  it("takes the banner's year from the catalogue, not from code", () => {
    const ends = (...isos: (string | null)[]) => isos.map((endsAt) => ({ endsAt }));
    expect(catalogueYear(ends('2026-12-01T10:00:00Z', '2026-12-05T10:00:00Z', '2027-01-15T10:00:00Z', null))).toBe(
      '2026',
    );
    expect(catalogueYear(ends(null))).toBe('');
    expect(catalogueYear(undefined)).toBe('');
  });
});

describe('tileButton', () => {
  const base = { doneLabel: null, full: false, ended: false, state: null, idle: 'RSVP NOW' };
  it('is gold with the benefit words only while there is something to press for', () => {
    expect(tileButton(base)).toEqual({ state: 'open', label: 'RSVP NOW' });
  });
  it('never keeps the idle words once booked, waiting, full or ended', () => {
    expect(tileButton({ ...base, doneLabel: 'SPOT SECURED' })).toEqual({ state: 'done', label: 'SPOT SECURED' });
    expect(tileButton({ ...base, full: true })).toEqual({ state: 'sold-out', label: 'SOLD OUT' });
    expect(tileButton({ ...base, full: true, fullLabel: 'ALL CLAIMED' })).toEqual({
      state: 'sold-out',
      label: 'ALL CLAIMED',
    });
    expect(tileButton({ ...base, ended: true })).toEqual({ state: 'ended', label: 'ENDED' });
    expect(tileButton({ ...base, state: tileState([b('waitlisted', 1)]) })).toEqual({
      state: 'waitlisted',
      label: 'ON WAITLIST',
    });
    expect(tileButton({ ...base, state: tileState([b('pending')]) }).state).toBe('awaiting');
  });
  it('says what the member holds before saying the event is full or over', () => {
    expect(tileButton({ ...base, doneLabel: 'RSVP Confirmed', full: true, ended: true }).state).toBe('done');
    expect(tileButton({ ...base, state: tileState([b('waitlisted', 2)]), full: true }).state).toBe('waitlisted');
  });
});
