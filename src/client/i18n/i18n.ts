import { type I18n, type Messages, setupI18n } from '@lingui/core';
import en from '#common/catalogues/en.json';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale, pickLocale } from '#common/locales.ts';
import { loadScheduleFormatter } from './schedule-formatter.ts';

/**
 * A message's key. Each language has two catalogues (decision 059): the first paint's (sign-in, header, dashboard,
 * tiles; English's is in the entry) and the pages' (everything else), fetched with the first page that needs it.
 */
export type MessageId = keyof typeof en | keyof typeof import('#common/catalogues/pages/en.json');
export type MessageValues = Record<string, string | number | Date | null | undefined>;

type Catalogue = () => Promise<{ default: Messages }>;
const FIRST: Record<Exclude<Locale, 'en'>, Catalogue> = {
  'zh-Hans': () => import('#common/catalogues/zh-Hans.json'),
  ja: () => import('#common/catalogues/ja.json'),
  ko: () => import('#common/catalogues/ko.json'),
};
const PAGES: Record<Locale, Catalogue> = {
  en: () => import('#common/catalogues/pages/en.json'),
  'zh-Hans': () => import('#common/catalogues/pages/zh-Hans.json'),
  ja: () => import('#common/catalogues/pages/ja.json'),
  ko: () => import('#common/catalogues/pages/ko.json'),
};

/** The browser's one i18n instance; the server renders with one of its own per request (first-paint.tsx). */
export const i18n: I18n = setupI18n({ locale: DEFAULT_LOCALE, messages: { en: en as Messages } });

// A key a language lacks reads in English (npm test's catalogue check keeps that from shipping): each catalogue is
// loaded over its English counterpart (the two parts share no key).
const loads = new Map<string, Promise<void>>();
const englishFirst: Catalogue = async () => ({ default: en as Messages });
function loadOnce(locale: Locale, part: 'first' | 'pages'): Promise<void> {
  const key = `${part}:${locale}`;
  let done = loads.get(key);
  if (!done) {
    const own = part === 'pages' ? PAGES[locale] : locale === 'en' ? englishFirst : FIRST[locale];
    const english = part === 'pages' ? PAGES.en : englishFirst;
    done = Promise.all([english(), locale === 'en' ? undefined : own()]).then(([base, mine]) => {
      i18n.load(locale, { ...base.default, ...mine?.default });
    });
    done.catch(() => loads.delete(key)); // a failed fetch is tried again next time
    loads.set(key, done);
  }
  return done;
}

/** The active language's page messages: every lazy member page and the tile modal wait for them. */
export function loadPageMessages(): Promise<void> {
  return loadOnce(isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE, 'pages');
}

/** Loads `locale`'s catalogues (its pages' too, if this page already uses them), then switches every component. */
export async function activateLocale(locale: Locale): Promise<void> {
  const pagesInUse = [...loads.keys()].some((k) => k.startsWith('pages:'));
  await Promise.all([
    loadOnce(locale, 'first'),
    pagesInUse ? loadOnce(locale, 'pages') : undefined,
    locale === 'en' ? undefined : loadScheduleFormatter(),
  ]);
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** The language the page was served in (`<html lang>`, chosen by the server from cookie, profile or browser). */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return isLocale(lang) ? lang : pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Remembers the choice for this browser for a year (the server reads it to serve the next page in it). */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-secret preference the server reads on the next page
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** `i18n._` with typed keys, for code outside components (toasts, errors). */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

/** Named messages whose every property reads in the member's language at the moment it is read (`LABEL.closed`). */
export function liveWords<K extends string>(ids: Record<K, MessageId>): Readonly<Record<K, string>> {
  const words = {} as Record<K, string>;
  for (const [name, id] of Object.entries(ids) as [K, MessageId][])
    Object.defineProperty(words, name, { get: () => t(id), enumerable: true });
  return words;
}
