import type { RouteDef } from '../route-contract.ts';

// A draw anyone may check (docs/decisions/031).
export const publicDraw = {
  method: 'GET',
  path: '/api/draws/:eventId',
  params: 'eventIdParams',
  responses: { 200: 'publicDrawSchema' },
  summary: "A draw's commitment, seed and order, for anyone to check",
} as const satisfies RouteDef;
