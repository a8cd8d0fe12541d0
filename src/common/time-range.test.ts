import { describe, expect, it } from 'vitest';
import { dayShortMonth, longDate, parseClock, slotToUtc } from './time-range.ts';

describe('concierge times', () => {
  it('reads clock times', () => {
    expect(parseClock('10:00am')).toBe(600);
    expect(parseClock('12:00pm')).toBe(720);
    expect(parseClock('12:30am')).toBe(30);
    expect(parseClock('2pm')).toBe(840);
    expect(parseClock('14:00')).toBe(840); // 24-hour sheets (issue 14)
    expect(parseClock('24:00')).toBeNull();
  });

  it('converts a local slot to UTC at UTC+8', () => {
    const r = slotToUtc('2025-09-29', '10:00am-11:00am');
    expect(r?.start.toISOString()).toBe('2025-09-29T02:00:00.000Z');
    expect(r?.end.toISOString()).toBe('2025-09-29T03:00:00.000Z');
    expect(slotToUtc('2025-10-01', '5:30pm-6:00pm')?.start.toISOString()).toBe('2025-10-01T09:30:00.000Z');
    expect(slotToUtc('bad', '10:00am-11:00am')).toBeNull();
  });

  it('formats dates', () => {
    expect(dayShortMonth('2025-09-29')).toBe('29 Sep');
    expect(longDate('2025-10-03')).toBe('Friday, 3 October 2025');
  });
});
