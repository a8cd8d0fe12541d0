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
