/**
 * The member portal's languages (decision 059): English is the spec's wording and every other language's fallback.
 * BCP 47 tags, as `<html lang>`, `Intl` and the catalogues' file names use them.
 */
export const LOCALES = ['en', 'zh-Hans', 'ja', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's choice (the member's profile keeps it too). */
export const LOCALE_COOKIE = 'lang';

/** Each language named in itself, as the language menu lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  ja: '日本語',
  ko: '한국어',
};

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * A browser's language tag -> ours, or null: Chinese as written in the mainland and Singapore (zh, zh-CN, zh-SG,
 * zh-Hans-*) is Simplified; Traditional (zh-TW, zh-HK, zh-Hant) is not offered, so it falls to the next preference.
 */
export function matchLocale(tag: string): Locale | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  const [lang, ...rest] = t.split('-');
  if (lang === 'zh') {
    if (rest.includes('hant') || rest.some((r) => r === 'tw' || r === 'hk' || r === 'mo')) return null;
    return 'zh-Hans';
  }
  if (lang === 'ja') return 'ja';
  if (lang === 'ko') return 'ko';
  if (lang === 'en') return 'en';
  return null;
}

/** The first of the browser's languages we speak (navigator.languages, in order), else English. */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's tags, most wanted first ('zh-CN,zh;q=0.9,en;q=0.8'); q=0 ones dropped. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}
