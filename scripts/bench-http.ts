import { performance } from 'node:perf_hooks';
import { upsertMember } from '../src/server/features/auth/members.ts';
import { hotAnswer } from '../src/server/lib/hot-cache.ts';
import { type CannonResult, runClient } from './bench-client.ts';
import { helloWorld, listenLoopback } from './bench-load.ts';
import { benchPortal, startProfiler } from './bench-support.ts';

export type HttpBenchOptions = { seconds?: number; connections?: number; warmupSeconds?: number; profile?: string };

/** What Chromium and Firefox send. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** Decision 014: hot reads at least this share of a bare hello-world's throughput. */
const GOAL_RATIO = 0.6;

type Target = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  expect: '2xx' | '3xx';
  /** A bare Fastify for comparison, not held to the goal. */
  reference?: boolean;
};

/**
 * The hot reads against a bare Fastify hello-world, over real HTTP on loopback. The load comes from
 * another process (wrk when installed, else autocannon in bench-client.ts's child), so the servers have
 * this process to themselves; "server busy" is their event loop's utilisation during the run.
 */
export async function benchHttp(opts: HttpBenchOptions = {}) {
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 50;
  const warmup = opts.warmupSeconds ?? 2;
  const portal = await benchPortal();
  let hello: Awaited<ReturnType<typeof helloWorld>> | undefined;
  try {
    await upsertMember(portal.db, { email: 'http-bench@example.com', firstName: 'Http', lastName: 'Bench' });
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'http-bench@example.com' },
    });
    const c = login.cookies[0];
    if (login.statusCode !== 200 || !c) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const cookie = `${c.name}=${c.value}`;
    const base = await listenLoopback(portal.app);

    const plain = await fetch(`${base}/api/benefits`, { headers: { cookie } });
    const benefitsBody = Buffer.from(await plain.arrayBuffer());
    if (plain.status !== 200) throw new Error(`GET /api/benefits: ${plain.status}`);
    const gzipped = hotAnswer(benefitsBody.toString()).gzip ?? benefitsBody; // as the portal compresses it
    hello = await helloWorld({ body: benefitsBody, gzip: gzipped });
    const kb = (bytes: Buffer) => (bytes.length / 1024).toFixed(1);

    const slotsUrl = `${base}/api/rsvp/mclaren-tour/slots`;
    const first = await fetch(slotsUrl, { headers: { cookie } });
    const etag = first.headers.get('etag') ?? '';
    await first.arrayBuffer();

    const targets: Target[] = [
      { name: 'bare Fastify hello-world', url: `${hello.url}/`, expect: '2xx' },
      {
        name: 'GET /api/benefits (signed in, gzip accepted)',
        url: `${base}/api/benefits`,
        headers: { cookie, 'accept-encoding': BROWSER_ENCODINGS },
        expect: '2xx',
      },
      // Not goals: the ceiling for any server sending that answer's bytes here.
      {
        name: `  bare Fastify sending the same ${kb(gzipped)} KB`,
        url: `${hello.url}/bytes-gzip`,
        expect: '2xx',
        reference: true,
      },
      {
        name: '  the same, no Accept-Encoding',
        url: `${base}/api/benefits`,
        headers: { cookie },
        expect: '2xx',
      },
      {
        name: `  bare Fastify sending the same ${kb(benefitsBody)} KB`,
        url: `${hello.url}/bytes`,
        expect: '2xx',
        reference: true,
      },
      { name: 'GET /api/rsvp/mclaren-tour/slots (signed in)', url: slotsUrl, headers: { cookie }, expect: '2xx' },
      {
        name: '  the same, If-None-Match (304)',
        url: slotsUrl,
        headers: { cookie, 'if-none-match': etag },
        expect: '3xx',
      },
    ];

    // Interleaved rounds, so a change in background load hits the baseline and the portal alike.
    const rounds = Math.max(1, Math.round(seconds / 5));
    const per = seconds / rounds;
    if (warmup > 0) for (const target of targets) await cannon(target, warmup, connections);
    const runs = targets.map(() => [] as { result: CannonResult; busy: number }[]);
    const profiler = opts.profile ? await startProfiler() : null;
    for (let round = 0; round < rounds; round++) {
      for (const [i, target] of targets.entries()) {
        const elu = performance.eventLoopUtilization();
        const result = await cannon(target, per, connections);
        runs[i]?.push({ result, busy: performance.eventLoopUtilization(elu).utilization });
      }
    }
    if (profiler && opts.profile) await profiler.stopInto(opts.profile, 'the hot reads');

    const rows = [];
    let baseline = Number.NaN;
    for (const [i, target] of targets.entries()) {
      const list = runs[i] ?? [];
      const total = list.reduce((n, r) => n + r.result.total, 0);
      const secondsRun = list.reduce((n, r) => n + r.result.seconds, 0);
      const reqPerSec = total / secondsRun;
      const expected = list.reduce((n, r) => n + (target.expect === '2xx' ? r.result.ok2xx : r.result.ok3xx), 0);
      const failures = list.reduce((n, r) => n + r.result.failures, 0);
      if (Number.isNaN(baseline)) baseline = reqPerSec;
      const ratio = reqPerSec / baseline;
      rows.push({
        endpoint: target.name,
        'req/s': Math.round(reqPerSec),
        'p50 ms': Math.max(...list.map((r) => r.result.p50)),
        'p99 ms': Math.max(...list.map((r) => r.result.p99)),
        'server busy': `${Math.round((list.reduce((n, r) => n + r.busy, 0) / list.length) * 100)}%`,
        'ratio to hello-world': ratio.toFixed(2),
        'goal >=0.6': i === 0 || target.reference ? '' : ratio >= GOAL_RATIO ? 'met' : 'MISSED',
        'unexpected answers': total - expected + failures,
      });
    }
    console.log(
      `\nHot reads over HTTP on loopback, PostgreSQL: ${runs[0]?.[0]?.result.tool ?? '?'} in a separate process, ${connections} connections, ${seconds} s per ` +
        `endpoint in ${rounds} interleaved rounds after a ${warmup} s warm-up; p50/p99 of the worst round; ` +
        `server busy = the server thread's event-loop utilisation`,
    );
    console.table(rows);
    if (runs[0]?.[0]?.result.tool === 'autocannon')
      console.log(
        'wrk is not installed (apt-get install wrk): autocannon parses the answers on a core the server needs, so ' +
          'the larger answers measure the load generator more than the server (docs/decisions/014).',
      );
  } finally {
    await hello?.close();
    await portal.close();
  }
}

function cannon(target: Target, seconds: number, connections: number) {
  return runClient({ mode: 'cannon', url: target.url, headers: target.headers, seconds, connections });
}
