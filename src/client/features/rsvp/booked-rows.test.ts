import { describe, expect, it } from 'vitest';
import { bookedRows } from './booked-rows.ts';

const EVENING = { startDate: '20311001T110000Z', endDate: '20311001T140000Z' };
const calendar = (c: { startDate: string; endDate: string }) => ({ title: 't', description: 'd', location: 'l', ...c });
const booking = (over: Partial<Parameters<typeof bookedRows>[0]> = {}): Parameters<typeof bookedRows>[0] => ({
  eventId: 'dynamic:brunch',
  slot: null,
  calendar: null,
  timeZone: 'Asia/Singapore',
  guestCount: 0,
  ...over,
});
const text = (rows: ReturnType<typeof bookedRows>) => rows.map((r) => `${r.label}: ${r.value}`);

describe('bookedRows', () => {
  it('a dated slot: its date and time slot, and the guests when the form asks for them', () => {
    const b = booking({ slot: { id: 's', date: '2031-09-29', time: '10:00am-11:00am' }, guestCount: 2 });
    expect(text(bookedRows(b))).toEqual([
      'Date: Monday, 29 September 2031',
      'Time slot: 10:00–11:00 AM SGT',
      'Guests: 2',
    ]);
    expect(text(bookedRows({ ...b, guestCount: 0 }, { guests: true }))).toContain('Guests: 0');
  });

  it('a time-only slot: the time slot alone; no guests line when none were asked or brought', () => {
    const b = booking({ slot: { id: 's', date: null, time: '12:00pm-1:00pm' } });
    expect(text(bookedRows(b))).toEqual(['Time slot: 12:00–1:00 PM SGT']);
  });

  it('without a slot: when, from the calendar, in the event zone', () => {
    expect(text(bookedRows(booking({ calendar: calendar(EVENING) })))).toEqual([
      'When: 1 October 2031, 7:00–10:00 PM SGT',
    ]);
    expect(bookedRows(booking())).toEqual([]);
  });

  it('the evening: its own time, and its slot as the AP House tour (or No tour)', () => {
    const evening = booking({ eventId: 'sap-night', calendar: calendar(EVENING) });
    expect(text(bookedRows({ ...evening, slot: { id: 's', date: null, time: '5:30pm-6:00pm' } }))).toEqual([
      'When: 1 October 2031, 7:00–10:00 PM SGT',
      'AP House tour: 5:30–6:00 PM SGT',
    ]);
    expect(text(bookedRows(evening))).toEqual(['When: 1 October 2031, 7:00–10:00 PM SGT', 'AP House tour: No tour']);
  });
});
