import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitClickLogs, formSubmissionLogs } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const at = (day: number) => new Date(Date.UTC(2025, 9, day, 12));
const day = (d: number) => at(d).toISOString().slice(0, 10);
const click = (userEmail: string, d: number) => ({
  userEmail,
  benefitId: 'window-bench',
  benefitTitle: 'Window Bench',
  clickTime: at(d),
});

/** Unique users of the benefit in the report for a query. */
async function users(query: string) {
  const res = await t.get(`/api/admin/analytics/benefits?search=window${query}`, admin);
  expect(res.statusCode).toBe(200);
  const rows = res.json().data.benefits as { benefitId: string; uniqueUsers: number }[];
  return rows.find((b) => b.benefitId === 'window-bench')?.uniqueUsers ?? 0;
}

describe('unique users in a date window (one row per member and benefit)', () => {
  it('counts a member once if any of their days falls in the window, whichever insert brought the day', async () => {
    // w1 on days 5 and 7 (two inserts: the roll-up merges its days), w2 on day 6, w3 submits on day 7.
    await t.db.insert(benefitClickLogs).values([click('w1@example.com', 5), click('w2@example.com', 6)]);
    await t.db.insert(benefitClickLogs).values([click('w1@example.com', 7), click('w1@example.com', 5)]);
    await t.db.insert(formSubmissionLogs).values({
      userEmail: 'w3@example.com',
      benefitId: 'window-bench',
      benefitTitle: 'Window Bench',
      submissionTime: at(7),
    });
    expect(await users('')).toBe(3);
    expect(await users(`&startDate=${day(5)}&endDate=${day(5)}`)).toBe(1);
    expect(await users(`&startDate=${day(6)}&endDate=${day(6)}`)).toBe(1);
    expect(await users(`&startDate=${day(6)}&endDate=${day(7)}`)).toBe(3);
    expect(await users(`&startDate=${day(7)}`)).toBe(2);
    expect(await users(`&endDate=${day(5)}`)).toBe(1);
    expect(await users(`&startDate=${day(8)}`)).toBe(0);
  });
});
