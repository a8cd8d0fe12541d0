import type { RouteDef } from '../route-contract.ts';

// Apple Wallet's pass web service (decision 025): Apple calls these paths under the pass's webServiceURL, so they are
// Apple's, not ours to choose; defined here so the OpenAPI document describes them.
/** The pass's webServiceURL is the portal's address and this; Apple adds `/v1/…`. */
export const WEB_SERVICE_PATH = '/api/wallet';

export const register = {
  method: 'POST',
  path: '/api/wallet/v1/devices/:deviceId/registrations/:passTypeId/:serial',
  params: 'walletRegistrationParams',
  body: 'walletPushTokenBody',
  responses: { 200: 'walletEmptySchema', 201: 'walletEmptySchema', 401: 'errorSchema', 404: 'errorSchema' },
  summary: 'Apple Wallet: a device asks for updates to a pass (200 when already registered)',
} as const satisfies RouteDef;

export const unregister = {
  method: 'DELETE',
  path: '/api/wallet/v1/devices/:deviceId/registrations/:passTypeId/:serial',
  params: 'walletRegistrationParams',
  responses: { 200: 'walletEmptySchema', 401: 'errorSchema', 404: 'errorSchema' },
  summary: 'Apple Wallet: a device no longer wants updates to a pass',
} as const satisfies RouteDef;

export const updated = {
  method: 'GET',
  path: '/api/wallet/v1/devices/:deviceId/registrations/:passTypeId',
  params: 'walletDeviceParams',
  query: 'walletUpdatesQuery',
  responses: { 200: 'walletUpdatedSerialsSchema', 204: 'walletNoContentSchema', 404: 'errorSchema' },
  summary: "Apple Wallet: which of a device's passes changed since its tag (204: none)",
} as const satisfies RouteDef;

export const pass = {
  method: 'GET',
  path: '/api/wallet/v1/passes/:passTypeId/:serial',
  params: 'walletPassParams',
  summary: "Apple Wallet: a pass's latest version (application/vnd.apple.pkpass; 304 when not modified)",
} as const satisfies RouteDef;

export const log = {
  method: 'POST',
  path: '/api/wallet/v1/log',
  body: 'walletLogBody',
  responses: { 200: 'walletEmptySchema', 404: 'errorSchema' },
  summary: 'Apple Wallet: what went wrong with a pass, written to the server log',
} as const satisfies RouteDef;
