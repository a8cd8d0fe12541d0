import type { RouteDef } from '../route-contract.ts';

// Members' passkeys (decision 060): signing in with one, and the member's own list on /me.
export const signInOptions = {
  method: 'POST',
  path: '/api/auth/passkey/options',
  responses: { 200: 'webAuthnOptionsSchema', 429: 'errorSchema' },
  summary: 'WebAuthn options for signing in with a passkey (any of a member)',
} as const satisfies RouteDef;

export const signIn = {
  method: 'POST',
  path: '/api/auth/passkey',
  body: 'passkeySignInSchema',
  responses: { 200: 'sessionUserSchema', 400: 'errorSchema', 429: 'errorSchema' },
  summary: "Sign in with a passkey: the member's address must still be authorised",
} as const satisfies RouteDef;

export const list = {
  method: 'GET',
  path: '/api/auth/passkeys',
  responses: { 200: 'memberPasskeysSchema', 401: 'errorSchema' },
  summary: "The signed-in member's passkeys, with when each was last used",
} as const satisfies RouteDef;

export const addOptions = {
  method: 'POST',
  path: '/api/auth/passkeys/options',
  responses: { 200: 'webAuthnOptionsSchema', 401: 'errorSchema', 409: 'errorSchema' },
  summary: 'WebAuthn options for adding a passkey to the signed-in member',
} as const satisfies RouteDef;

export const add = {
  method: 'POST',
  path: '/api/auth/passkeys',
  body: 'passkeyRegistrationSchema',
  responses: { 201: 'memberPasskeyAddedSchema', 400: 'errorSchema', 401: 'errorSchema', 409: 'errorSchema' },
  summary: 'Add a named passkey to the signed-in member',
} as const satisfies RouteDef;

export const remove = {
  method: 'DELETE',
  path: '/api/auth/passkeys/:id',
  params: 'passkeyIdParams',
  responses: { 200: 'okSchema', 401: 'errorSchema', 404: 'errorSchema' },
  summary: "Remove one of the signed-in member's passkeys",
} as const satisfies RouteDef;
