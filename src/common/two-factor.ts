import { z } from 'zod';
import { STAFF_ROLES } from './passes.ts';
import { placeSchema } from './place.ts';

/** Second factors, sessions and passwords of staff accounts (decision 056): the API contract both sides use. */
export const TWO_FACTOR_MSG = {
  codeRequired: 'Enter the code from your authenticator app or a recovery code',
  invalidCode: 'That code is not right (or was already used). Try the next one.',
  tooManyAttempts: 'Too many codes tried. Please wait a few minutes and try again.',
  setupRequired:
    'Two-factor sign-in is required for your account: set up an authenticator app or a passkey to continue.',
  noSetup: 'Start the set-up again: scan the new QR code first.',
  stillRequired: 'Two-factor sign-in is required for your account: it cannot be removed.',
  wrongPassword: 'Your current password is not right',
  passwordTooShort: 'Use at least 12 characters',
  sessionUnknown: 'That session has already ended',
  resetInvalid: 'This reset link is not valid any more. Ask for a new one.',
} as const;

export const PASSKEY_MSG = {
  invalid: 'That passkey could not be used here. Try again, or use another way to sign in.',
  none: 'This account has no passkey',
  unknown: 'That passkey is already removed',
  nameRequired: 'Give the passkey a name (for example, the device it is on)',
} as const;

export const PASSWORD_MIN = 12;
/** How long a password-reset link works (decision 056). */
export const RESET_LINK_MINUTES = 30;
export const RECOVERY_CODE_COUNT = 10;

/** What an account still has to do after its password: give its second factor, or set one up (required). */
export const SIGN_IN_STEPS = ['factor', 'setup'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

export const codeSchema = z.object({
  code: z.string({ error: TWO_FACTOR_MSG.codeRequired }).trim().min(1, TWO_FACTOR_MSG.codeRequired).max(64),
});

export const totpSetupSchema = z.object({ secret: z.string(), uri: z.string(), qrDataUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/**
 * What the browser's WebAuthn call answered (@simplewebauthn/browser's JSON), checked for shape only: the server's
 * library verifies what is inside.
 */
const webAuthnResponse = z
  .object({
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  .loose();
export const passkeyRegistrationSchema = z.object({
  name: z.string().trim().min(1, PASSKEY_MSG.nameRequired).max(60),
  response: webAuthnResponse,
});
export const passkeySignInSchema = z.object({ response: webAuthnResponse });
/** WebAuthn options as the browser library takes them (built by @simplewebauthn/server). */
export const webAuthnOptionsSchema = z.record(z.string(), z.unknown());

export const securityStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.number().int(),
  /** The organiser requires a second factor for this account's role. */
  required: z.boolean(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

export const passwordSchema = z.string().min(PASSWORD_MIN, TWO_FACTOR_MSG.passwordTooShort).max(1000);
export const confirmPasswordSchema = z.object({ password: z.string().min(1).max(1000) });
export const passwordChangeSchema = z.object({ current: z.string().min(1).max(1000), next: passwordSchema });
export const resetRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
export const resetCompleteSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema });

export const accountSessionSchema = z.object({
  id: z.string(),
  /** Browser and system, read from the user agent ("Chrome 131 on macOS"). */
  device: z.string(),
  address: z.string().nullable(),
  /** Where the address is, from an offline database (decision 068); absent from servers before it. */
  place: placeSchema.nullable().optional(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
/** A session or a passkey of the signed-in account. */
export const accountItemParams = z.object({ id: z.uuid() });
export const accountSessionsSchema = z.object({ sessions: z.array(accountSessionSchema) });

export const signInPolicySchema = z.object({ twoFactorRoles: z.array(z.enum(STAFF_ROLES)) });
export type SignInPolicy = z.infer<typeof signInPolicySchema>;
