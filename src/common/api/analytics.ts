import type { RouteDef } from '../route-contract.ts';

// The admin's analytics (docs/spec/admin-and-rsvp.md §7) and the members' form submissions they count.
export const trackSubmission = {
  method: 'POST',
  path: '/api/analytics/submission',
  body: 'submissionSchema',
  responses: { 201: 'okSchema', 404: 'errorSchema' },
  summary: "Record a member's form submission or one-click booking",
} as const satisfies RouteDef;

export const summary = {
  method: 'GET',
  path: '/api/admin/analytics/summary',
  responses: { 200: 'summarySchema' },
  summary: 'Totals, recent activity and daily counts',
} as const satisfies RouteDef;

export const benefits = {
  method: 'GET',
  path: '/api/admin/analytics/benefits',
  query: 'benefitReportQuery',
  responses: { 200: 'benefitReportSchema' },
  summary: 'A page of the per-benefit report',
} as const satisfies RouteDef;

export const emails = {
  method: 'GET',
  path: '/api/admin/analytics/benefits/:id/emails',
  params: 'benefitParams',
  query: 'benefitEmailsQuery',
  responses: { 200: 'benefitEmailsSchema' },
  summary: "The e-mails behind a benefit's clicks or submissions",
} as const satisfies RouteDef;

export const benefitsCsv = {
  method: 'GET',
  path: '/api/admin/analytics/benefits.csv',
  query: 'benefitReportQuery',
  summary: 'The per-benefit report as CSV',
} as const satisfies RouteDef;

export const rsvpsCsv = {
  method: 'GET',
  path: '/api/admin/benefits/:id/rsvps.csv',
  params: 'benefitParams',
  summary: "A benefit's RSVPs as CSV",
} as const satisfies RouteDef;
