import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../src/server/config.ts';
import { benefits, events, offerPools } from '../src/server/db/schema.ts';
import { adminCookieName } from '../src/server/features/auth/admin-guard.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { runClient } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchEmbeddedPortal, goalRow, ms } from './bench-support.ts';

/** The goal (decision 048): members' dashboard reads, p99, while an admin uploads offer codes on PGlite. */
const MEMBER_P99_GOAL_MS = 300;
const MEMBERS = 20;
const READ_EVERY_MS = 50;

/**
 * Decision 048: an admin uploads 20,000 and then 100,000 offer codes on PGlite (on disk, one connection for everyone)
 * while 20 members read their dashboard every 50 ms from a separate process; the figure is the members' p99 over
 * the reads sent while each upload ran.
 */
export async function benchUpload(sizes: number[] = [20_000, 100_000]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-upload-'));
  const portal = await benchEmbeddedPortal({ dataDir });
  try {
    const email = 'upload-admin@bench.example';
    const password = 'bench-upload-password';
    await upsertAdmin(portal.db, { email, password, role: 'admin' });
    const login = await portal.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
    const cookieName = adminCookieName(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).cookieSecure);
    const admin = `${cookieName}=${login.cookies.find((c) => c.name === cookieName)?.value}`;
    const members = (await benchMembers(portal.db, MEMBERS, 'upload')).map((m) => ({
      cookie: m.cookie,
      path: '/api/benefits',
    }));
    const base = await listenLoopback(portal.app);
    const windows: { size: number; from: number; to: number; status: number; ms: number; blockedMs: number }[] = [];
    const uploads = async () => {
      await new Promise((r) => setTimeout(r, 3000)); // the readers' connections and sessions warm first
      for (const size of sizes) {
        const id = `bench-upload-${size}`;
        await portal.db.insert(benefits).values({ id, slug: id, title: `Bench upload ${size}`, description: 'x' });
        await portal.db.insert(events).values({ id, benefitId: id, title: 'Bench upload offer', capacity: null });
        await portal.db.insert(offerPools).values({ benefitId: id });
        const text = Array.from({ length: size }, (_, i) => `BENCH-${size}-${String(i).padStart(7, '0')}`).join('\n');
        // The server's own longest stall (its event loop blocked), apart from the CPU other processes take.
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        const from = Date.now();
        const res = await fetch(`${base}/api/admin/benefits/${id}/offer-codes/upload`, {
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ text }),
        });
        await res.arrayBuffer();
        const to = Date.now();
        loop.disable();
        windows.push({ size, from, to, status: res.status, ms: to - from, blockedMs: loop.max / 1e6 });
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    const [reads] = await Promise.all([
      runClient({
        mode: 'siege',
        base,
        seconds: 45,
        adminCookie: '',
        reportPaths: [],
        memberEveryMs: READ_EVERY_MS,
        members,
      }),
      uploads(),
    ]);
    console.log(
      `\nOffer code uploads on PGlite (on disk) while ${MEMBERS} members read /api/benefits every ${READ_EVERY_MS} ms from another process`,
    );
    console.table(
      windows.map((w) => {
        const during = reads.members.filter((r) => r.at >= w.from && r.at <= w.to);
        const sum = latencySummary(during.filter((r) => r.status === 200).map((r) => r.ms));
        return {
          upload: `${w.size} codes`,
          answer: w.status,
          took: ms(w.ms),
          'member reads': during.length,
          'not 200': during.filter((r) => r.status !== 200).length,
          p50: ms(sum.p50),
          max: ms(sum.max),
          'server blocked (longest)': ms(w.blockedMs),
          ...goalRow('members p99', sum.p99, MEMBER_P99_GOAL_MS),
        };
      }),
    );
  } finally {
    await portal.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
