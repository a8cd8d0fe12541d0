import type { RouteDef } from '../route-contract.ts';

// Releasing a place from a mail's link (docs/decisions/016).
export const view = {
  method: 'GET',
  path: '/api/release/:token',
  params: 'releaseParams',
  responses: { 200: 'releaseViewSchema' },
  summary: 'What a release link would release',
} as const satisfies RouteDef;

export const release = {
  method: 'POST',
  path: '/api/release/:token',
  params: 'releaseParams',
  responses: { 200: 'releaseResultSchema' },
  summary: "Release the place a mail's link names",
} as const satisfies RouteDef;
