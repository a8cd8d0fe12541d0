import { CalendarPlus, Download } from 'lucide-react';
import * as rsvpApi from '#common/api/rsvp.ts';
import { googleCalendarUrl } from '#common/calendar.ts';
import { pathOf } from '#common/route-contract.ts';
import type { CalendarEvent } from '#common/rsvp.ts';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';

/**
 * Add To Calendar and the .ics beside it. `label` names which booking it is when one place shows several (a tile
 * with the gallery's pass and invitation); `compact` is the tile's smaller line.
 */
export function AddToCalendar({
  calendar,
  eventId,
  label,
  compact = false,
}: {
  calendar: CalendarEvent;
  eventId: string;
  label?: string;
  compact?: boolean;
}) {
  const t = useT();
  const size = compact ? 14 : 16;
  // Each link is at least 24 px high, even on a tile's compact line (WCAG 2.5.8 target size).
  return (
    <div className={cx('flex flex-wrap items-center', compact ? 'gap-x-3 text-xs' : 'gap-4 text-sm')}>
      {label && <span className="w-24 shrink-0 truncate text-zinc-400">{label}</span>}
      <a
        href={googleCalendarUrl(calendar)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-6 items-center gap-1.5 text-gold underline-offset-4 hover:underline"
      >
        <CalendarPlus size={size} aria-hidden /> {t('calendar.add')}
        {label && <span className="sr-only"> ({label})</span>}
      </a>
      <a
        href={pathOf(rsvpApi.calendarFile, { params: { eventId } })}
        className="inline-flex min-h-6 items-center gap-1.5 text-zinc-400 hover:text-white"
      >
        <Download size={size - 2} aria-hidden /> .ics
        {label && <span className="sr-only"> ({label})</span>}
      </a>
    </div>
  );
}
