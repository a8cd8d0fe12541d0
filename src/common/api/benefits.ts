import type { RouteDef } from '../route-contract.ts';

// The catalogue and partner pages (docs/spec/member-portal.md §7).
export const one = {
  method: 'GET',
  path: '/api/benefits/:benefitId',
  params: 'benefitIdParams',
  responses: { 200: 'benefitSchema', 401: 'errorSchema' },
  summary: 'One benefit (by id or slug)',
} as const satisfies RouteDef;

export const page = {
  method: 'GET',
  path: '/api/pages/:slug',
  params: 'pageSlugParams',
  responses: { 200: 'partnerPageSchema', 401: 'errorSchema', 404: 'errorSchema' },
  summary: 'A partner page',
} as const satisfies RouteDef;
