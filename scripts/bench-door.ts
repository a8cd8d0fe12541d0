import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { bookings, events } from '../src/server/db/schema.ts';
import { adminCookieName } from '../src/server/features/auth/admin-guard.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { newPassCode } from '../src/server/lib/tokens.ts';
import { runClient } from './bench-client.ts';
import { latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, goalRow, ms } from './bench-support.ts';

/** The goal for one scan at the door, p99 (decision 009). */
const SCAN_P99_GOAL_MS = 300;

/**
 * The door rush: 10 staff phones check in 1,000 passes of one event, each phone scan after scan, over real HTTP
 * from a separate process, on a fresh PostgreSQL database. Every pass must be admitted exactly once.
 */
export async function benchDoor(opts: { scanners?: number; passes?: number } = {}) {
  const scanners = opts.scanners ?? 10;
  const passes = opts.passes ?? 1000;
  const portal = await benchPortal();
  try {
    await portal.db.insert(events).values({ id: 'bench-door', title: 'Bench door', capacity: passes });
    const codes = Array.from({ length: passes }, () => newPassCode());
    for (let i = 0; i < passes; i += 1000)
      await portal.db.insert(bookings).values(
        codes.slice(i, i + 1000).map((passCode, j) => ({
          eventId: 'bench-door',
          email: `guest-${i + j}@bench.example`,
          fullName: `Guest ${i + j}`,
          status: 'confirmed',
          passCode,
          placedAt: new Date(),
        })),
      );
    const cookieName = adminCookieName(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).cookieSecure);
    const cookies: string[] = [];
    for (let s = 0; s < scanners; s++) {
      const email = `door-${s}@bench.example`;
      await upsertAdmin(portal.db, { email, password: 'bench-door-password', role: 'staff' });
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email, password: 'bench-door-password' },
      });
      const cookie = res.cookies.find((c) => c.name === cookieName);
      if (!cookie) throw new Error(`staff sign-in failed: ${res.body}`);
      cookies.push(`${cookie.name}=${cookie.value}`);
    }
    const base = await listenLoopback(portal.app);
    const { results, wallMs } = await runClient({
      mode: 'door',
      url: `${base}/api/admin/check-in`,
      scanners: cookies.map((cookie, s) => ({ cookie, codes: codes.filter((_, i) => i % scanners === s) })),
    });
    const lat = latencySummary(results.map((r) => r.ms));
    const [row] = await portal.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, 'bench-door'), isNotNull(bookings.checkedInAt)));
    console.log(
      `\nDoor rush on PostgreSQL: ${scanners} scanners check in ${passes} passes (${ms(wallMs)} in all, ` +
        `${((passes / wallMs) * 1000).toFixed(0)} scans/s)`,
    );
    console.table([
      { figure: 'scan p50', value: ms(lat.p50), goal: '' },
      goalRow('scan p99', lat.p99, SCAN_P99_GOAL_MS),
      { figure: 'scan max', value: ms(lat.max), goal: '' },
    ]);
    const checks = [
      ['200 answers', results.filter((r) => r.status === 200).length, passes],
      ['checked in, in the database', row?.n, passes],
    ] as const;
    console.table(checks.map(([check, got, want]) => ({ check, got, want, verdict: got === want ? 'ok' : 'WRONG' })));
    if (checks.some(([, got, want]) => got !== want)) process.exitCode = 1;
  } finally {
    await portal.close();
  }
}
