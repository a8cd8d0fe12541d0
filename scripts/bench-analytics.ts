import { generateLogs } from '../src/server/features/analytics/generate-logs.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { runClient, type Timed } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, ms, percentile, timeIt } from './bench-support.ts';

/** The goal (decision 004) for every analytics request over a million log rows, p95 (all-time ranges too). */
const P95_GOAL_MS = 100;
/** Decision 020: a member's read while ten admins run all-time reports, p99. */
const MEMBER_P99_GOAL_MS = 300;
const ALL_TIME = 'startDate=1970-01-01&endDate=9998-12-31';
const SIEGE_SECONDS = 20;

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
      ["one benefit's click e-mails, dates", `${benefitsUrl}/capella-day-pass/emails?kind=click&startDate=2025-09-30`],
      ['benefits, all-time (1970-9998)', `${benefitsUrl}?${ALL_TIME}`],
      ['benefits, all-time, search', `${benefitsUrl}?search=a&${ALL_TIME}`],
      [
        'benefits, 1900-2100, sorted by users',
        `${benefitsUrl}?sortBy=uniqueUsers&startDate=1900-01-01&endDate=2100-12-31`,
      ],
      ['click e-mails, all-time', `${benefitsUrl}/capella-day-pass/emails?kind=click&${ALL_TIME}`],
      ['submission e-mails, all-time', `${benefitsUrl}/capella-day-pass/emails?kind=submission&${ALL_TIME}`],
      ['benefits CSV, all-time', `${benefitsUrl}.csv?${ALL_TIME}`],
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
    await siege(portal, cookie);
  } finally {
    await portal.close();
  }
}

/**
 * Decision 020: ten admins asking all-time reports back to back (the report page, a search, the summary, the e-mail
 * dialogs, the CSV) while members read their dashboard and a probe asks /readyz, all from another process.
 */
async function siege(portal: Awaited<ReturnType<typeof benchPortal>>, adminCookie: string) {
  const base = await listenLoopback(portal.app);
  const benefitsUrl = '/api/admin/analytics/benefits';
  const reportPaths = [
    `${benefitsUrl}?${ALL_TIME}`,
    `${benefitsUrl}?search=a&${ALL_TIME}`,
    '/api/admin/analytics/summary',
    `${benefitsUrl}/capella-day-pass/emails?kind=click&${ALL_TIME}`,
    `${benefitsUrl}/capella-day-pass/emails?kind=submission&${ALL_TIME}`,
    `${benefitsUrl}.csv?${ALL_TIME}`,
    `${benefitsUrl}?sortBy=benefitTitle&startDate=1900-01-01&endDate=2100-12-31`,
    `${benefitsUrl}/elyx-life/emails?kind=click&${ALL_TIME}`,
    `${benefitsUrl}?search=night&${ALL_TIME}`,
    '/api/admin/analytics/summary',
  ];
  const members = (await benchMembers(portal.db, 20, 'siege')).map((m) => ({
    cookie: m.cookie,
    path: '/api/benefits',
  }));
  members.push({ cookie: '', path: '/readyz' });
  const { reports, members: reads } = await runClient({
    mode: 'siege',
    base,
    seconds: SIEGE_SECONDS,
    adminCookie,
    reportPaths,
    memberEveryMs: 200,
    members,
  });
  console.log(
    `\nTen admins running all-time reports for ${SIEGE_SECONDS} s (reports: ${portal.app.reports.slots} at a time on their own pool), ` +
      `${members.length - 1} members reading /api/benefits every 200 ms and a /readyz probe, load from another process`,
  );
  const row = (name: string, times: Timed[], goal?: string) => {
    const ok = times.filter((r) => r.status === 200);
    const sum = latencySummary(ok.map((r) => r.ms));
    return {
      requests: name,
      answered: times.length,
      '200': ok.length,
      '503 busy/timeout': times.filter((r) => r.status === 503).length,
      other: times.filter((r) => r.status !== 200 && r.status !== 503).length,
      p50: ms(sum.p50),
      p95: ms(
        percentile(
          [...ok.map((r) => r.ms)].sort((a, b) => a - b),
          95,
        ),
      ),
      p99: ms(sum.p99),
      max: ms(sum.max),
      goal: goal ?? '',
    };
  };
  const benefits = reads.filter((r) => r.path === '/api/benefits');
  const benefitsP99 = latencySummary(benefits.filter((r) => r.status === 200).map((r) => r.ms)).p99;
  const allOk = benefits.every((r) => r.status === 200);
  console.table([
    row('admins: all-time reports', reports),
    row(
      'members: GET /api/benefits',
      benefits,
      `p99 <= ${MEMBER_P99_GOAL_MS} ms: ${benefitsP99 <= MEMBER_P99_GOAL_MS && allOk ? 'met' : 'MISSED'}`,
    ),
    row(
      'probe: GET /readyz',
      reads.filter((r) => r.path === '/readyz'),
    ),
  ]);
}
