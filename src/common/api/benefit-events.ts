import type { RouteDef } from '../route-contract.ts';

// A benefit's further events and a built-in form's slots (decisions 053, 064): the seed and the admin screen alike.
export const list = {
  method: 'GET',
  path: '/api/admin/benefits/:id/events',
  params: 'benefitParams',
  responses: { 200: 'benefitEventsSchema' },
  summary: "A benefit's events, its own first, with a built-in form's slots",
} as const satisfies RouteDef;

export const add = {
  method: 'POST',
  path: '/api/admin/benefits/:id/events',
  params: 'benefitParams',
  body: 'benefitEventInputSchema',
  responses: { 201: 'eventCreatedSchema' },
  summary: 'Add a further event to a benefit',
} as const satisfies RouteDef;

export const remove = {
  method: 'DELETE',
  path: '/api/admin/benefits/:id/events/:eventId',
  params: 'benefitEventParams',
  responses: { 200: 'okSchema', 400: 'errorSchema', 404: 'errorSchema', 409: 'errorSchema' },
  summary: 'Remove a further event nothing was booked for',
} as const satisfies RouteDef;

export const addSlots = {
  method: 'POST',
  path: '/api/admin/events/:eventId/slots',
  params: 'adminEventIdParams',
  body: 'eventSlotsInputSchema',
  responses: { 200: 'okSchema' },
  summary: "Add slots to a built-in form's event",
} as const satisfies RouteDef;

export const removeSlot = {
  method: 'DELETE',
  path: '/api/admin/events/:eventId/slots/:slotId',
  params: 'slotCapacityParams',
  responses: { 200: 'okSchema', 404: 'errorSchema', 409: 'errorSchema' },
  summary: 'Remove a slot nothing is booked in',
} as const satisfies RouteDef;
