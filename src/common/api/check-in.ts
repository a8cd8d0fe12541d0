import type { RouteDef } from '../route-contract.ts';

// The door (decision 009): staff, admins and partners (their own events) admit passes.
export const events = {
  method: 'GET',
  path: '/api/admin/check-in/events',
  responses: { 200: 'doorEventsSchema' },
  summary: 'The events the account checks in at',
} as const satisfies RouteDef;

export const passes = {
  method: 'GET',
  path: '/api/admin/check-in/events/:eventId',
  params: 'doorEventParams',
  responses: { 200: 'doorPassesSchema' },
  summary: "An event's passes and who is in",
} as const satisfies RouteDef;

export const admit = {
  method: 'POST',
  path: '/api/admin/check-in',
  body: 'checkInBody',
  responses: { 200: 'checkInAnswerSchema', 404: 'checkInRefusalSchema', 409: 'checkInRefusalSchema' },
  summary: 'Check a pass in by its code',
} as const satisfies RouteDef;

export const undo = {
  method: 'DELETE',
  path: '/api/admin/check-in/:bookingId',
  params: 'checkInBookingParams',
  responses: { 200: 'okSchema' },
  summary: 'Take a mistaken check-in back',
} as const satisfies RouteDef;
