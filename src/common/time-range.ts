import { DEFAULT_TIME_ZONE, formatClockRange, formatTimeRange, zonedInstant } from './event-time.ts';

/** '10:00am' or '19:00' -> minutes after midnight; null when it is not a clock time. */
export function parseClock(text: string): number | null {
  const h24 = /^\s*([01]?\d|2[0-3]):([0-5]\d)\s*$/.exec(text);
  if (h24) return Number(h24[1]) * 60 + Number(h24[2]);
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)\s*$/i.exec(text);
  if (!m) return null;
  let hours = Number(m[1]) % 12;
  if (m[3]?.toLowerCase() === 'pm') hours += 12;
  return hours * 60 + Number(m[2] ?? 0);
}

/** '2025-09-29' + '10:00am-11:00am', wall-clock time in the event's zone -> its instants; null when unreadable. */
export function slotToUtc(
  date: string,
  range: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): { start: Date; end: Date } | null {
  const [from, to] = range.split(/[-–]/);
  const startMin = parseClock(from ?? '');
  const endMin = parseClock(to ?? '');
  if (startMin === null || endMin === null || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return { start: zonedInstant(date, startMin, timeZone), end: zonedInstant(date, endMin, timeZone) };
}

/** A slot's instants on a day (today for a time-only slot), a range past midnight ending the next day. */
function slotInstants(time: string, day: string | null, timeZone: string) {
  const at = slotToUtc(day ?? new Date().toISOString().slice(0, 10), time, timeZone);
  if (!at) return null;
  return { start: at.start, end: at.end > at.start ? at.end : new Date(at.end.getTime() + 86_400_000) };
}

/**
 * A slot as every page, mail and export writes it, in event-time.ts's one style: '2 October 2031, 2:00–3:00 PM SGT'
 * with its day, '2:00–3:00 PM SGT' without; '2:00pm-3:00pm' and '14:00-15:00' read alike. Other text stays as written.
 */
export function formatSlot(
  time: string,
  date: string | null = null,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale = 'en',
): string {
  const at = slotInstants(time, date, timeZone);
  if (!at) return date ? `${longDate(date, locale)}, ${time}` : time;
  if (!date) return formatClockRange(at.start, at.end, timeZone, locale);
  return formatTimeRange(at.start, at.end, timeZone, locale);
}

/**
 * A slot's clock times without its day, labelled with the zone in force on `day` (EST or EDT, decision 022): what a
 * slot list under a chosen date, or a time-only slot of a dated event, shows. Today's label when no day is known.
 */
export function formatSlotClock(
  time: string,
  day: string | null,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale = 'en',
): string {
  const at = slotInstants(time, day, timeZone);
  return at ? formatClockRange(at.start, at.end, timeZone, locale) : time;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The months' names, January first. */
export const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '2025-09-29' -> '29 Sep' (the concierge status's day and short month; in another language, '9月29日'). */
export function dayShortMonth(date: string, locale = 'en'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (locale !== 'en')
    return Number.isNaN(d.getTime())
      ? date
      : d.toLocaleDateString(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

const WEEKDAY_DATE = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;

/** '2025-09-29' -> 'Monday, 29 September 2025' (in another language, its words: '2025年9月29日星期一'). */
export function longDate(date: string, locale = 'en'): string {
  const d = new Date(`${date}T00:00:00Z`);
  if (locale !== 'en') return Number.isNaN(d.getTime()) ? date : d.toLocaleDateString(locale, WEEKDAY_DATE);
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${LONG_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}
