import { useLocale } from './use-t.ts';

/**
 * The `lang` attribute of words not in the page's language: the organiser's and the server's words are English until
 * they are translated, and a screen reader reads them in an English voice. Pass the language a text is actually in
 * when its source says (an organiser's translation, or its English fallback); undefined when it is the page's own.
 */
export function useTextLang(): (writtenIn?: string) => string | undefined {
  const locale = useLocale();
  return (writtenIn = 'en') => (writtenIn === locale ? undefined : writtenIn);
}

// zh-Hans, ja and ko translations are written in their own scripts: organiser's words with none of them are the
// English fallback (decision 062 serves each field translated or in English).
const OWN_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** The `lang` of one of the organiser's texts as served: undefined when translated, `en` when it fell back. */
export function useWordsLang(): (text: string | null | undefined) => string | undefined {
  const locale = useLocale();
  return (text) => (locale === 'en' || (text && OWN_SCRIPT.test(text)) ? undefined : 'en');
}
