import { describe, expect, it } from 'vitest';
import {
  allDayInstants,
  clockRange,
  formatInstant,
  formatSchedule,
  formatShortInstant,
  formatStamp,
  formatTimeRange,
  formatWireSchedule,
  hasEnded,
  isTimeZone,
  localDate,
  toWireSchedule,
  zonedInstant,
  zoneLabel,
} from './event-time.ts';
import { formatSlot, formatSlotClock, longDate, slotToUtc } from './time-range.ts';

const SG = 'Asia/Singapore';
const at = (iso: string) => new Date(iso);

describe('one time format, in the event’s zone and labelled', () => {
  it('writes a same-day range with one meridiem when both share it', () => {
    expect(formatTimeRange(at('2025-10-01T11:00:00Z'), at('2025-10-01T14:00:00Z'), SG)).toBe(
      '1 October 2025, 7:00–10:00 PM SGT',
    );
    expect(formatTimeRange(at('2025-10-01T03:00:00Z'), at('2025-10-01T06:00:00Z'), SG)).toBe(
      '1 October 2025, 11:00 AM–2:00 PM SGT',
    );
  });

  it('writes both days when a range crosses midnight there', () => {
    expect(formatTimeRange(at('2025-10-03T11:00:00Z'), at('2025-10-03T17:00:00Z'), SG)).toBe(
      '3 October 2025, 7:00 PM – 4 October 2025, 1:00 AM SGT',
    );
  });

  it('names zones people know, and follows daylight saving', () => {
    expect(zoneLabel(at('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('BST');
    expect(zoneLabel(at('2026-01-01T12:00:00Z'), 'Europe/London')).toBe('GMT');
    expect(zoneLabel(at('2026-07-01T12:00:00Z'), 'America/New_York')).toBe('EDT');
    expect(zoneLabel(at('2026-07-01T12:00:00Z'), 'Asia/Tokyo')).toBe('JST');
    expect(zoneLabel(at('2026-07-01T12:00:00Z'), 'Asia/Kathmandu')).toBe('GMT+5:45');
    expect(formatInstant(at('2026-01-01T18:00:00Z'), 'America/New_York')).toBe('1 January 2026, 1:00 PM EST');
  });

  it('writes all-day and until schedules as days', () => {
    const week = allDayInstants('2025-09-29', '2025-10-03', SG);
    expect(week.startsAt.toISOString()).toBe('2025-09-28T16:00:00.000Z');
    expect(week.endsAt.toISOString()).toBe('2025-10-03T16:00:00.000Z');
    expect(formatSchedule({ schedule: 'all-day', ...week, timeZone: SG })).toBe('29 September – 3 October 2025');
    const three = allDayInstants('2025-10-01', '2025-10-03', SG);
    expect(formatSchedule({ schedule: 'all-day', ...three, timeZone: SG })).toBe('1–3 October 2025');
    const one = allDayInstants('2025-09-30', '2025-09-30', SG);
    expect(formatSchedule({ schedule: 'all-day', ...one, timeZone: SG })).toBe('30 September 2025');
    const until = allDayInstants('2026-03-31', '2026-03-31', SG).endsAt;
    expect(formatSchedule({ schedule: 'until', startsAt: null, endsAt: until, timeZone: SG })).toBe(
      'Until 31 March 2026',
    );
    expect(formatSchedule({ schedule: 'until', startsAt: null, endsAt: null, timeZone: SG })).toBe('Ongoing');
    expect(formatSchedule({ schedule: 'timed', startsAt: null, endsAt: null, timeZone: SG })).toBeNull();
  });

  it('keeps a meridiem each when they differ', () => {
    expect(clockRange('11:00 AM', '2:00 PM')).toBe('11:00 AM–2:00 PM');
    expect(clockRange('9:00 AM', '10:30 AM')).toBe('9:00–10:30 AM');
  });
});

describe('wall-clock time in a zone', () => {
  it('turns a local time into its instant, in any zone', () => {
    expect(zonedInstant('2025-10-01', 19 * 60, SG).toISOString()).toBe('2025-10-01T11:00:00.000Z');
    expect(zonedInstant('2026-07-01', 19 * 60, 'Europe/London').toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedInstant('2026-01-01', 19 * 60, 'Europe/London').toISOString()).toBe('2026-01-01T19:00:00.000Z');
  });

  it('reads a slot in the event’s zone', () => {
    expect(slotToUtc('2025-09-29', '10:00am-11:00am', SG)?.start.toISOString()).toBe('2025-09-29T02:00:00.000Z');
    expect(slotToUtc('2026-07-01', '10:00am-11:00am', 'Europe/London')?.end.toISOString()).toBe(
      '2026-07-01T10:00:00.000Z',
    );
  });

  it('gives the local day of an instant', () => {
    expect(localDate(at('2025-09-28T16:00:00Z'), SG)).toBe('2025-09-29');
    expect(localDate(at('2025-09-28T15:59:59Z'), SG)).toBe('2025-09-28');
  });

  it('knows real zones only', () => {
    expect(isTimeZone('Asia/Singapore')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('says an event has ended from its end on', () => {
    const endsAt = at('2025-10-01T14:00:00Z');
    expect(hasEnded({ endsAt }, at('2025-10-01T13:59:59Z'))).toBe(false);
    expect(hasEnded({ endsAt }, endsAt)).toBe(true);
    expect(hasEnded({ endsAt: null }, at('2099-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('formatStamp: a stored timestamp as admin screens show it', () => {
  it('writes it in the portal zone, labelled, in the one style; leaves unreadable text alone', () => {
    expect(formatStamp('2025-10-01T11:00:00.000Z', 'Asia/Singapore')).toBe('1 October 2025, 7:00 PM SGT');
    expect(formatStamp('2025-10-01T11:00:00.000Z', 'Europe/London')).toBe('1 October 2025, 12:00 PM BST');
    expect(formatStamp('not a date', 'Asia/Singapore')).toBe('not a date');
  });
});

describe('formatShortInstant (a draw on a tile)', () => {
  it('says the day, the hour (minutes only when some) and the zone', () => {
    expect(formatShortInstant(new Date('2031-12-02T10:00:00Z'), 'Asia/Singapore')).toBe('2 Dec, 6 PM SGT');
    expect(formatShortInstant(new Date('2031-07-02T17:30:00Z'), 'Europe/London')).toBe('2 Jul, 6:30 PM BST');
  });
});

describe('in the member’s language (decisions 059, 071): the same instants, the event’s zone, labelled', () => {
  const start = at('2025-10-01T11:00:00Z');
  const end = at('2025-10-01T14:00:00Z');
  const until = { schedule: 'until' as const, startsAt: null, endsAt: '2026-03-31T16:00:00Z', timeZone: SG };
  const cases = {
    en: [
      '1 October 2025, 7:00–10:00 PM SGT',
      '1 October 2025, 7:00 PM SGT',
      '2 October 2025, 2:00–3:00 PM SGT',
      '2:00–3:00 PM SGT',
      'Monday, 29 September 2025',
      'Until 31 March 2026',
    ],
    'zh-Hans': [
      '2025年10月1日 19:00–22:00 SGT',
      '2025年10月1日 19:00 SGT',
      '2025年10月2日 14:00–15:00 SGT',
      '14:00–15:00 SGT',
      '2025年9月29日星期一',
      '截至2026年3月31日',
    ],
    ja: [
      '2025年10月1日 19:00～22:00 SGT',
      '2025年10月1日 19:00 SGT',
      '2025年10月2日 14:00～15:00 SGT',
      '14:00～15:00 SGT',
      '2025年9月29日月曜日',
      '2026年3月31日まで',
    ],
    ko: [
      '2025년 10월 1일 19:00 ~ 22:00 SGT',
      '2025년 10월 1일 19:00 SGT',
      '2025년 10월 2일 14:00 ~ 15:00 SGT',
      '14:00 ~ 15:00 SGT',
      '2025년 9월 29일 월요일',
      '2026년 3월 31일까지',
    ],
  };
  for (const [locale, expected] of Object.entries(cases))
    it(`writes ranges, instants, slots, days and offers in ${locale}`, () => {
      expect([
        formatTimeRange(start, end, SG, locale),
        formatInstant(start, SG, locale),
        formatSlot('2:00pm-3:00pm', '2025-10-02', SG, locale),
        formatSlotClock('14:00-15:00', '2025-10-02', SG, locale),
        longDate('2025-09-29', locale),
        formatWireSchedule(until, locale),
      ]).toEqual(expected);
    });

  it('carries a schedule as data only when it has a time, and reads it back alike', () => {
    const timed = { schedule: 'timed' as const, startsAt: start, endsAt: end, timeZone: SG };
    const wire = toWireSchedule(timed);
    expect(wire).toEqual({ ...timed, startsAt: start.toISOString(), endsAt: end.toISOString() });
    expect(wire && formatWireSchedule(wire)).toBe(formatSchedule(timed));
    expect(toWireSchedule({ ...timed, startsAt: null, endsAt: null })).toBeUndefined();
  });
});

describe('a far-off instant (a window an admin set at the end of 9999, past it in the zone)', () => {
  it('is written in every language, not a RangeError', () => {
    const farOff = at('9999-12-31T23:59:59Z');
    expect(formatInstant(farOff, SG)).toBe('1 January 10000, 7:59 AM SGT');
    for (const locale of ['zh-Hans', 'ja', 'ko']) expect(formatInstant(farOff, SG, locale)).toMatch(/10000/);
  });
});
