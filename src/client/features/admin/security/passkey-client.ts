import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import * as securityApi from '#common/api/security.ts';
import type { BodyOf } from '#common/route-contract.ts';
import { call } from '../../../lib/call.ts';

// The WebAuthn library loads only when a passkey is used (decision 056): never in anyone's first chunk.
const webauthn = () => import('@simplewebauthn/browser');

// The library's JSON types have no index signature; the body's schema checks the shape on the server.
type PasskeySignInBody = BodyOf<typeof adminAuthApi.passkey>;
const asJson = (r: object) => r as PasskeySignInBody['response'];

/** Adds a passkey to the signed-in account (or the one setting up its factor at sign-in: then `user` is set). */
export async function addPasskey(name: string) {
  const optionsJSON = (await call(securityApi.passkeyOptions)) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON });
  return call(securityApi.addPasskey, { body: { name, response: asJson(response) } });
}

/** Signs in with a passkey: the second factor of a half sign-in, or the whole sign-in. */
export async function signInWithPasskey() {
  const optionsJSON = (await call(adminAuthApi.passkeyOptions)) as unknown as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON });
  return call(adminAuthApi.passkey, { body: { response: asJson(response) } });
}

/** A browser's refusal or cancel (no passkey chosen) in words; the server's own message otherwise. */
export const passkeyErrorText = (err: unknown) =>
  err instanceof Error && err.name === 'NotAllowedError'
    ? 'No passkey was used (cancelled, or none for this site on this device).'
    : null;
