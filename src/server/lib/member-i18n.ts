import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import en from '#common/catalogues/en.json';
import ja from '#common/catalogues/ja.json';
import ko from '#common/catalogues/ko.json';
import enPages from '#common/catalogues/pages/en.json';
import jaPages from '#common/catalogues/pages/ja.json';
import koPages from '#common/catalogues/pages/ko.json';
import zhHansPages from '#common/catalogues/pages/zh-Hans.json';
import zhHans from '#common/catalogues/zh-Hans.json';
import { compileCatalogue } from '#common/compile-catalogue.ts';
import { CONCIERGE_MAX_GUESTS, conciergeSchemaWith } from '#common/concierge.ts';
import { dynMessagesFrom } from '#common/dyn-messages.ts';
import { DYN_MSG, type DynMessages } from '#common/dynamic-form.ts';
import { eveningSchemaWith } from '#common/evening.ts';
import {
  acceptLanguageTags,
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  pickLocale,
} from '#common/locales.ts';

// The member portal's catalogues (both parts), compiled once; a key a language lacks reads in English, as in the browser.
const english = compileCatalogue({ ...en, ...enPages });
const compiled: Record<Locale, Messages> = {
  en: english,
  'zh-Hans': { ...english, ...compileCatalogue({ ...zhHans, ...zhHansPages }) },
  ja: { ...english, ...compileCatalogue({ ...ja, ...jaPages }) },
  ko: { ...english, ...compileCatalogue({ ...ko, ...koPages }) },
};

/** An i18n instance of the member portal in `locale`, for one server render (the browser's is a singleton). */
export function memberI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: compiled[locale] } });
}

/**
 * The language a page is served in: the visitor's remembered choice (cookie), else the member's profile, else the
 * browser's Accept-Language, else English (decision 059).
 */
export function requestLocale(cookie: string | undefined, profile: string | null | undefined, acceptLanguage?: string) {
  if (isLocale(cookie)) return cookie;
  if (isLocale(profile)) return profile;
  return acceptLanguage ? pickLocale(acceptLanguageTags(acceptLanguage)) : DEFAULT_LOCALE;
}

/** The language a visitor's browser reads in (their remembered choice, else Accept-Language): a sign-in's. */
export const browserLocale = (req: FastifyRequest): Locale =>
  requestLocale(req.cookies?.[LOCALE_COOKIE], null, req.headers['accept-language']);

/** The language a member's read answers in, as its page is painted (decision 062): English unless chosen or asked. */
export const memberLocale = (req: FastifyRequest): Locale =>
  requestLocale(req.cookies?.[LOCALE_COOKIE], req.member?.locale, req.headers['accept-language']);

const dynByLocale = new Map<Locale, DynMessages>();

/** The dynamic form's checks as the server answers them: the browser's words in `locale`, the spec's in English. */
export function dynMessagesIn(locale: Locale): DynMessages {
  if (locale === DEFAULT_LOCALE) return DYN_MSG;
  let msg = dynByLocale.get(locale);
  if (!msg) {
    const i18n = memberI18n(locale);
    msg = dynMessagesFrom((id, values) => i18n._(id, values));
    dynByLocale.set(locale, msg);
  }
  return msg;
}

type FormSchemas = { concierge: ReturnType<typeof conciergeSchemaWith>; evening: ReturnType<typeof eveningSchemaWith> };
const formsByLocale = new Map<Locale, FormSchemas>();

/** The evening and concierge forms' schemas with their checks in `locale` (the keys the browser's `fieldError` uses). */
export function formSchemasIn(locale: Locale): FormSchemas {
  let schemas = formsByLocale.get(locale);
  if (!schemas) {
    const t = memberI18n(locale);
    const [fullName, email] = [t._('valid.fullName'), t._('dyn.email')];
    schemas = {
      concierge: conciergeSchemaWith({
        fullName,
        email,
        date: t._('valid.selectDate'),
        timeSlot: t._('valid.selectSlot'),
        guests: t._('valid.guests'),
        guestCount: t._('valid.guestCount'),
        guestMax: t._('valid.guestMax', { max: CONCIERGE_MAX_GUESTS }),
      }),
      evening: eveningSchemaWith({ fullName, email, rsvp: t._('valid.rsvp'), tour: t._('valid.tour') }),
    };
    formsByLocale.set(locale, schemas);
  }
  return schemas;
}
