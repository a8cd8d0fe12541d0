import type { RouteDef } from '../route-contract.ts';

// The member allow-list and the staff accounts (docs/spec/admin-and-rsvp.md): admins only, each change audited.
export const accounts = {
  method: 'GET',
  path: '/api/admin/accounts',
  responses: { 200: 'adminAccountsSchema' },
  summary: 'The staff accounts (admins, door staff, partners)',
} as const satisfies RouteDef;

export const saveAccount = {
  method: 'POST',
  path: '/api/admin/accounts',
  body: 'adminAccountSchema',
  responses: { 201: 'adminAccountRowSchema' },
  summary: 'Add a staff account or change its role and password',
} as const satisfies RouteDef;

export const removeAccount = {
  method: 'DELETE',
  path: '/api/admin/accounts/:email',
  params: 'accountEmailParams',
  responses: { 200: 'okSchema' },
  summary: 'Remove a staff account',
} as const satisfies RouteDef;

export const list = {
  method: 'GET',
  path: '/api/admin/members',
  query: 'memberListQuery',
  responses: { 200: 'memberListSchema' },
  summary: 'A page of the member allow-list, searched',
} as const satisfies RouteDef;

export const add = {
  method: 'POST',
  path: '/api/admin/members',
  body: 'memberInputSchema',
  responses: { 201: 'memberSavedSchema' },
  summary: 'Add a member (or update one with that e-mail)',
} as const satisfies RouteDef;

export const remove = {
  method: 'DELETE',
  path: '/api/admin/members/:email',
  params: 'memberEmailParams',
  responses: { 200: 'okSchema' },
  summary: 'Remove a member from the allow-list',
} as const satisfies RouteDef;

export const previewImport = {
  method: 'POST',
  path: '/api/admin/members/import/preview',
  body: 'memberCsvSchema',
  responses: { 200: 'importPreviewSchema' },
  summary: 'What a member CSV would add, update and reject',
} as const satisfies RouteDef;

export const applyImport = {
  method: 'POST',
  path: '/api/admin/members/import',
  body: 'memberCsvSchema',
  responses: { 200: 'importReportSchema' },
  summary: 'Import a member CSV',
} as const satisfies RouteDef;
