import { formatWireSchedule, type WireSchedule } from '#common/event-time.ts';
import { useLocale } from './use-t.ts';

/**
 * An answer's when in the member's language (decision 071): written again from its schedule where the answer carries
 * one, else the server's English words, marked so. For lazy pages only: it brings the formatter with it.
 */
export function useWhenText(): (words: string | null, schedule?: WireSchedule) => { text: string | null; lang?: 'en' } {
  const locale = useLocale();
  return (words, schedule) => {
    if (locale === 'en') return { text: words };
    const text = schedule ? formatWireSchedule(schedule, locale) : null;
    return text ? { text } : { text: words, lang: 'en' };
  };
}
