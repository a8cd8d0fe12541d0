import type { RouteDef } from '../route-contract.ts';

// The organiser's partner pages and tile modals (docs/spec/admin-and-rsvp.md §7).
export const list = {
  method: 'GET',
  path: '/api/admin/pages',
  responses: { 200: 'pageListSchema' },
  summary: 'The partner pages',
} as const satisfies RouteDef;

export const one = {
  method: 'GET',
  path: '/api/admin/pages/:slug',
  params: 'pageSlugParams',
  responses: { 200: 'partnerPageSchema' },
  summary: 'A partner page, to edit',
} as const satisfies RouteDef;

export const save = {
  method: 'PUT',
  path: '/api/admin/pages/:slug',
  params: 'pageSlugParams',
  body: 'pageInputSchema',
  responses: { 200: 'partnerPageSchema' },
  summary: 'Create or replace a partner page',
} as const satisfies RouteDef;

export const remove = {
  method: 'DELETE',
  path: '/api/admin/pages/:slug',
  params: 'pageSlugParams',
  responses: { 200: 'okSchema' },
  summary: 'Delete a partner page',
} as const satisfies RouteDef;

export const events = {
  method: 'GET',
  path: '/api/admin/events',
  responses: { 200: 'eventChoicesSchema' },
  summary: 'The events a page button can book',
} as const satisfies RouteDef;

export const modal = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/modal',
  params: 'benefitIdParams',
  responses: { 200: 'modalAnswerSchema' },
  summary: "A benefit's tile modal",
} as const satisfies RouteDef;

export const saveModal = {
  method: 'PUT',
  path: '/api/admin/benefits/:benefitId/modal',
  params: 'benefitIdParams',
  body: 'modalSaveSchema',
  responses: { 200: 'modalAnswerSchema' },
  summary: "Save a benefit's tile modal",
} as const satisfies RouteDef;
