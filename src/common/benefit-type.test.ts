import { describe, expect, it } from 'vitest';
import { bookingFormOf, bookingModeOf } from './benefit-type.ts';

// Decision 053: how members take a benefit up decides its event's form and the tile's booking mode.
describe('how a benefit is taken up', () => {
  it('stores the form that books its event', () => {
    expect(bookingFormOf('portal', true)).toBe('dynamic');
    expect(bookingFormOf('portal', false)).toBe('none');
    expect(bookingFormOf('partner', false)).toBe('external');
    expect(bookingFormOf('evening', true)).toBe('evening');
    expect(bookingFormOf('concierge', true)).toBe('concierge');
  });

  it('reports the booking mode the seeded week had', () => {
    expect(bookingModeOf('portal', false, '')).toBe('INSTANT_RSVP');
    expect(bookingModeOf('portal', false, 'https://tickets.example/')).toBe('HYBRID');
    expect(bookingModeOf('portal', true, '')).toBe('FORM_RSVP');
    expect(bookingModeOf('evening', true, '')).toBe('FORM_RSVP');
    expect(bookingModeOf('partner', false, 'https://partner.example/')).toBe('EXTERNAL_REDIRECT');
  });
});
