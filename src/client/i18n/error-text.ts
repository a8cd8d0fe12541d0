import { ERROR_CODE } from '#common/error-codes.ts';
import type { ApiError } from '../lib/api.ts';
import { i18n, type MessageId } from './i18n.ts';
import type { Translate } from './use-t.ts';

/** Codes whose wording has a catalogue key; the rest keep the server's (English) words until they get one. */
const BY_CODE: Partial<Record<string, MessageId>> = {
  [ERROR_CODE.notAuthorized]: 'msg.notAuthorized',
  [ERROR_CODE.notSignedIn]: 'msg.notSignedIn',
  [ERROR_CODE.passkeyInvalid]: 'login.passkeyFailed',
  [ERROR_CODE.rateLimited]: 'msg.tooManyAttempts',
  [ERROR_CODE.internal]: 'msg.internal',
};

/**
 * An API error as the member reads it: in English the server's own words (the spec's, which tests assert); in
 * another language the catalogue's, found by the error's stable code (never its text, DESIGN §6).
 */
export function errorText(err: ApiError, t: Translate): string {
  const key = err.code ? BY_CODE[err.code] : undefined;
  return i18n.locale === 'en' || !key ? err.serverMessage : t(key);
}
