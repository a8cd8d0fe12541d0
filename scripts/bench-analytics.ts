import { generateLogs } from '../src/server/features/analytics/generate-logs.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { benchPortal, ms, timeIt } from './bench-support.ts';

/** Both analytics endpoints over a large log on PostgreSQL (goal: under 200 ms each). */
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
    const results = [
      ['GET /api/admin/analytics/summary', await timeIt(15, get('/api/admin/analytics/summary'))],
      ['GET /api/admin/analytics/benefits (default)', await timeIt(15, get('/api/admin/analytics/benefits'))],
      [
        'GET /api/admin/analytics/benefits (sort, search, dates)',
        await timeIt(
          15,
          get(
            '/api/admin/analytics/benefits?sortBy=uniqueUsers&sortDir=asc&search=a&startDate=2025-09-30&endDate=2025-10-02',
          ),
        ),
      ],
    ] as const;
    console.log(
      `\nAnalytics over ${rows.toLocaleString()} log rows on PostgreSQL (generated in ${generated.toFixed(1)} s)`,
    );
    console.table(
      results.map(([name, r]) => ({
        endpoint: name,
        p50: ms(r.p50),
        p95: ms(r.p95),
        max: ms(r.max),
        'goal <200 ms': r.p50 < 200 ? 'met' : 'MISSED',
      })),
    );
  } finally {
    await portal.close();
  }
}
