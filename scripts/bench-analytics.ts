import { generateLogs } from '../src/server/features/analytics/generate-logs.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { benchPortal, ms, timeIt } from './bench-support.ts';

/** Issue 19's goal for every analytics request over a million log rows, p95. */
const P95_GOAL_MS = 100;

/** The analytics endpoints over a large log on PostgreSQL, with and without filters (goal: p95 under 100 ms). */
export async function benchAnalytics(rows: number) {
  const portal = await benchPortal();
  try {
    const t0 = performance.now();
    await generateLogs(portal.db, rows);
    const generated = (performance.now() - t0) / 1000;
    await upsertAdmin(portal.db, { email: 'bench@example.com', password: 'bench password 123' });
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'bench@example.com', password: 'bench password 123' },
    });
    const cookie = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
    const get = (url: string) => async () => {
      const res = await portal.app.inject({ url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const benefitsUrl = '/api/admin/analytics/benefits';
    const requests = [
      ['summary', '/api/admin/analytics/summary'],
      ['benefits (default)', benefitsUrl],
      ['benefits, sorted by title asc', `${benefitsUrl}?sortBy=benefitTitle&sortDir=asc`],
      ['benefits, search', `${benefitsUrl}?search=a`],
      ['benefits, one day', `${benefitsUrl}?startDate=2025-10-01&endDate=2025-10-01`],
      [
        'benefits, sort, search, dates',
        `${benefitsUrl}?sortBy=uniqueUsers&sortDir=asc&search=a&startDate=2025-09-30&endDate=2025-10-02`,
      ],
      ['benefits, page 2 of 5', `${benefitsUrl}?pageSize=5&page=2&startDate=2025-09-29`],
      ['one benefit\'s click e-mails, dates', `${benefitsUrl}/capella-day-pass/emails?kind=click&startDate=2025-09-30`],
    ] as const;
    const results = [];
    for (const [name, url] of requests) results.push([`GET ${name}`, await timeIt(30, get(url))] as const);
    console.log(
      `\nAnalytics over ${rows.toLocaleString()} log rows on PostgreSQL (generated in ${generated.toFixed(1)} s)`,
    );
    console.table(
      results.map(([name, r]) => ({
        endpoint: name,
        p50: ms(r.p50),
        p95: ms(r.p95),
        max: ms(r.max),
        [`goal p95 <= ${P95_GOAL_MS} ms`]: r.p95 <= P95_GOAL_MS ? 'met' : 'MISSED',
      })),
    );
  } finally {
    await portal.close();
  }
}
