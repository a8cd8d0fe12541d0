import { z } from 'zod';
import { passkeySchema } from './two-factor.ts';

// Members' passkeys (decision 060): the API contract both sides use. WebAuthn's own shapes are staff's (decision 056).
export { passkeyRegistrationSchema, passkeySignInSchema, webAuthnOptionsSchema } from './two-factor.ts';

/** Passkeys one member may keep: a phone, a tablet, a laptop and spares; bounds what one account stores. */
export const MEMBER_PASSKEYS_MAX = 10;

export const MEMBER_PASSKEY_MSG = {
  tooMany: `A member can keep ${MEMBER_PASSKEYS_MAX} passkeys: remove one first`,
} as const;

export const memberPasskeysSchema = z.object({ passkeys: z.array(passkeySchema) });
export type MemberPasskey = z.infer<typeof passkeySchema>;
export const memberPasskeyAddedSchema = z.object({ id: z.string() });
export const passkeyIdParams = z.object({ id: z.uuid() });
