import type { RouteDef } from '../route-contract.ts';

// The Sheets copies waiting in the outbox (docs/spec/admin-and-rsvp.md): admins watch and retry them.
export const list = {
  method: 'GET',
  path: '/api/admin/exports',
  responses: { 200: 'exportJobsSchema' },
  summary: 'Submissions still on their way to Google Sheets, or given up on',
} as const satisfies RouteDef;

export const retry = {
  method: 'POST',
  path: '/api/admin/exports/retry',
  responses: { 200: 'successSchema' },
  summary: 'Try the failed Sheets copies again',
} as const satisfies RouteDef;
