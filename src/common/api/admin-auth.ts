import type { RouteDef } from '../route-contract.ts';

// Staff sign-in (docs/spec/admin-and-rsvp.md): password, then a second factor when the account has one (decision 056).
export const session = {
  method: 'GET',
  path: '/api/admin/session',
  responses: { 200: 'adminUserSchema', 401: 'errorSchema' },
  summary: 'The signed-in staff account',
} as const satisfies RouteDef;

export const login = {
  method: 'POST',
  path: '/api/admin/login',
  body: 'adminLoginSchema',
  responses: { 200: 'adminUserSchema' },
  summary: 'Sign in with e-mail and password (a second factor may come next)',
} as const satisfies RouteDef;

export const secondFactor = {
  method: 'POST',
  path: '/api/admin/login/second-factor',
  body: 'codeSchema',
  responses: { 200: 'adminUserSchema', 401: 'errorSchema' },
  summary: 'Finish a sign-in with an authenticator or recovery code',
} as const satisfies RouteDef;

export const passkeyOptions = {
  method: 'POST',
  path: '/api/admin/login/passkey/options',
  responses: { 200: 'webAuthnOptionsSchema' },
  summary: 'WebAuthn options to sign in with a passkey',
} as const satisfies RouteDef;

export const passkey = {
  method: 'POST',
  path: '/api/admin/login/passkey',
  body: 'passkeySignInSchema',
  responses: { 200: 'adminUserSchema', 400: 'errorSchema' },
  summary: 'Sign in (or finish a sign-in) with a passkey',
} as const satisfies RouteDef;

export const passwordReset = {
  method: 'POST',
  path: '/api/admin/password-reset',
  body: 'resetRequestSchema',
  responses: { 200: 'okSchema' },
  summary: 'Mail a password reset link (the same answer whether the account exists)',
} as const satisfies RouteDef;

export const passwordResetComplete = {
  method: 'POST',
  path: '/api/admin/password-reset/complete',
  body: 'resetCompleteSchema',
  responses: { 200: 'okSchema' },
  summary: 'Set a new password with a reset link',
} as const satisfies RouteDef;

export const logout = {
  method: 'POST',
  path: '/api/admin/logout',
  responses: { 200: 'okSchema' },
  summary: 'Sign out',
} as const satisfies RouteDef;
