import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_TEXT, actionWording, signedOutNotice } from '#common/member-action-defaults.ts';
import { memberActionWordingSchema } from '#common/member-action-wording.ts';
import { SEEDED_ACTION_WORDING } from './action-wording.ts';

// The seeded events' wording as a member's button reads it: the stored words over the spec's defaults (decision 033).
const wordingOf = (eventId: string, label?: string) => actionWording(SEEDED_ACTION_WORDING[eventId], 'Any', label);
const notice = (eventId: string) => signedOutNotice(wordingOf(eventId));

describe('signedOutNotice (member spec §5, §8)', () => {
  it.each(['speakers-reception', 'bryan-johnson', 'crypto-fight-night', 'mclaren-tour', 'sothebys-private-auction'])(
    '%s says the spec line and goes to /login',
    (eventId) => {
      expect(notice(eventId)).toMatchObject({ description: AUTH_FAILURE_TEXT, redirect: true });
    },
  );

  // Wristcheck, JAI, AFTER2049 and the National Gallery speak their own words and stay.
  it.each([
    ['wristcheck', 'Failed to Claim Offer', 'Please log in to claim your Wristcheck offer'],
    ['jai', 'Failed to Express Interest', 'Please log in to express interest in JAI by One Siam'],
    ['after2049', 'Failed to RSVP', 'Please log in to RSVP for AFTER2049'],
    ['national-gallery-pass', 'RSVP Failed', 'Please log in to RSVP for events'],
  ])('%s says "%s: %s" and stays', (eventId, title, description) => {
    expect(notice(eventId)).toEqual({ title, description, redirect: false });
  });

  it('the auction and the car-maker tour keep their own line for a member the page knows is signed out', () => {
    expect(wordingOf('sothebys-private-auction').loginText).toBe(
      "Please log in to express interest in Sotheby's Private Auction",
    );
    expect(wordingOf('mclaren-tour').loginText).toBe('Please log in to RSVP for the McLaren Technology Centre Tour');
  });
});

describe('the seeded wording', () => {
  it("is whole, and passes the rules an admin's wording passes", () => {
    for (const [eventId, wording] of Object.entries(SEEDED_ACTION_WORDING)) {
      expect(memberActionWordingSchema.parse(wording), eventId).toEqual(wording);
      expect(Object.keys(wording).sort(), eventId).toEqual(Object.keys(actionWording(null, 'Any')).sort());
    }
  });

  it("says the spec's done labels", () => {
    expect(wordingOf('bryan-johnson').done).toBe('SPOT SECURED');
    expect(wordingOf('mclaren-tour').done).toBe('Spot Secured');
    expect(wordingOf('jai').done).toBe('INTEREST EXPRESSED');
    expect(wordingOf('wristcheck').done).toBe('OFFER CLAIMED');
  });

  it('never lets a label change a spec event', () => {
    expect(wordingOf('jai', 'Express Your Interest')).toEqual(SEEDED_ACTION_WORDING.jai);
    expect(wordingOf('bryan-johnson', 'Express Your Interest')).toEqual(SEEDED_ACTION_WORDING['bryan-johnson']);
  });
});
