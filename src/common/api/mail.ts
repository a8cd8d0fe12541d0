import type { RouteDef } from '../route-contract.ts';

// The admin Outbox (docs/spec/admin-and-rsvp.md): the mail the portal queued, its .eml copies, retrying failures.
export const list = {
  method: 'GET',
  path: '/api/admin/mail',
  query: 'mailListQuery',
  responses: { 200: 'mailListSchema' },
  summary: 'The mail the portal queued, newest first (optionally one attendee message)',
} as const satisfies RouteDef;

export const eml = {
  method: 'GET',
  path: '/api/admin/mail/:id/message.eml',
  params: 'mailIdParams',
  query: 'mailListQuery',
  summary: "A queued message's .eml copy (file mode only)",
} as const satisfies RouteDef;

export const retry = {
  method: 'POST',
  path: '/api/admin/mail/retry',
  body: 'mailRetryBody',
  responses: { 200: 'mailRetrySchema' },
  summary: 'Try the failed mail again',
} as const satisfies RouteDef;
