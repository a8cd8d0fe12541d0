import type { RouteDef } from '../route-contract.ts';

// A benefit's partner report, its share links, and the shared report a link opens (docs/decisions/046).
export const report = {
  method: 'GET',
  path: '/api/admin/analytics/benefits/:id/partner-report',
  params: 'benefitParams',
  responses: { 200: 'partnerReportSchema' },
  summary: "A benefit's partner report",
} as const satisfies RouteDef;

export const reportPdf = {
  method: 'GET',
  path: '/api/admin/analytics/benefits/:id/partner-report.pdf',
  params: 'benefitParams',
  summary: "A benefit's partner report as a PDF",
} as const satisfies RouteDef;

export const links = {
  method: 'GET',
  path: '/api/admin/analytics/benefits/:id/report-links',
  params: 'benefitParams',
  responses: { 200: 'reportLinksSchema' },
  summary: "A benefit's report share links",
} as const satisfies RouteDef;

export const createLink = {
  method: 'POST',
  path: '/api/admin/analytics/benefits/:id/report-links',
  params: 'benefitParams',
  body: 'createReportLinkBody',
  responses: { 201: 'createdReportLinkSchema' },
  summary: 'Share the report through a link that expires',
} as const satisfies RouteDef;

export const revokeLink = {
  method: 'POST',
  path: '/api/admin/analytics/report-links/:linkId/revoke',
  params: 'linkParams',
  responses: { 200: 'reportLinkSchema' },
  summary: 'Revoke a share link',
} as const satisfies RouteDef;

export const shared = {
  method: 'GET',
  path: '/api/partner-reports/:token',
  params: 'tokenParams',
  responses: { 200: 'sharedReportSchema' },
  summary: 'The report a share link opens',
} as const satisfies RouteDef;

export const sharedPdf = {
  method: 'GET',
  path: '/api/partner-reports/:token/pdf',
  params: 'tokenParams',
  summary: 'The report a share link opens, as a PDF',
} as const satisfies RouteDef;
