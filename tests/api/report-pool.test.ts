import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MSG } from '#common/analytics-report.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { ReportSettings } from '../../src/server/config.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { benefitClickLogs, formSubmissionLogs } from '../../src/server/db/schema.ts';
import { clampToData } from '../../src/server/features/analytics/reports.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 020: reports run on their own connections and turns, answered from the roll-ups whatever range.
const ALL_TIME = 'startDate=1970-01-01&endDate=9998-12-31';
const at = (day: number) => new Date(Date.UTC(2025, 9, day, 12));
const click = (benefitId: string, userEmail: string, day: number) => ({
  userEmail,
  benefitId,
  benefitTitle: `Siege ${benefitId}`,
  clickTime: at(day),
});

async function appWith(reports: Partial<ReportSettings>) {
  const base = { poolSize: 2, timeoutMs: 20_000, queueLimit: 20, queueWaitMs: 20_000 };
  const t = await createTestApp({ reports: { ...base, ...reports } });
  return { t, admin: await t.signInAdmin() };
}

/** The report pool's connections on PostgreSQL that are running a statement (none on PGlite: it has no such pool). */
async function busyReportConnections(t: TestApp) {
  if (t.dbLabel !== 'postgres') return 0;
  const [row] = rowsOf<{ n: number }>(
    await t.db.execute(sql`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'portal-reports' and state <> 'idle'`),
  );
  return row?.n ?? 0;
}

describe('an all-time range', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await appWith({}));
    await t.db
      .insert(benefitClickLogs)
      .values([
        click('siege-a', 'a1@example.com', 3),
        click('siege-a', 'a2@example.com', 5),
        click('siege-a', 'a1@example.com', 9),
        click('siege-b', 'b1@example.com', 6),
      ]);
    await t.db.insert(formSubmissionLogs).values({
      userEmail: 'a3@example.com',
      benefitId: 'siege-a',
      benefitTitle: 'Siege siege-a',
      submissionTime: at(4),
    });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.get(url, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('is clamped to the first and last day with data', async () => {
    expect(await clampToData(t.db, { startDate: '1970-01-01', endDate: '9998-12-31' })).toEqual({
      startDate: '2025-10-03',
      endDate: '2025-10-09',
      all: true, // read from the all-time totals
    });
    expect(await clampToData(t.db, { startDate: '2025-10-05' })).toEqual({
      startDate: '2025-10-05',
      endDate: '2025-10-09',
      all: false,
    });
    expect(await clampToData(t.db, { endDate: '2025-10-04' })).toEqual({
      startDate: '2025-10-03',
      endDate: '2025-10-04',
      all: false,
    });
    expect(await clampToData(t.db, { startDate: '2026-01-01', endDate: '9998-12-31' })).toBeNull();
  });

  it("answers from the roll-ups as the data's real range does: the report, the e-mail lists, the CSV", async () => {
    const real = 'startDate=2025-10-03&endDate=2025-10-09';
    const report = '/api/admin/analytics/benefits?search=siege&';
    const allTime = JSON.parse(await get(report + ALL_TIME)).data.benefits;
    expect(allTime).toEqual(JSON.parse(await get(report + real)).data.benefits);
    expect(allTime.map((b: { benefitId: string; uniqueUsers: number }) => [b.benefitId, b.uniqueUsers])).toEqual([
      ['siege-a', 3],
      ['siege-b', 1],
    ]);
    for (const kind of ['click', 'submission']) {
      const emails = `/api/admin/analytics/benefits/siege-a/emails?kind=${kind}&`;
      expect(await get(emails + ALL_TIME)).toBe(await get(emails + real));
    }
    expect(JSON.parse(await get(`/api/admin/analytics/benefits/siege-a/emails?kind=click&${ALL_TIME}`))).toEqual({
      data: { emails: ['a1@example.com', 'a2@example.com'] },
    });
    const csv = '/api/admin/analytics/benefits.csv?search=siege&';
    expect(await get(csv + ALL_TIME)).toBe(await get(csv + real));
    // Half-open and partly outside the data: the same as the part inside it.
    expect(await get(`${report}startDate=1970-01-01&endDate=2025-10-05`)).toBe(
      await get(`${report}startDate=2025-10-03&endDate=2025-10-05`),
    );
    // A window inside the data counts only its days: a1 (days 3, 9) is out of 4-8, a2 (5) and a3 (4) are in.
    const inside = JSON.parse(await get(`${report}startDate=2025-10-04&endDate=2025-10-08`)).data.benefits;
    expect(inside.map((b: { benefitId: string; uniqueUsers: number }) => [b.benefitId, b.uniqueUsers])).toEqual([
      ['siege-a', 2],
      ['siege-b', 1],
    ]);
    const after = JSON.parse(await get(`${report}startDate=2030-01-01&endDate=9998-12-31`)).data;
    expect(after.benefits).toEqual([]);
  });
});

describe('while every report turn is held by slow reports', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await appWith({ queueLimit: 4 }));
  });
  afterAll(() => t.close());

  /**
   * Takes every report turn with work that does not end until released: on PostgreSQL a statement waiting on an
   * advisory lock the test holds (a real connection of the report pool), on PGlite a held turn.
   */
  async function holdEveryTurn() {
    let release: () => void = () => undefined;
    const latch = new Promise<void>((r) => {
      release = r;
    });
    let locker: pg.Client | null = null;
    if (t.dbLabel === 'postgres') {
      locker = new pg.Client({ connectionString: t.dbUrl });
      await locker.connect();
      await locker.query('select pg_advisory_lock(7030)');
    }
    const state = { holding: true };
    const holders = Array.from({ length: t.app.reports.slots }, () =>
      t.app.reports.run(async (db) => {
        if (locker) await db.execute(sql`select pg_advisory_xact_lock(7030)`);
        else await latch;
      }),
    );
    const done = Promise.all(holders).then(() => {
      state.holding = false;
    });
    if (locker) {
      for (let i = 0; i < 200 && (await busyReportConnections(t)) < t.app.reports.slots; i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(await busyReportConnections(t)).toBe(t.app.reports.slots);
    }
    return {
      state,
      release: async () => {
        release();
        await locker?.query('select pg_advisory_unlock(7030)');
        await done;
        await locker?.end();
      },
    };
  }

  it("a member's reads answer at once; reports past the queue answer 503 report_busy; the queued run after", async () => {
    const member = await t.signIn('siege-member@example.com');
    const held = await holdEveryTurn();
    const urls = [
      `/api/admin/analytics/benefits?search=a&${ALL_TIME}`,
      '/api/admin/analytics/summary',
      `/api/admin/analytics/benefits/siege-a/emails?kind=click&${ALL_TIME}`,
      `/api/admin/analytics/benefits.csv?${ALL_TIME}`,
      '/api/admin/benefits/national-gallery/rsvps.csv',
    ];
    let answered = 0;
    const reports = Array.from({ length: 10 }, (_, i) =>
      t.get(urls[i % urls.length] ?? '', admin).then((r) => {
        answered++;
        return r;
      }),
    );
    // Ten reports are waiting or refused; the member's list and the readiness probe still answer, before any ends.
    const benefits = await t.get('/api/benefits', member);
    expect(benefits.statusCode).toBe(200);
    expect((await t.get('/readyz')).statusCode).toBe(200);
    expect(held.state.holding).toBe(true);
    expect(await busyReportConnections(t)).toBe(t.dbLabel === 'postgres' ? t.app.reports.slots : 0);

    // Six past the queue are refused at once; release only then, so a slow request cannot arrive to a free turn.
    for (let i = 0; i < 400 && answered < 6; i++) await new Promise((r) => setTimeout(r, 25));
    expect(answered).toBe(6);
    await held.release();
    const answers = await Promise.all(reports);
    const refused = answers.filter((r) => r.statusCode === 503);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4); // the queue's four, once turns came free
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.json()).toEqual({ error: ANALYTICS_MSG.reportBusy, code: ERROR_CODE.reportBusy });
      expect(r.headers['retry-after']).toBe('5');
    }
  });
});

describe('a report over the timeout', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await appWith({ timeoutMs: 1_000 }));
    await t.db.insert(benefitClickLogs).values(click('siege-slow', 's1@example.com', 3));
  });
  afterAll(() => t.close());

  /** Makes every read of the titles' roll-up sleep for 3 s, until undone. */
  async function slowTitles() {
    await t.db.execute(sql`alter table analytics_titles rename to analytics_titles_fast`);
    await t.db.execute(sql`create function siege_sleep() returns boolean language sql
      as $$ select pg_sleep(3); select true $$`);
    await t.db.execute(
      sql`create view analytics_titles as select * from analytics_titles_fast where (select siege_sleep())`,
    );
    return async () => {
      await t.db.execute(sql`drop view analytics_titles`);
      await t.db.execute(sql`drop function siege_sleep()`);
      await t.db.execute(sql`alter table analytics_titles_fast rename to analytics_titles`);
    };
  }

  it('answers 503 report_timeout, holds no connection, and gives its turn back', async () => {
    const member = await t.signIn('siege-member-2@example.com');
    const undo = await slowTitles();
    try {
      const res = await t.get(`/api/admin/analytics/benefits?search=siege&${ALL_TIME}`, admin);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: ANALYTICS_MSG.reportTimeout, code: ERROR_CODE.reportTimeout });
      expect(res.headers['retry-after']).toBe('5');
      // PostgreSQL cancelled the statement: the report pool is idle. (PGlite cannot cut it; it finishes, then frees.)
      expect(await busyReportConnections(t)).toBe(0);
      expect((await t.get('/api/benefits', member)).statusCode).toBe(200);
    } finally {
      await undo();
    }
    const again = await t.get(`/api/admin/analytics/benefits?search=siege&${ALL_TIME}`, admin);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.benefits).toHaveLength(1);
  });
});
