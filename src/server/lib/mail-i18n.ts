import { setupI18n } from '@lingui/core';
import en from '#common/catalogues/mail/en.json';
import ja from '#common/catalogues/mail/ja.json';
import ko from '#common/catalogues/mail/ko.json';
import zhHans from '#common/catalogues/mail/zh-Hans.json';
import { compileCatalogue } from '#common/compile-catalogue.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#common/locales.ts';

/** A key of the server's own catalogue part (mails, invites, wallet passes): it never reaches the browser. */
export type MailKey = keyof typeof en;
export type MailValues = Record<string, string | number>;
/** `t('mail.hello', { firstName })` in one language; typed keys, so tsc refuses an unknown one. */
export type MailT = (id: MailKey, values?: MailValues) => string;

// Compiled once; a key a language lacks reads in English (the catalogue check keeps that from shipping).
const english = compileCatalogue(en);
const raw: Record<Locale, Record<string, string>> = { en, 'zh-Hans': zhHans, ja, ko };
const translators = new Map<Locale, MailT>();

/** The words of what goes out to a member, in `locale`; anything not one of ours reads English. */
export function mailT(locale: string | null | undefined): MailT {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  let t = translators.get(lang);
  if (!t) {
    const messages = lang === 'en' ? english : { ...english, ...compileCatalogue(raw[lang]) };
    const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
    t = (id, values) => i18n._(id, values);
    translators.set(lang, t);
  }
  return t;
}

/** Between two sentences: Chinese and Japanese write none, English and Korean a space. */
export const sentenceGap = (locale: Locale) => (locale === 'zh-Hans' || locale === 'ja' ? '' : ' ');
