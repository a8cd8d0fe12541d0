import { describe, expect, it } from 'vitest';
import type { RsvpStatus } from '#common/rsvp.ts';
import { rsvpState, STATE_LABEL, say, stateLabel, waitlistLine } from './booking-state.tsx';
import { answerTitle } from './use-rsvp-submission.ts';

const status = (over: Partial<RsvpStatus> = {}): RsvpStatus => ({
  hasRsvpd: false,
  hasRsvp: false,
  calendar: null,
  ...over,
});
const own = (s: 'confirmed' | 'pending' | 'waitlisted', waitlistPosition: number | null = null) => ({
  id: 'b1',
  status: s,
  waitlistPosition,
  canChange: true,
  changeUntil: null,
  contactEmail: null,
});
const window = (state: 'open' | 'not-yet' | 'closed' | 'ended') => ({
  state,
  opensAt: null,
  closesAt: null,
  message: state === 'open' ? null : `Bookings are ${state}.`,
});

describe('rsvpState', () => {
  it('is empty before the status is in', () => {
    expect(rsvpState(undefined)).toEqual({ own: null, shut: null, waitlistOpen: false, draw: null });
  });

  it("takes the member's booking from the status, else the POST's own answer", () => {
    expect(rsvpState(status({ booking: own('waitlisted', 3) })).own).toMatchObject({ waitlistPosition: 3 });
    expect(rsvpState(status(), { status: 'confirmed', waitlistPosition: null }).own?.status).toBe('confirmed');
  });

  it('a window that is not open shuts the button only for a member without a booking', () => {
    expect(rsvpState(status({ bookingWindow: window('closed') })).shut?.state).toBe('closed');
    expect(rsvpState(status({ bookingWindow: window('open') })).shut).toBeNull();
    expect(rsvpState(status({ bookingWindow: window('ended'), booking: own('confirmed') })).shut).toBeNull();
  });

  it('offers the waitlist only to a member not already in line', () => {
    expect(rsvpState(status({ waitlistOpen: true })).waitlistOpen).toBe(true);
    expect(rsvpState(status({ waitlistOpen: true, booking: own('waitlisted', 1) })).waitlistOpen).toBe(false);
  });
});

describe('stateLabel and say', () => {
  it('speaks in the case of the surface', () => {
    expect(say('SUBMIT', STATE_LABEL.joinWaitlist)).toBe('JOIN WAITLIST');
    expect(say('Secure Spot Now', STATE_LABEL.joinWaitlist)).toBe('Join Waitlist');
  });

  it('says the waitlist place with its number, an approval, a shut window, or nothing', () => {
    expect(stateLabel(rsvpState(status({ booking: own('waitlisted', 4) })), 'SUBMIT')).toBe('ON WAITLIST · #4');
    expect(stateLabel(rsvpState(status({ booking: own('waitlisted') })), 'RSVP')).toBe('ON WAITLIST');
    expect(stateLabel(rsvpState(status({ booking: own('pending') })), 'Secure Spot Now')).toBe('Awaiting Approval');
    expect(stateLabel(rsvpState(status({ bookingWindow: window('not-yet') })), 'SUBMIT')).toBe('NOT OPEN YET');
    expect(stateLabel(rsvpState(status({ bookingWindow: window('ended') })), 'Claim Your Offer')).toBe('Ended');
    expect(stateLabel(rsvpState(status({ booking: own('confirmed') })), 'SUBMIT')).toBeNull();
  });

  it('words the waitlist line with or without a position', () => {
    expect(waitlistLine(2)).toBe('You are number 2 on the waitlist.');
    expect(waitlistLine(null)).toBe('You are on the waitlist.');
  });
});

describe('answerTitle', () => {
  it('a waitlist place or a request awaiting approval is no confirmation', () => {
    expect(answerTitle({ status: 'confirmed' }, 'RSVP Successful')).toBe('RSVP Successful');
    expect(answerTitle({}, 'Tour Booked')).toBe('Tour Booked');
    expect(answerTitle({ status: 'waitlisted' }, 'RSVP Successful')).toBe('Joined Waitlist');
    expect(answerTitle({ status: 'pending' }, 'RSVP Successful')).toBe('Request Received');
  });
});
