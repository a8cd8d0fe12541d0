import { useLocale } from './use-t.ts';

/**
 * The `lang` attribute of words that may not be in the page's language: the organiser's and the server's words are
 * English until translated, and a screen reader reads them in an English voice. Pass the language a text is in as
 * its source declares it (`fieldLang(record.fallback, path)` for the organiser's words: null when served in the
 * language asked; decision 073); left out, English. Undefined when it is the page's own.
 */
export function useTextLang(): (writtenIn?: string | null) => string | undefined {
  const locale = useLocale();
  return (writtenIn = 'en') => (writtenIn === null || writtenIn === locale ? undefined : writtenIn);
}
