import { TZDate } from '@date-fns/tz';

/**
 * The one module that turns an event's instants into what a person reads, always in the event's own time zone
 * and labelled with it ("1 October 2025, 7:00–10:00 PM SGT"), and wall-clock times in a zone into instants
 * (docs/decisions/008). No zod here: member pages import it.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Singapore';

/** timed: starts and ends at instants; all-day: whole local days (end exclusive); until: an offer open until a day. */
export const SCHEDULE_KINDS = ['timed', 'all-day', 'until'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export type EventSchedule = {
  schedule: ScheduleKind;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
};

const DAY_MS = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${timeZone}|${JSON.stringify(opts)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...opts, timeZone });
    formats.set(key, f);
  }
  return f;
}

/** Whether this runtime knows the IANA zone (e.g. 'Asia/Singapore'). */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The zones a person can pick, Singapore's first. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...all.filter((z) => z !== DEFAULT_TIME_ZONE)];
}

// Where ICU only says "GMT+8", the name people in that place use.
const ABBREVIATIONS: Record<string, string> = {
  'Asia/Singapore': 'SGT',
  'Asia/Kuala_Lumpur': 'MYT',
  'Asia/Hong_Kong': 'HKT',
  'Asia/Tokyo': 'JST',
  'Asia/Seoul': 'KST',
  'Asia/Bangkok': 'ICT',
  'Asia/Ho_Chi_Minh': 'ICT',
  'Asia/Jakarta': 'WIB',
  'Asia/Manila': 'PHT',
  'Asia/Dubai': 'GST',
  'Asia/Kolkata': 'IST',
};

/** 'SGT', 'BST', 'EDT', 'UTC', or 'GMT+5:30' where no name is known. */
export function zoneLabel(at: Date, timeZone: string): string {
  const nameIn = (locale: string) =>
    format(locale, timeZone, { timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  const us = nameIn('en-US');
  if (!us.startsWith('GMT')) return us;
  const gb = nameIn('en-GB');
  if (!gb.startsWith('GMT') || gb === 'GMT') return gb;
  return ABBREVIATIONS[timeZone] ?? us;
}

/** The calendar day of an instant in a zone: 'YYYY-MM-DD'. */
export function localDate(at: Date, timeZone: string): string {
  return format('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Minutes after local midnight of an instant in a zone. */
export function localMinutes(at: Date, timeZone: string): number {
  const parts = format('en-GB', timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return n('hour') * 60 + n('minute');
}

/** The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) and `minutes` after midnight. */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

/** An instant as ISO 8601 with the zone's offset: '2031-09-30T19:00:00.000+08:00' (what wallets show as local). */
export const isoInZone = (at: Date, timeZone: string) => new TZDate(at.getTime(), timeZone).toISOString();

/** 'YYYY-MM-DDTHH:MM' as the clock in `timeZone` reads an instant: what an <input type="datetime-local"> holds. */
export function zoneInput(at: Date, timeZone: string): string {
  const m = localMinutes(at, timeZone);
  return `${localDate(at, timeZone)}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The instant a 'YYYY-MM-DDTHH:MM' wall-clock value means in `timeZone`; null when it is not one. */
export function fromZoneInput(value: string, timeZone: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m?.[1]) return null;
  const at = zonedInstant(m[1], Number(m[2]) * 60 + Number(m[3]), timeZone);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** 'HH:MM' (24 h) -> minutes after midnight; null when it is not one. */
export function parseTime24(text: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** The day before an exclusive end (an all-day or until schedule ends at the midnight after its last day). */
export const lastDayOf = (endsAt: Date, timeZone: string) => localDate(new Date(endsAt.getTime() - 1), timeZone);

// ---- what people read ------------------------------------------------------------------------

const dayText = (at: Date, tz: string) =>
  format('en-GB', tz, { day: 'numeric', month: 'long', year: 'numeric' }).format(at);
const dayOfDate = (date: string) => dayText(new Date(`${date}T12:00:00Z`), 'UTC');
const clock = (at: Date, tz: string) =>
  format('en-US', tz, { hour: 'numeric', minute: '2-digit', hour12: true }).format(at).replace(/\s/g, ' ');

/** '7:00 PM'–'10:00 PM' -> '7:00–10:00 PM'; across noon both keep their own: '11:00 AM–2:00 PM'. */
export function clockRange(from: string, to: string): string {
  const a = /^(.*) (AM|PM)$/.exec(from);
  const b = /^(.*) (AM|PM)$/.exec(to);
  if (a && b && a[2] === b[2]) return `${a[1]}–${to}`;
  return `${from}–${to}`;
}

/** '1 October 2025': an instant's day in its zone (in another language, its words: '2025年10月1日'). */
export const formatDay = (at: Date, timeZone: string, locale = 'en') =>
  locale === 'en' ? dayText(at, timeZone) : dayIn(locale, localDate(at, timeZone));

/** '1 October 2025, 7:00 PM SGT'. */
export function formatInstant(at: Date, timeZone: string, locale = 'en'): string {
  if (locale !== 'en')
    return `${formatDay(at, timeZone, locale)} ${clockIn(locale, at, timeZone)} ${zoneLabel(at, timeZone)}`;
  return `${dayText(at, timeZone)}, ${clock(at, timeZone)} ${zoneLabel(at, timeZone)}`;
}

/** '2 Dec, 6 PM SGT' (minutes only when there are some): a short instant, as a tile's badge says it. */
export function formatShortInstant(at: Date, timeZone: string, locale = 'en'): string {
  if (locale !== 'en') {
    const short = format(locale, timeZone, { day: 'numeric', month: 'short' }).format(at);
    return `${short} ${clockIn(locale, at, timeZone)} ${zoneLabel(at, timeZone)}`;
  }
  const day = format('en-GB', timeZone, { day: 'numeric', month: 'short' }).format(at);
  return `${day}, ${clock(at, timeZone).replace(':00 ', ' ')} ${zoneLabel(at, timeZone)}`;
}

/** A stored timestamp (ISO) as people read it in a zone, labelled; unreadable text stays as it is. */
export function formatStamp(iso: string, timeZone: string, locale = 'en'): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : formatInstant(at, timeZone, locale);
}

/** '29 September – 3 October 2025', '1–3 October 2025', '30 September 2025'. */
export function formatDayRange(first: string, last: string): string {
  if (first === last) return dayOfDate(first);
  const [y1, m1] = first.split('-');
  const [y2, m2] = last.split('-');
  const day = (d: string) => String(Number(d.slice(8, 10)));
  if (y1 === y2 && m1 === m2) return `${day(first)}–${dayOfDate(last)}`;
  if (y1 === y2) return `${dayOfDate(first).replace(/ \d{4}$/, '')} – ${dayOfDate(last)}`;
  return `${dayOfDate(first)} – ${dayOfDate(last)}`;
}

/** '7:00–10:00 PM SGT': a range's clock times in its zone, without the day (a slot known only by its times). */
export function formatClockRange(start: Date, end: Date, timeZone: string, locale = 'en'): string {
  if (locale !== 'en')
    return `${rangeIn(locale, clockIn(locale, start, timeZone), clockIn(locale, end, timeZone))} ${zoneLabel(start, timeZone)}`;
  return `${clockRange(clock(start, timeZone), clock(end, timeZone))} ${zoneLabel(start, timeZone)}`;
}

/** A time range in one zone: '1 October 2025, 7:00–10:00 PM SGT', or across days with both dates. */
export function formatTimeRange(start: Date, end: Date | null, timeZone: string, locale = 'en'): string {
  if (locale !== 'en') return scheduleIn(locale, { schedule: 'timed', startsAt: start, endsAt: end, timeZone }) ?? '';
  const label = zoneLabel(start, timeZone);
  if (!end) return formatInstant(start, timeZone);
  if (localDate(start, timeZone) === localDate(end, timeZone))
    return `${dayText(start, timeZone)}, ${formatClockRange(start, end, timeZone)}`;
  return `${dayText(start, timeZone)}, ${clock(start, timeZone)} – ${dayText(end, timeZone)}, ${clock(end, timeZone)} ${label}`;
}

/**
 * An event's when, as every page, mail and export writes it; null when it has no time. In another language than
 * English (decision 059) `Intl` writes it in that language's order and words, still in the event's zone and labelled.
 */
export function formatSchedule(s: EventSchedule, locale = 'en'): string | null {
  if (locale !== 'en') return scheduleIn(locale, s);
  const tz = s.timeZone || DEFAULT_TIME_ZONE;
  if (s.schedule === 'until') return s.endsAt ? `Until ${dayOfDate(lastDayOf(s.endsAt, tz))}` : 'Ongoing';
  if (!s.startsAt) return null;
  if (s.schedule === 'all-day')
    return formatDayRange(localDate(s.startsAt, tz), s.endsAt ? lastDayOf(s.endsAt, tz) : localDate(s.startsAt, tz));
  return formatTimeRange(s.startsAt, s.endsAt, tz);
}

/** A schedule as an API answer carries it (ISO instants), beside the server's English words. */
export type WireSchedule = { schedule: ScheduleKind; startsAt: string | null; endsAt: string | null; timeZone: string };

/** A schedule as data for an answer; undefined when it has no time (its words are null then too). */
export const toWireSchedule = (s: EventSchedule): WireSchedule | undefined =>
  s.schedule !== 'until' && !s.startsAt
    ? undefined
    : {
        schedule: s.schedule,
        startsAt: s.startsAt?.toISOString() ?? null,
        endsAt: s.endsAt?.toISOString() ?? null,
        timeZone: s.timeZone || DEFAULT_TIME_ZONE,
      };

const instantOf = (iso: string | null) => (iso ? new Date(iso) : null);
/** An answer's schedule in the member's language; null when it has no time. */
export const formatWireSchedule = (s: WireSchedule, locale = 'en') =>
  formatSchedule({ ...s, startsAt: instantOf(s.startsAt), endsAt: instantOf(s.endsAt) }, locale);

// ---- in the member's language (decision 059) ------------------------------------------------------------------

const UNTIL: Record<string, (day: string) => string> = {
  'zh-Hans': (day) => `截至${day}`,
  ja: (day) => `${day}まで`,
  ko: (day) => `${day}까지`,
};
const ONGOING: Record<string, string> = { 'zh-Hans': '长期有效', ja: '常時', ko: '상시' };
const RANGE_DASH: Record<string, string> = { 'zh-Hans': '–', ja: '～', ko: ' ~ ' };
const LONG_DAY = { year: 'numeric', month: 'long', day: 'numeric' } as const;
// From its parts: a year past 9999 (a far-off window an admin may set) has no 'YYYY-MM-DD' string form to parse.
const noonOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const at = new Date(0);
  at.setUTCFullYear(y ?? Number.NaN, (m ?? 1) - 1, d ?? 1); // not Date.UTC: it reads years 0-99 as 1900-1999
  at.setUTCHours(12);
  return at;
};

// Each end written alone and joined with the language's dash: Intl's own ranges fall back to numeric dates here.
const rangeIn = (locale: string, a: string, b: string) => `${a}${RANGE_DASH[locale] ?? ' – '}${b}`;
const dayIn = (locale: string, date: string) => format(locale, 'UTC', LONG_DAY).format(noonOf(date));
// A 24-hour clock: how these languages write event times, and the same in every ICU (Korean's AM/PM words differ).
const clockIn = (locale: string, at: Date, tz: string) =>
  format(locale, tz, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).format(at);

function scheduleIn(locale: string, s: EventSchedule): string | null {
  const tz = s.timeZone || DEFAULT_TIME_ZONE;
  const range = (a: string, b: string) => rangeIn(locale, a, b);
  const dayOf = (date: string) => dayIn(locale, date);
  if (s.schedule === 'until') {
    if (!s.endsAt) return ONGOING[locale] ?? 'Ongoing';
    const day = dayOf(lastDayOf(s.endsAt, tz));
    return UNTIL[locale]?.(day) ?? `Until ${day}`;
  }
  if (!s.startsAt) return null;
  if (s.schedule === 'all-day') {
    const first = localDate(s.startsAt, tz);
    const last = s.endsAt ? lastDayOf(s.endsAt, tz) : first;
    return first === last ? dayOf(first) : range(dayOf(first), dayOf(last));
  }
  const day = (at: Date) => dayOf(localDate(at, tz));
  const clockOf = (at: Date) => clockIn(locale, at, tz);
  const zone = zoneLabel(s.startsAt, tz);
  if (!s.endsAt) return `${day(s.startsAt)} ${clockOf(s.startsAt)} ${zone}`;
  if (localDate(s.startsAt, tz) === localDate(s.endsAt, tz))
    return `${day(s.startsAt)} ${range(clockOf(s.startsAt), clockOf(s.endsAt))} ${zone}`;
  return `${range(`${day(s.startsAt)} ${clockOf(s.startsAt)}`, `${day(s.endsAt)} ${clockOf(s.endsAt)}`)} ${zone}`;
}

/** Whether the event is over at `now`: after its end (an offer after its last day). */
export const hasEnded = (s: Pick<EventSchedule, 'endsAt'>, now: Date = new Date()) =>
  s.endsAt !== null && now.getTime() >= s.endsAt.getTime();

/** All-day days -> their instants (midnight of the first day to midnight after the last, in the zone). */
export function allDayInstants(first: string, last: string, timeZone: string) {
  const after = new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { startsAt: zonedInstant(first, 0, timeZone), endsAt: zonedInstant(after, 0, timeZone) };
}
