import type { RouteDef } from '../route-contract.ts';

// An offer's code pool (docs/decisions/029-offer-codes.md); every route names its benefit, for its partners (030).
export const pool = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/offer-codes',
  params: 'offerCodeParams',
  responses: { 200: 'offerPoolSchema' },
  summary: "A benefit's offer-code pool: its counts and settings",
} as const satisfies RouteDef;

export const list = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/offer-codes/list',
  params: 'offerCodeParams',
  query: 'offerListQuery',
  responses: { 200: 'offerCodeListSchema' },
  summary: "A page of a pool's codes, by status or search",
} as const satisfies RouteDef;

export const upload = {
  method: 'POST',
  path: '/api/admin/benefits/:benefitId/offer-codes/upload',
  params: 'offerCodeParams',
  body: 'offerUploadBody',
  responses: { 200: 'offerUploadResultSchema' },
  summary: 'Add codes to the pool, one a line',
} as const satisfies RouteDef;

export const settings = {
  method: 'PUT',
  path: '/api/admin/benefits/:benefitId/offer-codes/settings',
  params: 'offerCodeParams',
  body: 'offerSettingsBody',
  responses: { 200: 'offerPoolSchema' },
  summary: "Save the pool's settings",
} as const satisfies RouteDef;

export const redeem = {
  method: 'POST',
  path: '/api/admin/benefits/:benefitId/offer-codes/redeem',
  params: 'offerCodeParams',
  body: 'offerRedeemBody',
  responses: { 200: 'offerRedeemResultSchema' },
  summary: 'Mark a code redeemed',
} as const satisfies RouteDef;

export const unredeem = {
  method: 'POST',
  path: '/api/admin/benefits/:benefitId/offer-codes/unredeem',
  params: 'offerCodeParams',
  body: 'offerRedeemBody',
  responses: { 200: 'offerRedeemResultSchema' },
  summary: "Undo a code's redemption",
} as const satisfies RouteDef;

export const redeemFile = {
  method: 'POST',
  path: '/api/admin/benefits/:benefitId/offer-codes/redeem-file',
  params: 'offerCodeParams',
  body: 'offerUploadBody',
  responses: { 200: 'offerRedeemReportSchema' },
  summary: 'Mark a file of codes redeemed, one a line',
} as const satisfies RouteDef;

export const csv = {
  method: 'GET',
  path: '/api/admin/benefits/:benefitId/offer-codes.csv',
  params: 'offerCodeParams',
  summary: "The pool's codes as CSV",
} as const satisfies RouteDef;
