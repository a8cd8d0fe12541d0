/**
 * The load side of the benches, run as a child process (see runClient) so the server's CPU figures
 * and event loop are its own. Talks to 127.0.0.1 only, on kept-alive connections as browsers do; the
 * hot reads' load comes from wrk's own process when it is installed.
 */
import { execFile, fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export type Timed = { status: number; ms: number };

/** Everyone presses at once: one request each (its URL, cookie and body), fired together on warm connections. */
export type RacePlan = { mode: 'race'; requests: { url: string; cookie: string; body: string }[] };

export type ConferencePlan = {
  mode: 'conference';
  base: string;
  seconds: number;
  slotsEveryMs: number;
  statusEveryMs: number;
  pollers: { cookie: string; slotsPath: string; statusPath: string }[];
  bookers: { cookie: string; path: string }[];
};

/** Door staff: each scanner sends its passes one after another, as a phone at the entrance does. */
export type DoorPlan = { mode: 'door'; url: string; scanners: { cookie: string; codes: string[] }[] };

/** Hot reads: keep-alive connections on one URL for a while, from wrk's own process (autocannon's, here, without it). */
export type CannonPlan = {
  mode: 'cannon';
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
};

/** Decision 020: admins running reports back to back (each waits for its answer) while members read on a schedule. */
export type SiegePlan = {
  mode: 'siege';
  base: string;
  seconds: number;
  adminCookie: string;
  /** One admin per entry, each asking their report again as soon as it answers. */
  reportPaths: string[];
  memberEveryMs: number;
  members: { cookie: string; path: string }[];
};

/** Decision 045: an outsider's storm, signed out: `connections` kept-alive connections posting a `bodyBytes` JSON body each. */
export type StormPlan = { mode: 'storm'; url: string; seconds: number; connections: number; bodyBytes: number };

export type Plan = RacePlan | ConferencePlan | DoorPlan | CannonPlan | SiegePlan | StormPlan;
export type RaceResult = { results: (Timed & { body: string })[]; wallMs: number };
export type ConferenceResult = { slots: Timed[]; status: Timed[]; bookings: Timed[]; wallMs: number };
export type DoorResult = { results: Timed[]; wallMs: number };
export type CannonResult = {
  total: number;
  seconds: number;
  ok2xx: number;
  ok3xx: number;
  failures: number;
  p50: number;
  p99: number;
  tool: 'wrk' | 'autocannon';
};
/** `at`: when the read was sent (Date.now(), comparable across the bench's processes), to pick the reads of a window. */
export type SiegeResult = { reports: Timed[]; members: (Timed & { path: string; at: number })[]; wallMs: number };
export type StormResult = { total: number; non2xx: number; errors: number; seconds: number };
type Result = RaceResult | ConferenceResult | DoorResult | CannonResult | SiegeResult | StormResult;

const here = fileURLToPath(import.meta.url);

/** Runs a plan in a child process and resolves with its result. */
export function runClient(plan: RacePlan): Promise<RaceResult>;
export function runClient(plan: ConferencePlan): Promise<ConferenceResult>;
export function runClient(plan: DoorPlan): Promise<DoorResult>;
export function runClient(plan: CannonPlan): Promise<CannonResult>;
export function runClient(plan: SiegePlan): Promise<SiegeResult>;
export function runClient(plan: StormPlan): Promise<StormResult>;
export function runClient(plan: Plan): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(here, [], {
      execArgv: ['--import', 'tsx'],
      stdio: 'inherit',
      env: { ...process.env, BENCH_CLIENT_CHILD: '1' },
    });
    let done = false;
    child.on('message', (msg: { ok: boolean; result?: Result; error?: string }) => {
      done = true;
      if (msg.ok && msg.result) resolve(msg.result);
      else reject(new Error(`bench client failed: ${msg.error}`));
      child.disconnect();
    });
    child.on('exit', (code) => {
      if (!done) reject(new Error(`bench client exited with ${code}`));
    });
    child.send(plan);
  });
}

async function timed(url: string, init: RequestInit): Promise<Timed & { etag: string | null }> {
  const t = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer(); // the answer counts once it has all arrived
    return { status: res.status, ms: performance.now() - t, etag: res.headers.get('etag') };
  } catch {
    return { status: 0, ms: performance.now() - t, etag: null };
  }
}

/** One kept-alive HTTP/1.1 connection that sends a request and reads its answer (by Content-Length), as wrk does. */
class RawConnection {
  private pending: Buffer = Buffer.alloc(0);
  private waiting: ((r: { status: number; body: string }) => void) | null = null;
  private constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
      this.tryAnswer();
    });
  }

  static open(origin: URL): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(origin.port), origin.hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.socket.write(request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private tryAnswer() {
    const end = this.pending.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.pending.subarray(0, end).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.pending.length < end + 4 + length) return;
    const body = this.pending.subarray(end + 4, end + 4 + length).toString('utf8');
    this.pending = this.pending.subarray(end + 4 + length);
    const answer = this.waiting;
    this.waiting = null;
    answer({ status: Number(head.slice(9, 12)), body });
  }
}

const rawRequest = (url: URL, method: string, headers: Record<string, string>, body = '') =>
  Buffer.from(
    `${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: keep-alive\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

/**
 * Members have the page open, so each holds a kept-alive connection with their dashboard loaded on it when they
 * press the button. The requests are serialised beforehand and written in one loop on raw sockets, as wrk does: the
 * figures are the server's, not the time a fetch client in this process needs to dispatch a thousand requests
 * before it reads the first answer.
 */
async function race(plan: RacePlan): Promise<RaceResult> {
  const urls = plan.requests.map((r) => new URL(r.url));
  const connections = await Promise.all(urls.map((u) => RawConnection.open(u)));
  const loaded = await Promise.all(
    connections.map((c, i) =>
      c.send(rawRequest(new URL('/api/benefits', urls[i]), 'GET', { cookie: plan.requests[i]?.cookie ?? '' })),
    ),
  );
  const notLoaded = loaded.filter((r) => r.status !== 200).length;
  if (notLoaded > 0) throw new Error(`${notLoaded} members' dashboards did not load before the race`);
  const wire = plan.requests.map(({ cookie, body }, i) =>
    rawRequest(urls[i] as URL, 'POST', { cookie, 'content-type': 'application/json' }, body),
  );
  const t = performance.now();
  const results = await Promise.all(
    connections.map(async (c, i) => {
      const sent = performance.now();
      const { status, body } = await c.send(wire[i] as Buffer);
      return { status, ms: performance.now() - sent, body: body.slice(0, 2000) };
    }),
  );
  const wallMs = performance.now() - t;
  for (const c of connections) c.close();
  return { results, wallMs };
}

async function door(plan: DoorPlan): Promise<DoorResult> {
  const t = performance.now();
  const results: Timed[] = [];
  await Promise.all(
    plan.scanners.map(async ({ cookie, codes }) => {
      for (const code of codes) {
        const r = await timed(plan.url, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ code }),
        });
        results.push({ status: r.status, ms: r.ms });
      }
    }),
  );
  return { results, wallMs: performance.now() - t };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Pollers on the spec's intervals (revalidating with their last ETag, as a browser does) and bookers at random times. */
async function conference(plan: ConferencePlan): Promise<ConferenceResult> {
  const slots: Timed[] = [];
  const status: Timed[] = [];
  const bookings: Timed[] = [];
  const start = performance.now();
  const end = start + plan.seconds * 1000;
  const record = (into: Timed[], r: Timed) => into.push({ status: r.status, ms: r.ms });

  /** Every `every` ms from a random phase until the end; a slow answer does not shift the schedule. */
  const loop = async (every: number, tick: () => Promise<void>) => {
    let next = start + Math.random() * every;
    while (next < end) {
      await sleep(Math.max(0, next - performance.now()));
      await tick();
      next += every;
      while (next < performance.now()) next += every; // skip polls missed while the last one was out
    }
  };

  const tasks = plan.pollers.flatMap((p) => {
    let etag: string | null = null;
    return [
      loop(plan.slotsEveryMs, async () => {
        const r = await timed(`${plan.base}${p.slotsPath}`, {
          headers: { cookie: p.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
        });
        if (r.etag) etag = r.etag;
        record(slots, r);
      }),
      loop(plan.statusEveryMs, async () => {
        record(status, await timed(`${plan.base}${p.statusPath}`, { headers: { cookie: p.cookie } }));
      }),
    ];
  });
  for (const b of plan.bookers) {
    tasks.push(
      (async () => {
        await sleep(Math.random() * plan.seconds * 1000);
        record(
          bookings,
          await timed(`${plan.base}${b.path}`, {
            method: 'POST',
            headers: { cookie: b.cookie, 'content-type': 'application/json' },
            body: '{}',
          }),
        );
      })(),
    );
  }
  await Promise.all(tasks);
  return { slots, status, bookings, wallMs: performance.now() - start };
}

async function siege(plan: SiegePlan): Promise<SiegeResult> {
  const reports: Timed[] = [];
  const members: SiegeResult['members'] = [];
  const start = performance.now();
  const end = start + plan.seconds * 1000;
  const admins = plan.reportPaths.map(async (path) => {
    while (performance.now() < end) {
      const r = await timed(`${plan.base}${path}`, { headers: { cookie: plan.adminCookie } });
      reports.push({ status: r.status, ms: r.ms });
      if (r.status !== 200) await sleep(100); // a refused report: the admin reads the message, then asks again
    }
  });
  const readers = plan.members.map(async (m) => {
    await sleep(Math.random() * plan.memberEveryMs);
    while (performance.now() < end) {
      const at = Date.now();
      const r = await timed(`${plan.base}${m.path}`, { headers: { cookie: m.cookie } });
      members.push({ status: r.status, ms: r.ms, path: m.path, at });
      await sleep(plan.memberEveryMs);
    }
  });
  await Promise.all([...admins, ...readers]);
  return { reports, members, wallMs: performance.now() - start };
}

/** wrk (C, from Debian's packages) when installed: it takes less of the two cores from the server than autocannon. */
const wrk = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => fs.existsSync(p));
const wrkScript = fileURLToPath(new URL('./wrk-answers.lua', import.meta.url));

function cannon(plan: CannonPlan): Promise<CannonResult> {
  return wrk ? cannonWrk(wrk, plan) : cannonAutocannon(plan);
}

function cannonWrk(bin: string, plan: CannonPlan): Promise<CannonResult> {
  const headers = Object.entries(plan.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  const args = ['-t1', `-c${plan.connections}`, `-d${Math.max(1, Math.round(plan.seconds))}s`, '--timeout', '10s'];
  return new Promise((resolve, reject) => {
    execFile(bin, [...args, '-s', wrkScript, ...headers, plan.url], (err, stdout) => {
      const line = /^WRK_RESULT (.*)$/m.exec(stdout)?.[1];
      if (err || !line) return reject(err ?? new Error(`wrk printed no result: ${stdout}`));
      const r = JSON.parse(line) as Omit<CannonResult, 'seconds' | 'tool'> & { us: number };
      resolve({ ...r, seconds: r.us / 1e6, tool: 'wrk' });
    });
  });
}

async function cannonAutocannon(plan: CannonPlan): Promise<CannonResult> {
  const r = await autocannon({
    url: plan.url,
    headers: plan.headers,
    duration: plan.seconds,
    connections: plan.connections,
  });
  return {
    total: r.requests.total,
    seconds: r.duration,
    ok2xx: r['2xx'],
    ok3xx: r['3xx'],
    failures: r.errors + r.timeouts,
    p50: r.latency.p50,
    p99: r.latency.p99,
    tool: 'autocannon',
  };
}

async function storm(plan: StormPlan): Promise<StormResult> {
  const r = await autocannon({
    url: plan.url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ note: 'x'.repeat(Math.max(0, plan.bodyBytes - 12)) }),
    duration: plan.seconds,
    connections: plan.connections,
  });
  return { total: r.requests.total, non2xx: r.non2xx, errors: r.errors + r.timeouts, seconds: r.duration };
}

function run(plan: Plan): Promise<Result> {
  if (plan.mode === 'storm') return storm(plan);
  if (plan.mode === 'race') return race(plan);
  if (plan.mode === 'door') return door(plan);
  if (plan.mode === 'cannon') return cannon(plan);
  if (plan.mode === 'siege') return siege(plan);
  return conference(plan);
}

if (process.env.BENCH_CLIENT_CHILD === '1' && process.send) {
  process.once('message', async (plan: Plan) => {
    try {
      const result = await run(plan);
      process.send?.({ ok: true, result });
    } catch (err) {
      process.send?.({ ok: false, error: String(err) });
    }
  });
}
