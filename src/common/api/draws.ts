import type { RouteDef } from '../route-contract.ts';

// A draw anyone may check (docs/decisions/031).
export const publicDraw = {
  method: 'GET',
  path: '/api/draws/:eventId',
  params: 'eventIdParams',
  responses: { 200: 'publicDrawSchema' },
  summary: "A draw's commitment, seed and order, for anyone to check",
} as const satisfies RouteDef;

export const settings = {
  method: 'GET',
  path: '/api/admin/events/:eventId/draw',
  params: 'eventIdParams',
  responses: { 200: 'adminDrawSchema' },
  summary: "An event's draw: its times, entries and result",
} as const satisfies RouteDef;

export const saveSettings = {
  method: 'PUT',
  path: '/api/admin/events/:eventId/draw',
  params: 'eventIdParams',
  body: 'drawSettingsBody',
  responses: { 200: 'adminDrawSchema' },
  summary: "Set when an event's draw opens, closes and is made",
} as const satisfies RouteDef;

export const run = {
  method: 'POST',
  path: '/api/admin/events/:eventId/draw/run',
  params: 'eventIdParams',
  responses: { 200: 'drawRunResultSchema', 202: 'drawScheduledSchema' },
  summary: 'Make the draw now (200), or bring it forward to when entries close (202)',
} as const satisfies RouteDef;
