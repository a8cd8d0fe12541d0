import { describe, expect, it } from 'vitest';
import { pathOf } from '../route-contract.ts';
import * as rsvpApi from './rsvp.ts';

// The member's place-count calls are the spec's URLs (docs/spec/member-portal.md): the client reaches them only
// through these routes, so they are pinned here, where the URLs are written.
describe("the contract's place-count paths", () => {
  it('are the spec URLs, the event id encoded', () => {
    expect(pathOf(rsvpApi.slots, { params: { eventId: 'rooftop drinks' } })).toBe('/api/rsvp/rooftop%20drinks/slots');
    expect(pathOf(rsvpApi.slotsShort, { params: { eventId: 'bryan-johnson' } })).toBe('/api/bryan-johnson/slots');
    expect(pathOf(rsvpApi.conciergeSlots, {})).toBe('/api/rsvp/ap-house-time-slots');
  });
});
