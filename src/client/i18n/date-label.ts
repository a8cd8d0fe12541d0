import type { Benefit } from '#common/benefits.ts';
import { scheduleFormatter } from './schedule-formatter.ts';
import { useLocale } from './use-t.ts';

const at = (iso: string | null) => (iso ? new Date(iso) : null);

/**
 * A benefit's when in the member's language: English keeps the server's words (the spec's); another language writes
 * the event's schedule again through the one formatter, in the event's zone. An admin's own label stays as written.
 */
export function useDateLabel(benefit: Pick<Benefit, 'dateLabel' | 'schedule'>): string {
  const locale = useLocale();
  const s = benefit.schedule;
  const formatter = scheduleFormatter();
  if (locale === 'en' || !s || !formatter) return benefit.dateLabel;
  return formatter({ ...s, startsAt: at(s.startsAt), endsAt: at(s.endsAt) }, locale) ?? benefit.dateLabel;
}
