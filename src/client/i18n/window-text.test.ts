import { describe, expect, it } from 'vitest';
import { loadScheduleFormatter, windowInstantText } from './schedule-formatter.ts';

// Decision 071: a shut booking window's instant in the member's language, in the event's zone; English keeps the
// server's own sentence.
describe('a shut booking window said in the member’s language', () => {
  const window = {
    state: 'not-yet' as const,
    opensAt: '2031-09-01T02:00:00.000Z',
    closesAt: null,
    message: 'Bookings for this event open on Monday, 1 September 2031, 10:00 AM SGT.',
    timeZone: 'Asia/Singapore',
  };

  it('writes the opening in Japanese and Korean, and leaves English to the server', async () => {
    await loadScheduleFormatter();
    expect(windowInstantText(window, 'en')).toBeNull();
    expect(windowInstantText(window, 'ja')).toBe('2031年9月1日 10:00 SGT');
    expect(windowInstantText(window, 'ko')).toMatch(/^2031년 9월 1일 10:00 SGT$/);
    expect(windowInstantText({ ...window, timeZone: undefined }, 'ja')).toBeNull();
    expect(windowInstantText({ ...window, state: 'ended' }, 'ja')).toBeNull();
  });
});
