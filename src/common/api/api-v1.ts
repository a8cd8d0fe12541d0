import type { RouteDef } from '../route-contract.ts';

// What another system reads with an API token (decision 058): each route names the scope its token needs.
/** Every token route is under this prefix (the admin's API tokens page names it). */
export const PREFIX = '/api/v1';
/** No token or an unknown one; a scope it lacks; an event out of a partner's reach; over its limit a minute. */
const REFUSED = { 401: 'errorSchema', 403: 'errorSchema', 404: 'errorSchema', 429: 'errorSchema' } as const;

export const bookings = {
  method: 'GET',
  path: '/api/v1/bookings',
  query: 'apiPageQuery',
  responses: { 200: 'apiBookingsAnswer', ...REFUSED },
  summary: 'Bookings: status, places and slot, no people',
  tokenScope: 'bookings',
} as const satisfies RouteDef;

export const attendees = {
  method: 'GET',
  path: '/api/v1/attendees',
  query: 'apiPageQuery',
  responses: { 200: 'apiAttendeesAnswer', ...REFUSED },
  summary: "Attendees with their contact details (a partner's token: the fields shared with partners)",
  tokenScope: 'attendees',
} as const satisfies RouteDef;

export const checkIns = {
  method: 'GET',
  path: '/api/v1/check-ins',
  query: 'apiPageQuery',
  responses: { 200: 'apiCheckInsAnswer', ...REFUSED },
  summary: 'Check-ins at the door',
  tokenScope: 'check-ins',
} as const satisfies RouteDef;

export const codes = {
  method: 'GET',
  path: '/api/v1/codes',
  query: 'apiCodesQuery',
  responses: { 200: 'apiCodesAnswer', ...REFUSED },
  summary: "A benefit's offer codes: claimed and redeemed",
  tokenScope: 'codes',
} as const satisfies RouteDef;
