import type { RouteDef } from '../route-contract.ts';

// Partner accounts' reads and what admins set for them (docs/decisions/030-partner-accounts.md).
export const benefits = {
  method: 'GET',
  path: '/api/admin/partner/benefits',
  responses: { 200: 'partnerBenefitsSchema' },
  summary: "The signed-in partner's benefits (an admin sees every benefit)",
} as const satisfies RouteDef;

export const attendees = {
  method: 'GET',
  path: '/api/admin/partner/events/:eventId/attendees',
  params: 'adminEventIdParams',
  responses: { 200: 'partnerAttendeesSchema' },
  summary: "An event's attendees, with the fields shared with its partner",
} as const satisfies RouteDef;

export const attendeesCsv = {
  method: 'GET',
  path: '/api/admin/partner/events/:eventId/attendees.csv',
  params: 'adminEventIdParams',
  summary: "An event's attendees as its partner sees them, as CSV",
} as const satisfies RouteDef;

export const assign = {
  method: 'PUT',
  path: '/api/admin/accounts/:email/benefits',
  params: 'accountEmailParams',
  body: 'partnerAssignmentsBody',
  responses: { 200: 'partnerAssignmentsSchema' },
  summary: 'Set the benefits a partner account reads',
} as const satisfies RouteDef;

export const fields = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/partner-fields',
  params: 'partnerBenefitParams',
  responses: { 200: 'partnerFieldsAnswer' },
  summary: "The attendee fields a benefit's partners see",
} as const satisfies RouteDef;

export const saveFields = {
  method: 'PUT',
  path: '/api/admin/benefits/:benefitId/partner-fields',
  params: 'partnerBenefitParams',
  body: 'partnerFieldsSchema',
  responses: { 200: 'partnerFieldsAnswer' },
  summary: "Set the attendee fields a benefit's partners see",
} as const satisfies RouteDef;
