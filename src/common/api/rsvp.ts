import { defineRoute } from '../route-contract.ts';

// The member's RSVP calls (docs/spec/member-portal.md §7).
export const rsvpApi = {
  status: defineRoute({
    method: 'GET',
    path: '/api/rsvp/:eventId/status',
    params: 'eventIdParams',
    responses: { 200: 'rsvpStatusSchema', 401: 'errorSchema' },
    summary: "The member's booking of an event, if any",
  }),
  book: defineRoute({
    method: 'POST',
    path: '/api/rsvp/:eventId',
    params: 'eventIdParams',
    body: 'quickRsvpBody',
    responses: { 201: 'rsvpResultSchema' },
    summary: 'One-click RSVP, interest or claim',
  }),
};
