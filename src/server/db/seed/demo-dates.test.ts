import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './catalogue.ts';
import { demoShiftDays, SPEC_CONFERENCE_MONDAY, shiftDate } from './demo-dates.ts';

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('the demo week', () => {
  it('keeps the spec dates as of the spec Monday or before', () => {
    expect(demoShiftDays(SPEC_CONFERENCE_MONDAY)).toBe(0);
    expect(demoShiftDays('2024-01-01')).toBe(0);
  });

  it.each([
    ['2025-09-30', '2025-10-06'],
    ['2026-11-25', '2026-11-30'],
    ['2026-11-30', '2026-11-30'],
    ['2031-09-29', '2031-09-29'],
  ])('as of %s starts on Monday %s, in whole weeks', (asOf, monday) => {
    const days = demoShiftDays(asOf);
    expect(days % 7).toBe(0);
    expect(shiftDate(SPEC_CONFERENCE_MONDAY, days)).toBe(monday);
    expect(weekday(monday)).toBe(1);
  });

  it('moves every seeded instant, slot day and dated text by the same days', () => {
    const spec = demoCatalogue(0);
    const moved = demoCatalogue(demoShiftDays('2026-11-25'));
    const reception = (c: typeof spec) => c.find((b) => b.id === 'speakers-reception')?.form;
    expect(reception(spec)).toMatchObject({ startDate: '2025-09-30', startTime: '19:00', timeZone: 'Asia/Singapore' });
    expect(reception(moved)).toMatchObject({ startDate: '2026-12-01', startTime: '19:00' });
    expect(moved.find((b) => b.id === 'ap-house')?.slots?.[0]?.date).toBe('2026-11-30');
    const gallery = moved.find((b) => b.id === 'national-gallery');
    expect(gallery?.form.benefitDescription).toContain('opening night on 14 January 2027');
    // The redemption code names the fight night's year, as the event's stored dates do.
    expect(JSON.stringify(moved)).not.toMatch(/2025/);
    expect(JSON.stringify(moved)).toContain('SAPFIGHT2026');
  });
});
