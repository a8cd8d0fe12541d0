import type { RouteDef } from '../route-contract.ts';

// The organiser's words in each language (decision 062): a benefit's, and the benefits list's missing counts.
export const benefitWords = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/translations',
  params: 'benefitIdParams',
  responses: { 200: 'benefitWordsAnswerSchema', 404: 'errorSchema' },
  summary: "A benefit's words in each language",
} as const satisfies RouteDef;

export const saveBenefitWords = {
  method: 'PUT',
  path: '/api/admin/benefits/:benefitId/translations',
  params: 'benefitIdParams',
  body: 'benefitWordsSaveSchema',
  responses: { 200: 'benefitWordsAnswerSchema', 400: 'errorSchema', 404: 'errorSchema' },
  summary: "Save a benefit's words in each language",
} as const satisfies RouteDef;

export const missingWords = {
  method: 'GET',
  path: '/api/admin/translations/missing',
  responses: { 200: 'benefitsMissingSchema' },
  summary: 'How many words each benefit leaves in English, by language',
} as const satisfies RouteDef;
