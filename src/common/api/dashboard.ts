import type { RouteDef } from '../route-contract.ts';

// The dashboard's calls, in a module of their own: the member's first chunk carries these and no other route.
export const benefits = {
  method: 'GET',
  path: '/api/benefits',
  responses: { 200: 'benefitListSchema', 401: 'errorSchema' },
  summary: "The dashboard's benefits",
} as const satisfies RouteDef;

export const soldOut = {
  method: 'GET',
  path: '/api/availability',
  responses: { 200: 'soldOutSchema', 401: 'errorSchema' },
  summary: 'The events that are sold out (the dashboard polls it)',
} as const satisfies RouteDef;

export const memberBookings = {
  method: 'GET',
  path: '/api/user/form-submissions',
  responses: { 200: 'memberBookingsSchema' },
  summary: "The member's bookings, as the dashboard's tiles show them",
} as const satisfies RouteDef;

export const trackClick = {
  method: 'POST',
  path: '/api/analytics/click',
  body: 'clickSchema',
  responses: { 201: 'okSchema', 404: 'errorSchema' },
  summary: "Record a member's click on a benefit's button",
} as const satisfies RouteDef;
