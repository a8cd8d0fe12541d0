import { ERROR_CODE } from '#common/error-codes.ts';
import { ApiError } from '../lib/api.ts';
import { i18n, type MessageId } from './i18n.ts';
import type { Translate } from './use-t.ts';

/**
 * Codes the server may still answer in English to a member (a lost session, a passkey's refusal, another server's
 * failure): their catalogue key. Every other member refusal comes in the member's language (decision 072).
 */
const BY_CODE: Partial<Record<string, MessageId>> = {
  [ERROR_CODE.notSignedIn]: 'msg.notSignedIn',
  [ERROR_CODE.passkeyInvalid]: 'login.passkeyFailed',
  [ERROR_CODE.internal]: 'msg.internal',
};

/**
 * An API error as the member reads it: the server's own words when it wrote them in the page's language (English:
 * the spec's, which tests assert); else the catalogue's, found by the error's stable code (never its text, DESIGN
 * §6); else the server's as they came, which `serverLang` marks.
 */
export function errorText(err: ApiError, t: Translate): string {
  const key = err.code ? BY_CODE[err.code] : undefined;
  return err.lang === i18n.locale || !key ? err.serverMessage : t(key);
}

/** The `lang` of the server's words (an error's or an answer's), undefined when they are in the page's language. */
export const serverLang = (lang: string) => (lang === i18n.locale ? undefined : lang);

/**
 * A refusal's words: the server's with their `lang` when not the page's, else the fallback (a network failure, a 5xx:
 * no words of ours to show).
 */
export function refusalWords(err: unknown, fallback: string): { text: string; lang?: string } {
  return err instanceof ApiError && err.status < 500 && err.serverMessage
    ? { text: err.serverMessage, lang: serverLang(err.lang) }
    : { text: fallback };
}

/** A refusal as a toast's description. */
export function refusalToast(err: unknown, fallback: string): { description: string; descriptionLang?: string } {
  const { text, lang } = refusalWords(err, fallback);
  return { description: text, descriptionLang: lang };
}
