import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_TEXT, MEMBER_ACTIONS, memberActionFor, signedOutNotice } from './member-actions.ts';

const notice = (eventId: string) => signedOutNotice(memberActionFor(eventId, 'Any'));

describe('signedOutNotice (member spec §5, §8)', () => {
  it.each(['speakers-reception', 'bryan-johnson', 'crypto-fight-night', 'mclaren-tour', 'sothebys-private-auction'])(
    '%s says the spec line and goes to /login',
    (eventId) => {
      expect(notice(eventId)).toMatchObject({ description: AUTH_FAILURE_TEXT, redirect: true });
    },
  );

  it('Wristcheck, JAI, AFTER2049 and the National Gallery speak their own words and stay', () => {
    expect(notice('wristcheck')).toEqual({
      title: 'Failed to Claim Offer',
      description: 'Please log in to claim your Wristcheck offer',
      redirect: false,
    });
    expect(notice('jai')).toEqual({
      title: 'Failed to Express Interest',
      description: 'Please log in to express interest in JAI by One Siam',
      redirect: false,
    });
    expect(notice('after2049')).toEqual({
      title: 'Failed to RSVP',
      description: 'Please log in to RSVP for AFTER2049',
      redirect: false,
    });
    expect(notice('national-gallery-pass')).toEqual({
      title: 'RSVP Failed',
      description: 'Please log in to RSVP for events',
      redirect: false,
    });
  });

  it('the auction and the car-maker tour keep their own line for a member the page knows is signed out', () => {
    expect(MEMBER_ACTIONS['sothebys-private-auction']?.loginText).toBe(
      "Please log in to express interest in Sotheby's Private Auction",
    );
    expect(MEMBER_ACTIONS['mclaren-tour']?.loginText).toBe(
      'Please log in to RSVP for the McLaren Technology Centre Tour',
    );
  });
});

describe('memberActionFor', () => {
  it('gives an organiser event the RSVP wording and its own slots call', () => {
    const action = memberActionFor('rooftop drinks', 'Rooftop Drinks');
    expect(action).toMatchObject({
      idle: 'RSVP',
      successText: 'Your place at Rooftop Drinks is confirmed.',
      loginText: 'Please log in to RSVP for events',
      authRedirect: true,
    });
    expect(action.slots?.path).toBe('/api/rsvp/rooftop%20drinks/slots');
  });

  it('speaks of interest when the organiser labelled the button so', () => {
    const action = memberActionFor('golf-day', 'Golf Day', 'Express Your Interest');
    expect(action).toMatchObject({
      idle: 'Express Your Interest',
      done: 'INTEREST EXPRESSED',
      loginText: 'Please log in to express interest in events',
      failTitle: 'Failed to Express Interest',
    });
  });

  it('never lets a label change a spec event', () => {
    expect(memberActionFor('jai', 'JAI', 'Express Your Interest')).toBe(MEMBER_ACTIONS.jai);
  });
});
