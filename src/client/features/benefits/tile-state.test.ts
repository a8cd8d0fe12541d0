import { describe, expect, it } from 'vitest';
import { shortName, tileState } from './tile-state.ts';

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

describe('shortName', () => {
  it("keeps the part of an event's title that tells it apart on its benefit's tile", () => {
    expect(shortName('National Gallery Singapore Pass', 'National Gallery Singapore')).toBe('Pass');
    expect(shortName('National Gallery Singapore Opening Night', 'National Gallery Singapore')).toBe('Opening Night');
    expect(shortName('Wristcheck Offer', 'JAI by ONESIAM')).toBe('Wristcheck Offer');
    expect(shortName('Wristcheck', 'Wristcheck')).toBe('Wristcheck');
  });
});
