import type { RouteDef } from '../route-contract.ts';

// The admin's Bookings page (docs/spec/admin-and-rsvp.md): every event's bookings, and the approvals.
export const list = {
  method: 'GET',
  path: '/api/admin/bookings',
  query: 'adminBookingsQuery',
  responses: { 200: 'adminBookingsSchema' },
  summary: 'Bookings across events, by status',
} as const satisfies RouteDef;

export const approve = {
  method: 'POST',
  path: '/api/admin/bookings/:bookingId/approve',
  params: 'bookingIdParams',
  responses: { 200: 'adminBookingSchema' },
  summary: 'Approve a booking that waits for approval',
} as const satisfies RouteDef;

export const decline = {
  method: 'POST',
  path: '/api/admin/bookings/:bookingId/decline',
  params: 'bookingIdParams',
  responses: { 200: 'adminBookingSchema' },
  summary: 'Decline a booking that waits for approval',
} as const satisfies RouteDef;
