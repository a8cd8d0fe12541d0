import { describe, expect, it } from 'vitest';
import { OFFER_MSG } from './offer-codes.ts';

describe('OFFER_MSG.alreadyRedeemed', () => {
  it("says when in the event's zone, labelled, never a raw ISO instant", () => {
    const at = new Date('2026-11-28T07:46:00Z');
    expect(OFFER_MSG.alreadyRedeemed(at, 'Asia/Singapore')).toBe('Already redeemed on 28 Nov, 3:46 PM SGT');
    expect(OFFER_MSG.alreadyRedeemed(at, 'Europe/London')).toBe('Already redeemed on 28 Nov, 7:46 AM GMT');
    expect(OFFER_MSG.alreadyRedeemed(new Date('2026-11-28T08:00:00Z'), 'Asia/Singapore')).toBe(
      'Already redeemed on 28 Nov, 4 PM SGT',
    );
    expect(OFFER_MSG.alreadyRedeemed(null, 'Asia/Singapore')).toBe('Already redeemed');
  });
});
