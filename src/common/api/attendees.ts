import type { RouteDef } from '../route-contract.ts';

// An event's attendees for admins (docs/spec/admin-and-rsvp.md): the list, the engine's actions, the exports.
export const list = {
  method: 'GET',
  path: '/api/admin/events/:eventId/attendees',
  params: 'adminEventIdParams',
  query: 'attendeesQuery',
  responses: { 200: 'attendeesListSchema' },
  summary: "An event's attendees, filtered and sorted",
} as const satisfies RouteDef;

export const form = {
  method: 'GET',
  path: '/api/admin/events/:eventId/attendees/form',
  params: 'adminEventIdParams',
  responses: { 200: 'attendeeFormSchema' },
  summary: "The form members book the event through, for the admin's Add booking",
} as const satisfies RouteDef;

export const add = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees',
  params: 'adminEventIdParams',
  body: 'addAttendeeBody',
  responses: { 201: 'attendeeSchema' },
  summary: 'Book a member onto the event',
} as const satisfies RouteDef;

export const cancel = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/cancel',
  params: 'attendeeParams',
  responses: { 200: 'attendeeSchema' },
  summary: 'Cancel a booking',
} as const satisfies RouteDef;

export const approve = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/approve',
  params: 'attendeeParams',
  responses: { 200: 'attendeeSchema' },
  summary: 'Approve a booking that waits for approval',
} as const satisfies RouteDef;

export const decline = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/decline',
  params: 'attendeeParams',
  responses: { 200: 'attendeeSchema' },
  summary: 'Decline a booking that waits for approval',
} as const satisfies RouteDef;

export const promote = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/promote',
  params: 'attendeeParams',
  responses: { 200: 'attendeeSchema' },
  summary: 'Give a waitlisted member a place',
} as const satisfies RouteDef;

export const resend = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/resend',
  params: 'attendeeParams',
  responses: { 200: 'attendeeSchema' },
  summary: 'Send the booking mail again',
} as const satisfies RouteDef;

export const move = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/:bookingId/move',
  params: 'attendeeParams',
  body: 'moveAttendeeBody',
  responses: { 200: 'attendeeSchema' },
  summary: 'Move a booking to another time slot',
} as const satisfies RouteDef;

/** Each attendee action's route, by the action's name. */
export const actions = { cancel, approve, decline, promote, resend, move } as const;

export const bulk = {
  method: 'POST',
  path: '/api/admin/events/:eventId/attendees/bulk',
  params: 'adminEventIdParams',
  body: 'bulkAttendeesBody',
  responses: { 200: 'bulkResultSchema' },
  summary: 'One action on several bookings',
} as const satisfies RouteDef;

export const slotCapacity = {
  method: 'PATCH',
  path: '/api/admin/events/:eventId/slots/:slotId',
  params: 'slotCapacityParams',
  body: 'slotCapacityBody',
  responses: { 200: 'slotCapacityResultSchema' },
  summary: "Set a slot's places (written back to the sheet's Tab 2)",
} as const satisfies RouteDef;

export const exportCsv = {
  method: 'GET',
  path: '/api/admin/events/:eventId/attendees.csv',
  params: 'adminEventIdParams',
  query: 'attendeesQuery',
  summary: 'The filtered attendees as CSV',
} as const satisfies RouteDef;

export const exportXlsx = {
  method: 'GET',
  path: '/api/admin/events/:eventId/attendees.xlsx',
  params: 'adminEventIdParams',
  query: 'attendeesQuery',
  summary: 'The filtered attendees as an Excel workbook',
} as const satisfies RouteDef;

/** Each export's route, by its format. */
export const exportOf = { csv: exportCsv, xlsx: exportXlsx } as const;
