import { describe, expect, it } from 'vitest';
import english from './catalogues/pages/en.json' with { type: 'json' };
import { AUTH_FAILURE_TEXT, DEFAULT_WORDS, defaultActionWording } from './member-action-defaults.ts';

// The spec's English, byte for byte (member-portal.md §4, §5, §8): other languages may only add to it.
const EVENT = {
  idle: 'RSVP',
  pending: 'SUBMITTING...',
  done: 'RSVP Confirmed',
  soldOut: 'SOLD OUT',
  successTitle: 'RSVP Successful',
  successText: 'Your place at Golf Day is confirmed.',
  failTitle: 'RSVP Failed',
  failText: 'Failed to submit RSVP. Please try again.',
  loginText: 'Please log in to RSVP for events',
  authRedirect: true,
  sendName: false,
};

describe('defaultActionWording in English', () => {
  it('speaks as the spec does for each kind', () => {
    expect(defaultActionWording('Golf Day')).toEqual(EVENT);
    expect(defaultActionWording('Golf Day', 'Book a Tee', 'event')).toEqual(EVENT);
    expect(defaultActionWording('Golf Day', undefined, 'interest')).toEqual({
      ...EVENT,
      idle: 'Express Your Interest',
      pending: 'Expressing Interest...',
      done: 'INTEREST EXPRESSED',
      successTitle: 'Interest Expressed Successfully',
      successText: 'Your interest in Golf Day has been recorded.',
      failTitle: 'Failed to Express Interest',
      failText: 'Failed to express interest. Please try again.',
      loginText: 'Please log in to express interest in events',
    });
    expect(defaultActionWording('Golf Day', 'Grab It', 'offer')).toEqual({
      ...EVENT,
      idle: 'Grab It',
      pending: 'CLAIMING...',
      done: 'OFFER CLAIMED',
      soldOut: 'ALL CLAIMED',
      successTitle: 'Offer Claimed Successfully',
      successText: 'Your Golf Day offer is yours: find it in My bookings.',
      failTitle: 'Failed to Claim Offer',
      failText: 'Failed to claim the offer. Please try again.',
      loginText: 'Please log in to claim this offer',
    });
    expect(defaultActionWording('Golf Day', undefined, 'tour')).toEqual({
      ...EVENT,
      idle: 'Secure Spot Now',
      pending: 'Securing Spot...',
      done: 'SPOT SECURED',
    });
    expect(defaultActionWording('Golf Day', 'Register Interest').done).toBe('INTEREST EXPRESSED');
  });

  it('sets a title with $ in it as written', () => {
    expect(defaultActionWording('Save $& Win').successText).toBe('Your place at Save $& Win is confirmed.');
  });

  it('has every default in the English catalogue, with the same words', () => {
    const fromCatalogue = Object.entries(english).filter(
      ([key]) => key.startsWith('action.') && key !== 'action.signedOut',
    );
    const fromDefaults = Object.entries(DEFAULT_WORDS).flatMap(([kind, words]) =>
      Object.entries(words).map(([field, text]) => [`action.${kind}.${field}`, text]),
    );
    expect(Object.fromEntries(fromCatalogue)).toEqual(Object.fromEntries(fromDefaults));
  });

  it('reads the member language where a translator gives it, English where it does not', () => {
    const say = (kind: string, field: string, title: string) =>
      kind === 'tour' && field === 'done' ? `${title} 名额已预留` : undefined;
    const wording = defaultActionWording('Golf Day', undefined, 'tour', say);
    expect(wording.done).toBe('Golf Day 名额已预留');
    expect(wording.idle).toBe('Secure Spot Now');
  });
});

describe('the signed-out line', () => {
  it('is the catalogue English word for word', () => {
    expect(english['action.signedOut']).toBe(AUTH_FAILURE_TEXT);
  });
});
