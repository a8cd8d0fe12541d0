import type { RouteDef } from '../route-contract.ts';

// A member's own bookings: My bookings, one booking, its change and cancel, the calendar feed, wallet passes.
export const mine = {
  method: 'GET',
  path: '/api/me/bookings',
  responses: { 200: 'myBookingsSchema' },
  summary: "The member's bookings with their passes (My bookings)",
} as const satisfies RouteDef;

export const calendarFeed = {
  method: 'GET',
  path: '/api/me/calendar-feed',
  responses: { 200: 'calendarFeedSchema' },
  summary: "The member's calendar feed URL",
} as const satisfies RouteDef;

/** What a calendar app polls, without a session: the token in the file name is the secret. */
export const calendarFile = {
  method: 'GET',
  path: '/api/calendar/:file',
  params: 'calendarFeedParams',
  summary: "The member's calendar feed itself (text/calendar), for calendar apps",
} as const satisfies RouteDef;

export const renewCalendarFeed = {
  method: 'POST',
  path: '/api/me/calendar-feed/renew',
  responses: { 200: 'calendarFeedSchema' },
  summary: 'A new calendar feed URL; the old one stops working',
} as const satisfies RouteDef;

export const one = {
  method: 'GET',
  path: '/api/bookings/:bookingId',
  params: 'bookingIdParams',
  responses: { 200: 'bookingDetailSchema' },
  summary: 'One of the member’s bookings, with the slots it can move to',
} as const satisfies RouteDef;

export const change = {
  method: 'PATCH',
  path: '/api/bookings/:bookingId',
  params: 'bookingIdParams',
  body: 'changeBookingBody',
  responses: { 200: 'bookingDetailSchema' },
  summary: 'Move a booking to another slot or change its guests',
} as const satisfies RouteDef;

export const cancel = {
  method: 'POST',
  path: '/api/bookings/:bookingId/cancel',
  params: 'bookingIdParams',
  responses: { 200: 'cancelResultSchema' },
  summary: 'Cancel a booking',
} as const satisfies RouteDef;

export const appleWallet = {
  method: 'GET',
  path: '/api/me/bookings/:bookingId/wallet.pkpass',
  params: 'bookingIdParams',
  summary: "A booking's pass for Apple Wallet",
} as const satisfies RouteDef;

export const googleWallet = {
  method: 'GET',
  path: '/api/me/bookings/:bookingId/google-wallet',
  params: 'bookingIdParams',
  summary: "A booking's pass for Google Wallet (a redirect)",
} as const satisfies RouteDef;
