import { describe, expect, it } from 'vitest';
import { dayShortMonth, formatSlot, longDate, parseClock, slotToUtc } from './time-range.ts';

describe('concierge times', () => {
  it('reads clock times', () => {
    expect(parseClock('10:00am')).toBe(600);
    expect(parseClock('12:00pm')).toBe(720);
    expect(parseClock('12:30am')).toBe(30);
    expect(parseClock('2pm')).toBe(840);
    expect(parseClock('14:00')).toBe(840); // 24-hour sheets
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
    expect(['zh-Hans', 'ja', 'ko'].map((l) => dayShortMonth('2025-09-29', l))).toEqual([
      '9月29日',
      '9月29日',
      '9월 29일',
    ]);
    expect(longDate('2025-10-03')).toBe('Friday, 3 October 2025');
  });
});

describe('formatSlot: the one style for slots', () => {
  it('writes 12-hour, 24-hour and mixed sheet times alike, labelled with the zone', () => {
    expect(formatSlot('2:00pm-3:00pm')).toBe('2:00–3:00 PM SGT');
    expect(formatSlot('14:00-15:00')).toBe('2:00–3:00 PM SGT');
    expect(formatSlot('10:00am-11:00am')).toBe('10:00–11:00 AM SGT');
    expect(formatSlot('11:00am-12:00pm')).toBe('11:00 AM–12:00 PM SGT');
    expect(formatSlot('08:00-10:00', null, 'Asia/Bangkok')).toBe('8:00–10:00 AM ICT');
  });

  it('puts the day first when the slot has one, and crosses midnight onto the next day', () => {
    expect(formatSlot('2:00pm-3:00pm', '2031-10-02')).toBe('2 October 2031, 2:00–3:00 PM SGT');
    expect(formatSlot('21:00-01:00', '2031-10-02')).toBe('2 October 2031, 9:00 PM – 3 October 2031, 1:00 AM SGT');
  });

  it('leaves text that is no clock range as written', () => {
    expect(formatSlot('Morning')).toBe('Morning');
    expect(formatSlot('Morning', '2031-10-02')).toBe('Thursday, 2 October 2031, Morning');
  });
});
