import type { RouteDef } from '../route-contract.ts';

// Messages to an event's attendees (docs/spec/admin-and-rsvp.md): admins only, every send audited.
export const list = {
  method: 'GET',
  path: '/api/admin/events/:eventId/messages',
  params: 'adminEventIdParams',
  responses: { 200: 'attendeeMessagesSchema' },
  summary: "An event's messages to its attendees, with their delivery counts",
} as const satisfies RouteDef;

export const preview = {
  method: 'POST',
  path: '/api/admin/events/:eventId/messages/preview',
  params: 'adminEventIdParams',
  body: 'messagePreviewBody',
  responses: { 200: 'messagePreviewSchema' },
  summary: 'A message as its first recipient would get it, and the count',
} as const satisfies RouteDef;

export const send = {
  method: 'POST',
  path: '/api/admin/events/:eventId/messages',
  params: 'adminEventIdParams',
  body: 'sendMessageBody',
  responses: { 201: 'attendeeMessageSchema' },
  summary: "Send a message to an event's attendees",
} as const satisfies RouteDef;
