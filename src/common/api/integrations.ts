import type { RouteDef } from '../route-contract.ts';

// Webhooks and API tokens (decision 058): each account sees and changes only its own.
export const webhooks = {
  method: 'GET',
  path: '/api/admin/webhooks',
  responses: { 200: 'webhookEndpointListSchema' },
  summary: "The account's webhook endpoints",
} as const satisfies RouteDef;

export const addWebhook = {
  method: 'POST',
  path: '/api/admin/webhooks',
  body: 'webhookEndpointBody',
  responses: { 201: 'webhookEndpointSchema' },
  summary: 'Add a webhook endpoint (its signing secret is in the answer)',
} as const satisfies RouteDef;

export const changeWebhook = {
  method: 'PATCH',
  path: '/api/admin/webhooks/:id',
  params: 'webhookIdParams',
  body: 'webhookEndpointPatch',
  responses: { 200: 'webhookEndpointSchema' },
  summary: "Change an endpoint's URL, events, or pause it",
} as const satisfies RouteDef;

export const deleteWebhook = {
  method: 'DELETE',
  path: '/api/admin/webhooks/:id',
  params: 'webhookIdParams',
  responses: { 200: 'successSchema' },
  summary: 'Delete a webhook endpoint',
} as const satisfies RouteDef;

export const rotateWebhook = {
  method: 'POST',
  path: '/api/admin/webhooks/:id/rotate',
  params: 'webhookIdParams',
  responses: { 200: 'webhookEndpointSchema' },
  summary: 'A new signing secret for an endpoint',
} as const satisfies RouteDef;

export const testWebhook = {
  method: 'POST',
  path: '/api/admin/webhooks/:id/test',
  params: 'webhookIdParams',
  responses: { 202: 'successSchema' },
  summary: 'Send a test event to an endpoint',
} as const satisfies RouteDef;

export const deliveries = {
  method: 'GET',
  path: '/api/admin/webhooks/:id/deliveries',
  params: 'webhookIdParams',
  responses: { 200: 'webhookDeliveryListSchema' },
  summary: "An endpoint's delivery log",
} as const satisfies RouteDef;

export const resend = {
  method: 'POST',
  path: '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
  params: 'webhookDeliveryParams',
  responses: { 202: 'successSchema' },
  summary: 'Send a delivery again',
} as const satisfies RouteDef;

export const tokens = {
  method: 'GET',
  path: '/api/admin/api-tokens',
  responses: { 200: 'apiTokenListSchema' },
  summary: "The account's API tokens",
} as const satisfies RouteDef;

export const createToken = {
  method: 'POST',
  path: '/api/admin/api-tokens',
  body: 'apiTokenBody',
  responses: { 201: 'apiTokenCreatedSchema' },
  summary: 'Create an API token (the token is shown once, in this answer)',
} as const satisfies RouteDef;

export const revokeToken = {
  method: 'POST',
  path: '/api/admin/api-tokens/:id/revoke',
  params: 'apiTokenIdParams',
  responses: { 200: 'successSchema' },
  summary: 'Revoke an API token',
} as const satisfies RouteDef;
