import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitClickLogs, bookings, formSubmissionLogs } from '../../src/server/db/schema.ts';
import { countDaysIn } from '../../src/server/features/analytics/analytics-zone.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// ORGANISER_TIME_ZONE=America/New_York: a report's startDate and endDate are whole New York days (the spec's call
// GET /api/admin/analytics/benefits?startDate=…&endDate=… unchanged), not UTC days.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ organiserTimeZone: 'America/New_York' });
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

// 23:30 on Tuesday 7 October 2031 in New York (EDT, UTC-4) is 03:30 on the 8th in UTC.
const LATE_EVENING = new Date('2031-10-08T03:30:00Z');

async function row(query: string, id: string) {
  const res = await t.get(`/api/admin/analytics/benefits?pageSize=200${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data.benefits as { benefitId: string; totalClicks: number; totalSubmissions: number }[];
  return rows.find((b) => b.benefitId === id);
}

describe("analytics days are the organiser's", () => {
  it("the admin session names the organiser's zone, which admin lists spanning events write their times in", async () => {
    const res = await t.get('/api/admin/session', admin);
    expect(res.json()).toMatchObject({ role: 'admin', timeZone: 'America/New_York' });
  });

  it('a day filter in New York time counts a click and a submission at 23:30 New York time on that day', async () => {
    const benefit = { userEmail: 'late.ny@example.com', benefitId: 'ny-late-show', benefitTitle: 'NY Late Show' };
    await t.db.insert(benefitClickLogs).values({ ...benefit, clickTime: LATE_EVENING });
    await t.db.insert(formSubmissionLogs).values({ ...benefit, submissionTime: LATE_EVENING });

    const onThe7th = await row('&startDate=2031-10-07&endDate=2031-10-07', 'ny-late-show');
    expect(onThe7th).toMatchObject({ totalClicks: 1, totalSubmissions: 1 });
    expect(await row('&startDate=2031-10-08&endDate=2031-10-08', 'ny-late-show')).toBeUndefined();

    const emails = await t.get(
      '/api/admin/analytics/benefits/ny-late-show/emails?kind=click&startDate=2031-10-07&endDate=2031-10-07',
      admin,
    );
    expect(emails.json().data.emails).toEqual(['late.ny@example.com']);
  });

  it('a booking made at 23:30 New York time is in that day', async () => {
    await createTestEvent(t.db, 'ny-late-supper', { benefitTitle: 'NY Late Supper', capacity: 10 });
    const res = await t.post('/api/rsvp/ny-late-supper', await t.signIn('supper.ny@example.com'), {});
    expect(res.statusCode, res.body).toBe(201);
    await t.db.update(bookings).set({ createdAt: LATE_EVENING }).where(eq(bookings.eventId, 'ny-late-supper'));

    expect(await row('&startDate=2031-10-07&endDate=2031-10-07', 'ny-late-supper')).toBeDefined();
    expect(await row('&startDate=2031-10-08&endDate=2031-10-08', 'ny-late-supper')).toBeUndefined();
  });

  it('a new organiser zone recounts the logged days (start-up), and the same zone again changes nothing', async () => {
    const benefit = { userEmail: 'moved.ny@example.com', benefitId: 'ny-moved', benefitTitle: 'NY Moved' };
    await t.db.insert(benefitClickLogs).values({ ...benefit, clickTime: LATE_EVENING });
    const clicksOn = async (day: string) =>
      (await row(`&startDate=${day}&endDate=${day}`, 'ny-moved'))?.totalClicks ?? 0;
    expect([await clicksOn('2031-10-07'), await clicksOn('2031-10-08')]).toEqual([1, 0]);
    try {
      await countDaysIn(t.db, 'UTC');
      expect([await clicksOn('2031-10-07'), await clicksOn('2031-10-08')]).toEqual([0, 1]);
      await countDaysIn(t.db, 'UTC');
      expect(await clicksOn('2031-10-08')).toBe(1);
    } finally {
      await countDaysIn(t.db, 'America/New_York');
    }
    expect([await clicksOn('2031-10-07'), await clicksOn('2031-10-08')]).toEqual([1, 0]);
  });
});
