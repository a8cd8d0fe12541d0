import type { RouteDef } from '../route-contract.ts';

// Benefits, their images and their RSVP configurations (docs/spec/admin-and-rsvp.md §7): admins only.
export const list = {
  method: 'GET',
  path: '/api/admin/benefits',
  responses: { 200: 'adminBenefitRowsSchema' },
  summary: 'Every benefit, as the admin table lists them',
} as const satisfies RouteDef;

export const one = {
  method: 'GET',
  path: '/api/admin/benefits/:id',
  params: 'adminBenefitIdParams',
  responses: { 200: 'adminBenefitSchema' },
  summary: 'A benefit as its edit form loads it',
} as const satisfies RouteDef;

/** A multipart form: the fields of addBenefitSchema and a `logo` file. */
export const create = {
  method: 'POST',
  path: '/api/admin/benefits',
  responses: { 201: 'benefitCreatedSchema' },
  summary: 'Add a benefit (multipart: its fields and a logo)',
} as const satisfies RouteDef;

export const save = {
  method: 'PUT',
  path: '/api/admin/benefits/:id',
  params: 'adminBenefitIdParams',
  body: 'editBenefitSchema',
  responses: { 200: 'benefitSavedSchema' },
  summary: 'Save a benefit',
} as const satisfies RouteDef;

export const remove = {
  method: 'DELETE',
  path: '/api/admin/benefits/:id',
  params: 'adminBenefitIdParams',
  responses: { 200: 'okSchema' },
  summary: 'Delete a benefit',
} as const satisfies RouteDef;

/** A multipart form with an `image` file. */
export const uploadImage = {
  method: 'POST',
  path: '/api/upload-image',
  responses: { 200: 'imageUploadAnswerSchema' },
  summary: 'Store an image (multipart); answers its URL and size warnings',
} as const satisfies RouteDef;

export const rsvpConfig = {
  method: 'GET',
  path: '/api/admin/benefits/:id/rsvp-config',
  params: 'adminBenefitIdParams',
  responses: { 200: 'configAnswerSchema' },
  summary: "A benefit's RSVP configuration (its draft)",
} as const satisfies RouteDef;

export const createConfig = {
  method: 'POST',
  path: '/api/admin/rsvp-config',
  body: 'createConfigSchema',
  responses: { 201: 'configAnswerSchema' },
  summary: 'Create an RSVP configuration (deployed at once when active)',
} as const satisfies RouteDef;

export const updateConfig = {
  method: 'PUT',
  path: '/api/admin/rsvp-config/:id',
  params: 'configIdParams',
  body: 'updateConfigSchema',
  responses: { 200: 'configAnswerSchema' },
  summary: 'Save an RSVP configuration (deployed at once when active)',
} as const satisfies RouteDef;

export const deploy = {
  method: 'POST',
  path: '/api/admin/rsvp-config/:id/deploy',
  params: 'configIdParams',
  responses: { 200: 'deployAnswerSchema' },
  summary: "Deploy a benefit's draft configuration",
} as const satisfies RouteDef;

export const processSheets = {
  method: 'POST',
  path: '/api/sheets/process',
  body: 'processSheetsSchema',
  responses: { 200: 'processSheetsAnswerSchema' },
  summary: 'Read a Google Sheet for the RSVP wizard',
} as const satisfies RouteDef;
