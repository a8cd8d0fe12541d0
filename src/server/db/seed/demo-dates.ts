/**
 * The demo catalogue's dates follow the spec's conference week (Monday 29 September 2025 onwards). A first start
 * outside production moves them forward by whole weeks, so the week lies ahead of today with the spec's weekdays
 * and times, and a new user can book, get reminders and see calendars (docs/features.md). `--as-of 2025-09-29` keeps them.
 */
export const SPEC_CONFERENCE_MONDAY = '2025-09-29';

const DAY_MS = 86_400_000;
const WEEK_DAYS = 7;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** Days to add to the spec's dates: the fewest whole weeks that put its Monday on or after `asOf`. */
export function demoShiftDays(asOf: string): number {
  const behind = dayNumber(asOf) - dayNumber(SPEC_CONFERENCE_MONDAY);
  if (!Number.isFinite(behind) || behind <= 0) return 0;
  return Math.ceil(behind / WEEK_DAYS) * WEEK_DAYS;
}

/** A spec day ('2025-10-01') moved by `days`. */
export function shiftDate(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** A spec instant moved by `days` (the catalogue's zones keep no daylight saving, so whole days stay whole). */
export const shiftInstant = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** Today as a calendar day in UTC: the default as-of of a first demo start. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
