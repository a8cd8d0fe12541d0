import type { RouteDef } from '../route-contract.ts';

// The admin area's audit log (docs/spec/admin-and-rsvp.md): who changed what, newest first.
export const list = {
  method: 'GET',
  path: '/api/admin/audit',
  responses: { 200: 'auditListSchema' },
  summary: 'The audit log, newest first',
} as const satisfies RouteDef;
