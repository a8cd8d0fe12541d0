import type { RouteDef } from '../route-contract.ts';

// The member's RSVP calls (docs/spec/member-portal.md §7; the forms' in docs/spec/admin-and-rsvp.md §7).
export const slots = {
  method: 'GET',
  path: '/api/rsvp/:eventId/slots',
  params: 'eventIdParams',
  responses: { 200: 'slotsSchema' },
  summary: "An event's places left (no sign-in needed)",
} as const satisfies RouteDef;

/** The spec's older form of the same call, which some events' buttons poll. */
export const slotsShort = {
  method: 'GET',
  path: '/api/:eventId/slots',
  params: 'eventIdParams',
  responses: { 200: 'slotsSchema' },
  summary: "An event's places left (the spec's short path)",
} as const satisfies RouteDef;

export const status = {
  method: 'GET',
  path: '/api/rsvp/:eventId/status',
  params: 'eventIdParams',
  responses: { 200: 'rsvpStatusSchema', 401: 'errorSchema' },
  summary: "The member's booking of an event, if any",
} as const satisfies RouteDef;

export const book = {
  method: 'POST',
  path: '/api/rsvp/:eventId',
  params: 'eventIdParams',
  body: 'quickRsvpBody',
  responses: { 201: 'rsvpResultSchema' },
  summary: 'One-click RSVP, interest or claim',
} as const satisfies RouteDef;

export const calendarFile = {
  method: 'GET',
  path: '/api/rsvp/:eventId/calendar.ics',
  params: 'eventIdParams',
  summary: "The member's booking as an .ics file",
} as const satisfies RouteDef;

export const eveningCount = {
  method: 'GET',
  path: '/api/rsvp/sap-night/count',
  responses: { 200: 'eveningCountSchema' },
  summary: 'Whether the evening is full',
} as const satisfies RouteDef;

export const eveningSlots = {
  method: 'GET',
  path: '/api/rsvp/time-slots',
  responses: { 200: 'eveningSlotsSchema' },
  summary: "The evening's tour time slots",
} as const satisfies RouteDef;

export const conciergeSlots = {
  method: 'GET',
  path: '/api/rsvp/ap-house-time-slots',
  responses: { 200: 'conciergeSlotsSchema' },
  summary: "The concierge tours' time slots",
} as const satisfies RouteDef;

export const eveningRefresh = {
  method: 'POST',
  path: '/api/rsvp/time-slots/refresh',
  responses: { 200: 'refreshAnswerSchema' },
  summary: "Recount the evening's time slots",
} as const satisfies RouteDef;

export const bookEvening = {
  method: 'POST',
  path: '/api/rsvp/sap-night',
  body: 'eveningRsvpSchema',
  responses: { 201: 'rsvpResultSchema' },
  summary: 'RSVP to the evening',
} as const satisfies RouteDef;

export const conciergeRefresh = {
  method: 'POST',
  path: '/api/rsvp/ap-house-time-slots/refresh',
  responses: { 200: 'refreshAnswerSchema' },
  summary: "Recount the concierge tours' slots",
} as const satisfies RouteDef;

export const conciergeStatus = {
  method: 'GET',
  path: '/api/rsvp/ap-house/status',
  responses: { 200: 'rsvpStatusSchema', 401: 'errorSchema' },
  summary: "The member's concierge tour booking, if any",
} as const satisfies RouteDef;

export const bookConcierge = {
  method: 'POST',
  path: '/api/ap-house/rsvp',
  body: 'conciergeRsvpSchema',
  responses: { 201: 'rsvpResultSchema' },
  summary: 'Book a concierge tour',
} as const satisfies RouteDef;

// The same forms for any benefit booked through them (decision 064): an organiser's copy books its own event.
export const formCount = {
  method: 'GET',
  path: '/api/rsvp/:eventId/count',
  params: 'eventIdParams',
  responses: { 200: 'eveningCountSchema' },
  summary: 'Whether a built-in form’s event is full',
} as const satisfies RouteDef;

export const eveningSlotsOf = {
  method: 'GET',
  path: '/api/rsvp/:eventId/time-slots',
  params: 'eventIdParams',
  responses: { 200: 'eveningSlotsSchema' },
  summary: "An evening form's tour time slots",
} as const satisfies RouteDef;

export const tourSlotsOf = {
  method: 'GET',
  path: '/api/rsvp/:eventId/tour-slots',
  params: 'eventIdParams',
  responses: { 200: 'conciergeSlotsSchema' },
  summary: "A tour form's days and time slots",
} as const satisfies RouteDef;

export const formSlotsRefresh = {
  method: 'POST',
  path: '/api/rsvp/:eventId/time-slots/refresh',
  params: 'eventIdParams',
  responses: { 200: 'refreshAnswerSchema' },
  summary: "Recount a built-in form's slots",
} as const satisfies RouteDef;

export const bookEveningOf = {
  method: 'POST',
  path: '/api/rsvp/:eventId/evening',
  params: 'eventIdParams',
  body: 'eveningRsvpSchema',
  responses: { 201: 'rsvpResultSchema' },
  summary: 'RSVP through an evening form',
} as const satisfies RouteDef;

export const bookTourOf = {
  method: 'POST',
  path: '/api/rsvp/:eventId/tour',
  params: 'eventIdParams',
  body: 'conciergeRsvpSchema',
  responses: { 201: 'rsvpResultSchema' },
  summary: 'Book a tour through a tour form',
} as const satisfies RouteDef;

export const liveConfig = {
  method: 'GET',
  path: '/api/rsvp/configuration/:benefitId',
  params: 'benefitIdParams',
  responses: { 200: 'dynamicConfigAnswerSchema' },
  summary: "A benefit's live RSVP form",
} as const satisfies RouteDef;

export const slotLogic = {
  method: 'GET',
  path: '/api/rsvp/slot-logic/:benefitId',
  params: 'benefitIdParams',
  responses: { 200: 'slotLogicAnswerSchema' },
  summary: "A dynamic form's slots and places left",
} as const satisfies RouteDef;

export const slotLogicRefresh = {
  method: 'POST',
  path: '/api/rsvp/slot-logic/:benefitId/refresh',
  params: 'benefitIdParams',
  responses: { 200: 'refreshAnswerSchema' },
  summary: "Reread a dynamic form's slots from its sheet",
} as const satisfies RouteDef;

export const submitDynamic = {
  method: 'POST',
  path: '/api/rsvp/dynamic/:benefitId',
  params: 'benefitIdParams',
  body: 'dynamicSubmitBody',
  responses: { 201: 'dynamicSubmitAnswerSchema', 400: 'dynamicRefusalSchema' },
  summary: 'Submit a dynamic RSVP form',
} as const satisfies RouteDef;
