import type { CalendarEvent } from './calendar-event.ts';

export type { CalendarEvent } from './calendar-event.ts';

/** 2025-09-30T11:00:00.000Z -> 20250930T110000Z (the web calendar's compact UTC form). */
export const toCompactUtc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The one Add To Calendar link builder, fed by stored event data. */
export function googleCalendarUrl(e: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: e.title,
    details: e.description,
    location: e.location,
    dates: `${e.startDate}/${e.endDate}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
