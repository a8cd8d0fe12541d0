import { CalendarPlus, Download } from 'lucide-react';
import { googleCalendarUrl } from '../../../common/calendar.ts';
import type { CalendarEvent } from '../../../common/rsvp.ts';

export function AddToCalendar({ calendar, eventId }: { calendar: CalendarEvent; eventId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-4 text-sm">
      <a
        href={googleCalendarUrl(calendar)}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 text-gold underline-offset-4 hover:underline"
      >
        <CalendarPlus size={16} aria-hidden /> Add To Calendar
      </a>
      <a
        href={`/api/rsvp/${eventId}/calendar.ics`}
        className="inline-flex items-center gap-1.5 text-zinc-400 hover:text-white"
      >
        <Download size={14} aria-hidden /> .ics
      </a>
    </div>
  );
}
