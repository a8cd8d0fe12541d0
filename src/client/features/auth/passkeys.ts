import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import * as passkeyApi from '#common/api/passkeys.ts';
import type { BodyOf } from '#common/route-contract.ts';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';

// A member's passkeys (decision 060). This module is only ever imported lazily, and the WebAuthn library only when a
// ceremony starts: neither is in the member's first chunk.
const webauthn = () => import('@simplewebauthn/browser');
type Answer = BodyOf<typeof passkeyApi.signIn>['response'];
// The library's JSON is the shape the server checks (two-factor.ts); its interfaces just lack an index signature.
const asBody = (response: AuthenticationResponseJSON | RegistrationResponseJSON) => response as unknown as Answer;

/**
 * Signs in with a passkey on this device. `autofill`: offered in the e-mail field's suggestions (conditional UI);
 * then nothing was asked for, so options the server refuses (an address over its cap) just offer nothing: null.
 */
export async function signInWithPasskey(autofill = false) {
  const options = await call(passkeyApi.signInOptions).catch((err: unknown) => {
    if (autofill) return null;
    throw err;
  });
  if (!options) return null;
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  const { startAuthentication } = await webauthn();
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return call(passkeyApi.signIn, { body: { response: asBody(response) } });
}

/** Stops a pending autofill request (the page is left, or the button starts one of its own). */
export async function cancelPasskeyAutofill() {
  (await webauthn()).WebAuthnAbortService.cancelCeremony();
}

export const passkeyKeys = { list: ['passkeys'] as const };

export const passkeysQuery = queryOptions({
  queryKey: passkeyKeys.list,
  queryFn: () => call(passkeyApi.list),
});
export const usePasskeys = () => useQuery(passkeysQuery);

/** Adds a passkey on this device under `name`: the device asks its owner (face, finger or PIN) first. */
export async function addPasskey(name: string) {
  const optionsJSON = (await call(passkeyApi.addOptions)) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const { startRegistration } = await webauthn();
  const response = await startRegistration({ optionsJSON });
  const added = await call(passkeyApi.add, { body: { name, response: asBody(response) } });
  await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
  return added;
}

export const useAddPasskey = () => useMutation({ mutationFn: addPasskey });

export const useRemovePasskey = () =>
  useMutation({
    mutationFn: (id: string) => call(passkeyApi.remove, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });

/** This device can keep a passkey that verifies its owner (Face ID, a fingerprint, Windows Hello...). */
export async function platformPasskeysAvailable() {
  try {
    return (await window.PublicKeyCredential?.isUserVerifyingPlatformAuthenticatorAvailable?.()) ?? false;
  } catch {
    return false;
  }
}

/** A name for a passkey made on this device, from what the browser says it runs on. */
export function deviceName(fallback: string) {
  const ua = navigator.userAgent;
  const found = [
    ['iPhone', /iPhone/],
    ['iPad', /iPad/],
    ['Android', /Android/],
    ['Mac', /Macintosh/],
    ['Windows', /Windows/],
    ['Chromebook', /CrOS/],
    ['Linux', /Linux/],
  ].find(([, pattern]) => (pattern as RegExp).test(ua));
  return (found?.[0] as string | undefined) ?? fallback;
}

/**
 * What a browser's refusal of a WebAuthn request means: `cancelled` (or no passkey for this site here), `already`
 * (one of this member's passkeys is on this device), `aborted` (autofill left for the button); null: not the browser's.
 */
export function passkeyRefusal(err: unknown): 'cancelled' | 'already' | 'aborted' | null {
  const name = err instanceof Error ? err.name : '';
  if (name === 'AbortError') return 'aborted';
  if (name === 'NotAllowedError') return 'cancelled';
  if (name === 'InvalidStateError') return 'already';
  return null;
}
