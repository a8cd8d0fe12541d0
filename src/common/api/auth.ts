import type { RouteDef } from '../route-contract.ts';

// A member's sign-in (docs/spec/member-portal.md §7).
export const session = {
  method: 'GET',
  path: '/api/auth/session',
  responses: { 200: 'sessionUserSchema', 401: 'errorSchema' },
  summary: 'The signed-in member',
} as const satisfies RouteDef;

export const loginMode = {
  method: 'GET',
  path: '/api/auth/login-mode',
  responses: { 200: 'loginModeSchema' },
  summary: 'Whether members sign in with their e-mail alone or with a code too',
} as const satisfies RouteDef;

export const login = {
  method: 'POST',
  path: '/api/auth/login',
  body: 'loginSchema',
  responses: { 200: 'loginAnswerSchema' },
  summary: 'Sign in with an authorised e-mail address',
} as const satisfies RouteDef;

export const verify = {
  method: 'POST',
  path: '/api/auth/login/verify',
  body: 'verifyLoginSchema',
  responses: { 200: 'sessionUserSchema' },
  summary: 'Sign in with the code sent by mail',
} as const satisfies RouteDef;

export const logout = {
  method: 'POST',
  path: '/api/auth/logout',
  responses: { 200: 'okSchema' },
  summary: 'Sign out',
} as const satisfies RouteDef;

export const userName = {
  method: 'GET',
  path: '/api/auth/user-name',
  responses: { 200: 'userNameSchema', 401: 'errorSchema' },
  summary: "The member's full name, as forms fill it in",
} as const satisfies RouteDef;

export const locale = {
  method: 'PUT',
  path: '/api/auth/locale',
  body: 'memberLocaleSchema',
  responses: { 200: 'okSchema', 401: 'errorSchema' },
  summary: "The member's language, kept on their profile and in this browser",
} as const satisfies RouteDef;
