import { DEFAULT_LOCALE, type Locale } from './locales.ts';

/**
 * The language one served field came in (decision 073): the default one when its record's `fallback` (the paths of
 * the organiser's words a member read served in English) names it, else null (as asked). No zod here: the
 * dashboard's first chunk marks its tiles with it.
 */
export const fieldLang = (fallback: readonly string[] | undefined, path: string): Locale | null =>
  fallback?.includes(path) ? DEFAULT_LOCALE : null;
