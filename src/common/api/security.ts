import type { RouteDef } from '../route-contract.ts';

// Each account's own Security page and the organiser's two-factor requirement (decision 056).
export const status = {
  method: 'GET',
  path: '/api/admin/security',
  responses: { 200: 'securityStatusSchema' },
  summary: "The account's second factors and passkeys",
} as const satisfies RouteDef;

export const beginTotp = {
  method: 'POST',
  path: '/api/admin/security/totp',
  responses: { 200: 'totpSetupSchema' },
  summary: 'A new authenticator secret and its QR code',
} as const satisfies RouteDef;

export const confirmTotp = {
  method: 'POST',
  path: '/api/admin/security/totp/confirm',
  body: 'codeSchema',
  responses: { 200: 'totpConfirmedSchema' },
  summary: 'Turn the authenticator on with its first code; answers the recovery codes',
} as const satisfies RouteDef;

export const removeTotp = {
  method: 'POST',
  path: '/api/admin/security/totp/remove',
  body: 'confirmPasswordSchema',
  responses: { 200: 'okSchema' },
  summary: 'Turn the authenticator off (password confirmed)',
} as const satisfies RouteDef;

export const recoveryCodes = {
  method: 'POST',
  path: '/api/admin/security/recovery-codes',
  body: 'confirmPasswordSchema',
  responses: { 200: 'recoveryCodesSchema' },
  summary: 'New recovery codes; the old ones stop working',
} as const satisfies RouteDef;

export const sessions = {
  method: 'GET',
  path: '/api/admin/security/sessions',
  responses: { 200: 'accountSessionsSchema' },
  summary: "The account's signed-in sessions",
} as const satisfies RouteDef;

export const endSession = {
  method: 'DELETE',
  path: '/api/admin/security/sessions/:id',
  params: 'accountItemParams',
  responses: { 200: 'okSchema' },
  summary: 'Sign one session out',
} as const satisfies RouteDef;

export const endOtherSessions = {
  method: 'POST',
  path: '/api/admin/security/sessions/end-others',
  responses: { 200: 'okSchema' },
  summary: 'Sign every other session out',
} as const satisfies RouteDef;

export const password = {
  method: 'POST',
  path: '/api/admin/security/password',
  body: 'passwordChangeSchema',
  responses: { 200: 'okSchema' },
  summary: "Change the account's password",
} as const satisfies RouteDef;

export const passkeyOptions = {
  method: 'POST',
  path: '/api/admin/security/passkeys/options',
  responses: { 200: 'webAuthnOptionsSchema' },
  summary: 'WebAuthn options to add a passkey',
} as const satisfies RouteDef;

export const addPasskey = {
  method: 'POST',
  path: '/api/admin/security/passkeys',
  body: 'passkeyRegistrationSchema',
  responses: { 200: 'passkeyAddedSchema' },
  summary: 'Add a passkey to the account',
} as const satisfies RouteDef;

export const removePasskey = {
  method: 'POST',
  path: '/api/admin/security/passkeys/:id/remove',
  params: 'accountItemParams',
  body: 'confirmPasswordSchema',
  responses: { 200: 'okSchema' },
  summary: 'Remove a passkey (password confirmed)',
} as const satisfies RouteDef;

export const policy = {
  method: 'GET',
  path: '/api/admin/sign-in-policy',
  responses: { 200: 'signInPolicySchema' },
  summary: 'The roles that must sign in with a second factor',
} as const satisfies RouteDef;

export const setPolicy = {
  method: 'PUT',
  path: '/api/admin/sign-in-policy',
  body: 'signInPolicySchema',
  responses: { 200: 'signInPolicySchema' },
  summary: 'Change the roles that must sign in with a second factor',
} as const satisfies RouteDef;
