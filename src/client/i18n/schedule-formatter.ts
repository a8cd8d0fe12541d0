import type { BookingWindow } from '#common/bookings.ts';
import type { EntryDraw } from '#common/draw-entry.ts';
import type { formatInstant, formatSchedule, formatShortInstant } from '#common/event-time.ts';

// The one formatter (with its zone library) is a chunk of its own: English members read the server's words and
// never fetch it; another language fetches it with its catalogue, before the first render (i18n.ts).
let formatter: typeof formatSchedule | null = null;
let short: typeof formatShortInstant | null = null;
let instant: typeof formatInstant | null = null;

export async function loadScheduleFormatter(): Promise<void> {
  const module = await import('#common/event-time.ts');
  formatter ??= module.formatSchedule;
  short ??= module.formatShortInstant;
  instant ??= module.formatInstant;
}

/** The formatter once loaded, else null (English, or not yet). */
export const scheduleFormatter = () => formatter;

/** When a draw entry's draw is, in the member's language (decision 071); the server's words in English. */
export function drawOnText(draw: EntryDraw, locale: string): string {
  if (locale === 'en' || !short || !draw.drawAt || !draw.timeZone) return draw.drawOn;
  return short(new Date(draw.drawAt), draw.timeZone, locale);
}

/** A closed or not-yet-open window's instant in the member's language, or null where the server's words stand. */
export function windowInstantText(window: BookingWindow, locale: string): string | null {
  const at = window.state === 'not-yet' ? window.opensAt : window.state === 'closed' ? window.closesAt : null;
  if (locale === 'en' || !instant || !at || !window.timeZone) return null;
  return instant(new Date(at), window.timeZone, locale);
}
