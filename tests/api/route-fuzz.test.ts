/**
 * Property-based fuzz of every registered route, generated from the routes' own zod schemas.
 *
 * Requests have the right shape (so most get past validation into handlers and the database) with hostile
 * leaves: NUL, lone surrogates, huge and tiny numbers, impossible dates, deep nesting, long strings, injection
 * text. Every route is fuzzed signed out, as a member and as an admin. A request fails the test when it is
 * answered 5xx, takes 2 s of CPU (or 10 s in all) or more, or is a JSON 4xx without {error, code}.
 *
 * FUZZ_SEED=<n> replays a run (the failure message names it), FUZZ_RUNS=<n> sets the runs per route and
 * identity, FUZZ_LOG=1 shows the server's error log, FUZZ_STATS=1 prints the status codes each route answered and
 * the CPU its requests took (cpuMs). The values, the schema-shaped arbitraries and the requests are in
 * tests/support/fuzz/ (pools.ts, arbitraries.ts, requests.ts); this file signs in, sets up and runs them.
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits, bookings, eventSlots, outboxJobs, rsvpConfigurations } from '../../src/server/db/schema.ts';
import {
  ADMIN_EMAIL,
  BRUNCH_SHEET,
  DYNAMIC_BENEFIT,
  harvested,
  MEMBER_EMAIL,
  OTHER_EMAIL,
  samplePngs,
} from '../support/fuzz/pools.ts';
import { type FuzzRequest, type Route, type RouteSchemas, requestArb } from '../support/fuzz/requests.ts';
import { postMultipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// ---- settings -----------------------------------------------------------------------------------------
/** In CI each database gets half the runs with a seed of its own: together the same 100 inputs per route, each once. */
const SPLIT = process.env.CI === 'true' && !process.env.FUZZ_RUNS;
const SEED = Number(
  process.env.FUZZ_SEED ?? 20_250_930 + (SPLIT && process.env.TEST_DB_KIND === 'postgres' ? 1_000 : 0),
);
/** Runs per route for an identity that may use it; a quarter where it may not (those end at the guard). */
const RUNS = Number(process.env.FUZZ_RUNS ?? (SPLIT ? 50 : 100));
/** Slow is 2 s of this process's CPU, or 10 s in all: a machine shared with other work stretches the wall clock only. */
const SLOW_MS = 2000;
const SLOW_WALL_MS = 10_000;
const SKIPPED = new Set(['GET /healthz', 'GET /readyz']);
/** Signed in, these would end the identity's own session: they are fuzzed signed out only. */
const LOGOUTS = new Set(['POST /api/auth/logout', 'POST /api/admin/logout']);
/** A few SPA pages (the not-found handler serves them, with boot data), some with hostile segments. */
const PAGES = [
  '/',
  '/benefits',
  '/login',
  '/admin',
  '/admin/benefits',
  '/rsvp/%00',
  '/rsvp/:benefitId',
  '/dynamic-rsvp/:benefitId',
  '/bookings/:bookingId',
  '/mclaren-tour',
];

const isAdminRoute = (url: string) =>
  (/^\/api\/(admin|sheets)\//.test(url) || url === '/api/upload-image') &&
  !/^\/api\/admin\/(login|logout|session)$/.test(url);

// ---- running ------------------------------------------------------------------------------------------
let t: TestApp;
type Identity = 'signed out' | 'member' | 'admin';
const cookies: Record<Identity, string | null> = { 'signed out': null, member: null, admin: null };

const clip = (text: string, n = 400) => {
  const shown = JSON.stringify(text.length > n ? `${text.slice(0, n)}…` : text);
  return text.length > n ? `${shown} (${text.length} chars)` : shown;
};
const describePayload = (payload: FuzzRequest['payload']) =>
  payload === undefined ? '(none)' : clip(Buffer.isBuffer(payload) ? payload.toString('latin1') : payload);

/** FUZZ_STATS=1 prints the answers' status codes per identity and route: are requests getting through? */
const stats = process.env.FUZZ_STATS ? new Map<string, Record<string, number>>() : null;
let routeUnderTest = '';

async function send(identity: Identity, req: FuzzRequest) {
  const cookie = identity === 'signed out' ? req.cookie : (cookies[identity] ?? undefined);
  const started = performance.now();
  const cpu = process.cpuUsage();
  // Raw inject: the identity's cookie must replace one the generated request carries (t.send lets headers win).
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const used = process.cpuUsage(cpu);
  return { res, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

const remember = (pool: string[], id: string | undefined) => {
  if (id && pool.length < 60 && !pool.includes(id)) pool.push(id);
};
/** Keeps the ids a successful write answered with. */
function harvest(identity: Identity, method: string, body: string) {
  if (method === 'GET' || !body.startsWith('{')) return;
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const booking = body.match(new RegExp(`"bookingId":"(${uuid})"`))?.[1];
  remember(identity === 'member' ? harvested.ownBookings : harvested.otherBookings, booking);
  if (routeUnderTest === '/api/admin/rsvp-config') remember(harvested.configs, body.match(/"id":"([^"]+)"/)?.[1]);
  if (routeUnderTest === '/api/admin/benefits') remember(harvested.benefits, body.match(/"id":"([^"]+)"/)?.[1]);
}

/** What is wrong with one answer, or null. */
async function problemWith(identity: Identity, req: FuzzRequest): Promise<string | null> {
  let outcome: Awaited<ReturnType<typeof send>>;
  try {
    outcome = await send(identity, req);
  } catch (err) {
    return `${identity}: ${req.method} ${clip(req.url, 300)} made inject throw ${(err as Error).stack ?? err}`;
  }
  const { res, ms, cpuMs } = outcome;
  if (res.statusCode < 300) harvest(identity, req.method, res.body);
  if (stats) {
    const key = `${identity} ${req.method} ${routeUnderTest}`;
    const counts = stats.get(key) ?? {};
    const why = res.statusCode === 400 ? ` ${res.body.match(/"error":"([^"]{0,60})/)?.[1]}` : '';
    counts[`${res.statusCode}${why}`] = (counts[`${res.statusCode}${why}`] ?? 0) + 1;
    counts.cpuMs = (counts.cpuMs ?? 0) + cpuMs; // where the fuzz's own time goes
    stats.set(key, counts);
  }
  const type = String(res.headers['content-type'] ?? '');
  let problem: string | null = null;
  if (res.statusCode >= 500) problem = `answered ${res.statusCode}`;
  else if (cpuMs >= SLOW_MS) problem = `took ${cpuMs} ms of CPU (limit ${SLOW_MS})`;
  else if (ms >= SLOW_WALL_MS) problem = `took ${ms} ms (limit ${SLOW_WALL_MS})`;
  else if (res.statusCode >= 400 && type.includes('json')) {
    let body: { error?: unknown; code?: unknown } | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    if (typeof body?.error !== 'string' || typeof body.code !== 'string')
      problem = `answered ${res.statusCode} without {error, code}`;
  }
  if (!problem) return null;
  return [
    `${identity}: ${req.method} ${clip(req.url, 300)} ${problem} (${res.statusCode} in ${ms} ms)`,
    `  headers: ${JSON.stringify(req.headers)}${req.cookie ? ` cookie: ${clip(req.cookie, 80)}` : ''}`,
    `  payload: ${describePayload(req.payload)}`,
    `  response: ${clip(res.body, 600)}`,
  ].join('\n');
}

/** Signs the identity in again if a fuzzed request ended its session (none should: logouts are excluded). */
async function keepSignedIn(identity: Identity) {
  if (identity === 'signed out') return;
  const url = identity === 'admin' ? '/api/admin/session' : '/api/auth/session';
  const res = await t.get(url, cookies[identity] ?? undefined);
  if (res.statusCode === 200) return;
  stats?.set(`${identity} signed in again after ${routeUnderTest}`, {});
  cookies[identity] = identity === 'admin' ? await t.signInAdmin(ADMIN_EMAIL) : await t.signIn(MEMBER_EMAIL, 'Fuzz');
}

let checkIndex = 0;
/** Fuzzes each route as one identity (fast-check shrinks what fails); returns the failures. */
async function fuzz(identity: Identity, routes: Route[], runsFor: (route: Route) => number) {
  const failures: string[] = [];
  for (const route of routes) {
    const seed = SEED + checkIndex++;
    routeUnderTest = route.url;
    const property = fc.asyncProperty(requestArb(route, identity === 'signed out'), async (req) => {
      const problem = await problemWith(identity, req);
      if (problem) throw new Error(problem);
    });
    const details = await fc.check(property, {
      numRuns: runsFor(route),
      seed,
      // Bounds the shrinking of a slow request; a route that cannot run once in this time fails.
      interruptAfterTimeLimit: 30_000,
      markInterruptAsFailure: false,
    });
    if (details.failed) {
      const why =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : `${identity}: ${route.method} ${route.url} did not finish one run in 30 s`;
      failures.push(
        `${why}\n  route ${route.method} ${route.url}; replay with FUZZ_SEED=${SEED} ` +
          `(seed ${seed}, path ${details.counterexamplePath}; ${details.numShrinks} shrinks)`,
      );
    }
    await keepSignedIn(identity);
  }
  return failures;
}

let apiRoutes: Route[] = [];
let pageRoutes: Route[] = [];
const post = async (url: string, cookie: string, payload: object) => {
  const res = await t.post(url, cookie, payload);
  if (res.statusCode >= 300) throw new Error(`setup: ${url} answered ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({
    loginLimitPerIp: 1_000_000,
    loginLimitPerEmail: 1_000_000,
    memberWriteLimits: { bookingsPerMember: 1_000_000, perIp: 1_000_000 },
    ...(process.env.FUZZ_LOG ? { logLevel: 'error' } : {}),
  });
  cookies.member = await t.signIn(MEMBER_EMAIL, 'Fuzz', 'Member');
  cookies.admin = await t.signInAdmin(ADMIN_EMAIL);
  const [member, admin] = [cookies.member, cookies.admin];
  const other = await t.signIn(OTHER_EMAIL, 'Other', 'Member');

  samplePngs.valid = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  samplePngs.big = await sharp({ create: { width: 1600, height: 1000, channels: 4, background: '#3c3c' } })
    .png()
    .toBuffer();

  // A live dynamic RSVP fed by the demo sheet, so the dynamic routes reach their engine.
  await t.db.insert(benefits).values({
    id: DYNAMIC_BENEFIT,
    slug: DYNAMIC_BENEFIT,
    title: 'Fuzz Brunch',
    description: 'Brunch on the water.',
    partnerContactEmail: 'brunch@partner.example',
    action: 'page',
    actionTarget: `/rsvp/${DYNAMIC_BENEFIT}`,
  });
  const sheet = { tab1Url: BRUNCH_SHEET, tab1Name: 'Form Submissions', tab2Url: BRUNCH_SHEET, tab2Name: 'Slot Logic' };
  const processed = await post('/api/sheets/process', admin, sheet);
  const config = await post('/api/admin/rsvp-config', admin, {
    benefitId: DYNAMIC_BENEFIT,
    configName: 'Fuzz Brunch RSVP',
    formFields: processed.tab1Headers,
    slotConfig: { hasSlots: true, slotField: 'timeSlot', allowWaitlist: true },
    sheetMapping: sheet,
  });
  await post(`/api/admin/rsvp-config/${config.id}/deploy`, admin, {});

  // Bookings of both members: the booking routes and the admin's lists get real ids.
  const answer = (fullName: string, email: string) => ({
    formData: { fullName, email, rsvp: 'Yes', timeSlot: '1:00pm-2:00pm', bringingGuests: 'Yes', numberOfGuests: 1 },
  });
  const own = [
    await post(`/api/rsvp/dynamic/${DYNAMIC_BENEFIT}`, member, answer('Fuzz Member', MEMBER_EMAIL)),
    await post('/api/rsvp/mclaren-tour', member, {}),
    await post('/api/ap-house/rsvp', member, {
      fullName: 'Fuzz Member',
      email: MEMBER_EMAIL,
      selectedDate: '2031-09-30',
      timeSlot: '10:00am-11:00am',
      bringingGuests: 'yes',
      guestCount: 1,
    }),
  ];
  harvested.ownBookings.push(...own.map((b: { bookingId: string }) => b.bookingId));
  await post(`/api/rsvp/dynamic/${DYNAMIC_BENEFIT}`, other, answer('Other Member', OTHER_EMAIL));
  await post('/api/rsvp/sap-night', other, {
    fullName: 'Other Member',
    email: OTHER_EMAIL,
    rsvpStatus: 'yes',
    tourRequested: 'yes',
    timeSlot: '5:00pm-5:30pm',
  });
  const uploaded = await postMultipart(t.app, '/api/upload-image', admin, {}, [
    { field: 'image', filename: 'a.png', contentType: 'image/png', data: samplePngs.valid },
  ]);
  if (uploaded.statusCode !== 200) throw new Error(`setup: image upload answered ${uploaded.body}`);
  harvested.images.push(String(uploaded.json().imageUrl).split('/').pop() ?? '');

  const ids = async (table: typeof bookings | typeof eventSlots | typeof outboxJobs | typeof rsvpConfigurations) =>
    (await t.db.select({ id: table.id }).from(table)).map((r) => String(r.id));
  harvested.otherBookings.push(...(await ids(bookings)).filter((id) => !harvested.ownBookings.includes(id)));
  harvested.slots.push(...(await ids(eventSlots)));
  harvested.configs.push(...(await ids(rsvpConfigurations)));
  harvested.mail.push(...(await ids(outboxJobs)).slice(0, 6));

  // The app's route list carries each route's schema as registered.
  const list = t.app.routeList.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
  const route = (r: (typeof list)[number]): Route => ({
    method: r.method,
    url: r.url,
    schemas: (r.schema ?? {}) as RouteSchemas,
  });
  apiRoutes = list.filter((r) => r.url.startsWith('/api/')).map(route);
  // Pages: a few SPA paths, plus whatever else is registered outside /api (the static wildcard after a build).
  const extra = list.filter((r) => !r.url.startsWith('/api/') && r.url !== '/');
  pageRoutes = [...PAGES.map((url) => ({ method: 'GET', url, schemas: {} })), ...extra.map(route)];
}, 120_000);

afterAll(async () => {
  if (stats) console.log([...stats].map(([key, counts]) => `${key} ${JSON.stringify(counts)}`).join('\n'));
  await t?.close();
});

const fewer = Math.max(3, Math.ceil(RUNS / 4));
const isDelete = (r: Route) => r.method === 'DELETE';
const signedInRoute = (r: Route) => !LOGOUTS.has(`${r.method} ${r.url}`);
const report = (failures: string[]) =>
  failures.length ? `${failures.length} failing route(s), FUZZ_SEED=${SEED}:\n\n${failures.join('\n\n')}` : '';

describe('route fuzz: schema-shaped hostile requests to every route', () => {
  it('covers every API route the app registers, most with a schema', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const withSchema = apiRoutes.filter((r) => r.schemas.body || r.schemas.querystring || r.schemas.params);
    expect(withSchema.length).toBeGreaterThan(25);
  });

  // Deletions come last in each pass: they would leave the other routes fewer real ids to reach.
  it('signed out: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter((r) => !isDelete(r)), ...pageRoutes, ...apiRoutes.filter(isDelete)];
    const failures = await fuzz('signed out', routes, (r) => (isAdminRoute(r.url) ? fewer : RUNS));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as a member: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter(signedInRoute), ...pageRoutes];
    const failures = await fuzz('member', routes, (r) => (isAdminRoute(r.url) ? fewer : RUNS));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as an admin: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter((r) => signedInRoute(r) && !isDelete(r)), ...pageRoutes];
    const failures = await fuzz('admin', routes, (r) => (isAdminRoute(r.url) ? RUNS : fewer));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it("as a member again, over what the admin's fuzz left behind", async () => {
    const routes = apiRoutes.filter((r) => signedInRoute(r) && !isAdminRoute(r.url));
    const failures = await fuzz('member', routes, () => Math.ceil(RUNS / 2));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as an admin, the deletions', async () => {
    const failures = await fuzz('admin', apiRoutes.filter(isDelete), () => RUNS);
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('still answers afterwards', async () => {
    const res = await t.get('/api/benefits', cookies.member ?? undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.get('/healthz')).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
