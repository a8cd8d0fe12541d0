import { upsertMember } from '../src/server/features/auth/members.ts';
import { runClient, type SiegeResult } from './bench-client.ts';
import { latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, goalRow, ms } from './bench-support.ts';

/** Members' reads keep this p99 while outsiders post 1 MB bodies (decision 045). */
const GOAL_P99_MS = 300;
const STORM_BODY_BYTES = 1024 * 1024;
const STORM_CONNECTIONS = 20;

/**
 * A member's `GET /api/benefits` alone, then while 20 signed-out connections post 1 MB bodies to a member route and
 * to an admin route. Readers and storm run in two other processes (bench-client.ts), so the server's loop is its own.
 */
export async function benchBodies(opts: { seconds?: number; readers?: number; everyMs?: number } = {}) {
  const seconds = opts.seconds ?? 10;
  const readers = opts.readers ?? 5;
  const everyMs = opts.everyMs ?? 50;
  const portal = await benchPortal();
  try {
    const members: { cookie: string; path: string }[] = [];
    for (let i = 0; i < readers; i++) {
      const email = `bodies-bench-${i}@example.com`;
      await upsertMember(portal.db, { email, firstName: 'Body', lastName: `Bench ${i}` });
      const login = await portal.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
      const c = login.cookies[0];
      if (login.statusCode !== 200 || !c) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      members.push({ cookie: `${c.name}=${c.value}`, path: '/api/benefits' });
    }
    const base = await listenLoopback(portal.app);
    const read = () =>
      runClient({ mode: 'siege', base, seconds, adminCookie: '', reportPaths: [], memberEveryMs: everyMs, members });
    const summary = (r: SiegeResult) => {
      const failed = r.members.filter((m) => m.status !== 200).length;
      return { ...latencySummary(r.members.map((m) => m.ms)), failed };
    };

    const alone = summary(await read());
    const rows = [{ ...goalRow('GET /api/benefits p99, alone', alone.p99, GOAL_P99_MS), reads: alone.n }];
    const storms: string[] = [];
    for (const target of ['/api/analytics/submission', '/api/admin/benefits']) {
      const [during, storm] = await Promise.all([
        read(),
        runClient({
          mode: 'storm',
          url: `${base}${target}`,
          seconds,
          connections: STORM_CONNECTIONS,
          bodyBytes: STORM_BODY_BYTES,
        }),
      ]);
      const s = summary(during);
      if (s.failed > 0) throw new Error(`${s.failed} member reads failed during the storm on ${target}`);
      rows.push({
        ...goalRow(`GET /api/benefits p99, 20 x 1 MB POST ${target}`, s.p99, GOAL_P99_MS),
        reads: s.n,
      });
      storms.push(
        `${target}: ${storm.total} posts of 1 MB in ${storm.seconds} s (${storm.non2xx} refused, ${storm.errors} connection errors)`,
      );
    }
    console.log(`\nOutsiders' 1 MB bodies vs members' reads (${readers} members, one read each per ${everyMs} ms)`);
    console.table(rows);
    for (const line of storms) console.log(`  storm ${line}`);
    console.log(`  member p50 alone ${ms(alone.p50)}`);
  } finally {
    await portal.close();
  }
}
