import type { RouteDef } from '../route-contract.ts';

// Passing a place on (docs/spec/member-portal.md): the member's offers, and the link the recipient opens.
export const mine = {
  method: 'GET',
  path: '/api/me/transfers',
  responses: { 200: 'myTransfersSchema' },
  summary: "The member's open offers and the places they may offer",
} as const satisfies RouteDef;

export const offer = {
  method: 'POST',
  path: '/api/me/bookings/:bookingId/transfer',
  params: 'bookingIdParams',
  body: 'transferOfferBody',
  responses: { 201: 'transferOfferSchema' },
  summary: 'Offer a booked place to someone by e-mail',
} as const satisfies RouteDef;

export const cancel = {
  method: 'POST',
  path: '/api/me/transfers/:transferId/cancel',
  params: 'transferIdParams',
  responses: { 200: 'transferOfferSchema' },
  summary: 'Withdraw an offer',
} as const satisfies RouteDef;

export const view = {
  method: 'GET',
  path: '/api/transfers/:token',
  params: 'transferTokenParams',
  responses: { 200: 'transferViewSchema' },
  summary: 'What a transfer link offers',
} as const satisfies RouteDef;

export const accept = {
  method: 'POST',
  path: '/api/transfers/:token/accept',
  params: 'transferTokenParams',
  body: 'transferAcceptBody',
  responses: { 200: 'transferAcceptedSchema' },
  summary: 'Take the offered place (signs the recipient in)',
} as const satisfies RouteDef;
