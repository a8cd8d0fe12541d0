import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api.ts';
import type { AdminUser } from '../session.ts';

// The WebAuthn library loads only when a passkey is used (decision 056): never in anyone's first chunk.
const webauthn = () => import('@simplewebauthn/browser');

/** Adds a passkey to the signed-in account (or the one setting up its factor at sign-in: then `user` is set). */
export async function addPasskey(name: string) {
  const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
    'POST',
    '/api/admin/security/passkeys/options',
  );
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON });
  return apiRequest<{ id: string; user?: AdminUser }>('POST', '/api/admin/security/passkeys', { name, response });
}

/** Signs in with a passkey: the second factor of a half sign-in, or the whole sign-in. */
export async function signInWithPasskey() {
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    'POST',
    '/api/admin/login/passkey/options',
  );
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON });
  return apiRequest<AdminUser>('POST', '/api/admin/login/passkey', { response });
}

/** A browser's refusal or cancel (no passkey chosen) in words; the server's own message otherwise. */
export const passkeyErrorText = (err: unknown) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'No passkey was used (cancelled, or none for this site on this device).'
    : null;
