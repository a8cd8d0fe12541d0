import { type I18n, setupI18n } from '@lingui/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import en from '#common/catalogues/server/en.json';
import ja from '#common/catalogues/server/ja.json';
import ko from '#common/catalogues/server/ko.json';
import zhHans from '#common/catalogues/server/zh-Hans.json';
import { compileCatalogue } from '#common/compile-catalogue.ts';
import { formatInstant, formatShortInstant } from '#common/event-time.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { memberLocale } from './member-i18n.ts';

/** A key of what the server says to a member in an answer (refusals, a booking's message; decision 072). */
export type WordKey = keyof typeof en;
/** An instant set into a sentence: written when the sentence is, in its language and the event's zone. */
export type WordInstant = { at: Date; timeZone: string; short?: boolean };
export type WordValue = string | number | WordInstant;
/** A sentence not yet written: its key and values, rendered in the language of whoever reads it. */
export type Words = { key: WordKey; values?: Record<string, WordValue> };

export const words = (key: WordKey, values?: Record<string, WordValue>): Words => ({ key, values });

// Compiled once; a key a language lacks reads in English (the catalogue check keeps that from shipping).
const english = compileCatalogue(en);
const raw: Record<Locale, Record<string, string>> = { en, 'zh-Hans': zhHans, ja, ko };
const instances = new Map<Locale, I18n>();

function instance(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = locale === 'en' ? english : { ...english, ...compileCatalogue(raw[locale]) };
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

const written = (value: WordValue, locale: Locale) =>
  typeof value === 'object'
    ? (value.short ? formatShortInstant : formatInstant)(value.at, value.timeZone, locale)
    : value;

/** The sentence in `locale` (English: the spec's words, byte for byte). */
export function say({ key, values }: Words, locale: Locale = DEFAULT_LOCALE): string {
  const filled = values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, written(v, locale)]));
  return instance(locale)._(key, filled);
}

/** Admin and partner screens stay English (decision 059): only a member's routes answer in the member's language. */
const staffUrl = (url: string) => url.startsWith('/api/admin') || url.startsWith('/api/upload-image');

/** The language an answer's words are written in: the member's (decision 062's rule) on their routes, else English. */
export const answerLocale = (req: FastifyRequest): Locale => (staffUrl(req.url) ? DEFAULT_LOCALE : memberLocale(req));

/** The answer says which language its words are in (Content-Language); English, the spec's, says nothing. */
export function answersIn(reply: FastifyReply, locale: Locale) {
  if (locale !== DEFAULT_LOCALE) reply.header('content-language', locale);
}

/** Words written for this request's reader, in the language the answer then names. */
export function speak(req: FastifyRequest, reply: FastifyReply, w: Words): string {
  const locale = answerLocale(req);
  answersIn(reply, locale);
  return say(w, locale);
}

/** An error's words for this reader, else its English (already written when it was thrown): an answer never fails. */
export function speakOr(req: FastifyRequest, reply: FastifyReply, w: Words, english: string): string {
  try {
    return speak(req, reply, w);
  } catch (err) {
    req.log.error({ err, words: w.key }, 'words not written in the reader’s language');
    reply.removeHeader('content-language');
    return english;
  }
}

/** `speak` for one request, for answers that hold sentences (an RSVP's message). */
export const speakerFor = (req: FastifyRequest, reply: FastifyReply) => (w: Words) => speak(req, reply, w);
