import type { RouteDef } from '../route-contract.ts';

// A benefit's RSVP configuration as the wizard opens it: draft, diff with live, versions (docs/decisions/013).
export const draft = {
  method: 'GET',
  path: '/api/admin/benefits/:id/rsvp-config/draft',
  params: 'benefitParams',
  responses: { 200: 'configDraftAnswerSchema' },
  summary: "A benefit's RSVP configuration draft, with its differences from live",
} as const satisfies RouteDef;

export const diff = {
  method: 'GET',
  path: '/api/admin/benefits/:id/rsvp-config/diff',
  params: 'benefitParams',
  responses: { 200: 'configDiffSchema' },
  summary: "How a benefit's draft differs from its live configuration",
} as const satisfies RouteDef;

export const versions = {
  method: 'GET',
  path: '/api/admin/benefits/:id/rsvp-config/versions',
  params: 'benefitParams',
  responses: { 200: 'versionListSchema' },
  summary: "A benefit's deployed configuration versions",
} as const satisfies RouteDef;

export const restore = {
  method: 'POST',
  path: '/api/admin/benefits/:id/rsvp-config/versions/:version/restore',
  params: 'versionParamsSchema',
  responses: { 200: 'configAnswerSchema' },
  summary: 'Copy a deployed version into the draft',
} as const satisfies RouteDef;
