import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACTIVE_STATUSES, HOLDING_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { createConfigSchema } from '#common/rsvp-config.ts';
import type { Db } from '../src/server/db/client.ts';
import { benefits, bookings, eventSlots, events } from '../src/server/db/schema.ts';
import { upsertAdmin } from '../src/server/features/auth/members.ts';
import { createConfig } from '../src/server/features/configurations/configurations.ts';
import { dynamicEventId } from '../src/server/features/rsvp/dynamic-rsvp.ts';
import { hotCache } from '../src/server/lib/hot-cache.ts';
import { runClient } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchEmbeddedPortal, benchPortal, ms, startProfiler } from './bench-support.ts';

/** The opening rush's goals (decision 014). */
const GOAL = { winnersP99Ms: 200, allP99Ms: 1000 };

type Portal = { app: FastifyInstance; db: Db };
type Scenario = {
  name: string;
  /** Places to be had, and what one booking takes. */
  places: number;
  perBooking: number;
  eventId: string;
  /** The event keeps a waitlist: everyone gets a 201, the places first, then waitlist positions in arrival order. */
  waitlist?: boolean;
  /** Sets up the event; returns the request each member sends (path and JSON body). */
  prepare: (portal: Portal) => Promise<(email: string) => { path: string; body: object }>;
};

const plainEvent =
  (eventId: string, capacity: number): Scenario['prepare'] =>
  async (portal) => {
    await portal.db.insert(events).values({ id: eventId, title: 'Bench race', capacity });
    return () => ({ path: `/api/rsvp/${eventId}`, body: {} });
  };

/** A plain event whose configuration keeps a waitlist. */
const waitlistEvent =
  (eventId: string, capacity: number): Scenario['prepare'] =>
  async (portal) => {
    await portal.db.insert(benefits).values({ id: eventId, slug: eventId, title: 'Bench waitlist', description: '-' });
    await portal.db.insert(events).values({ id: eventId, benefitId: eventId, title: 'Bench waitlist', capacity });
    await createConfig(
      portal.db,
      createConfigSchema.parse({
        benefitId: eventId,
        configName: 'Bench waitlist',
        slotConfig: { allowWaitlist: true },
      }),
    );
    return () => ({ path: `/api/rsvp/${eventId}`, body: {} });
  };

/** The concierge tour's first slot, cut down to `capacity`; each member brings one guest (two places). */
const guestsInSlot =
  (capacity: number): Scenario['prepare'] =>
  async (portal) => {
    const [slot] = await portal.db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.eventId, 'ap-house'))
      .orderBy(asc(eventSlots.sortKey))
      .limit(1);
    if (!slot?.slotDate) throw new Error('no concierge slot in the catalogue');
    await portal.db.update(eventSlots).set({ capacity, booked: 0 }).where(eq(eventSlots.id, slot.id));
    const selectedDate = slot.slotDate;
    return (email) => ({
      path: '/api/ap-house/rsvp',
      body: {
        fullName: 'Bench Member',
        email,
        phoneNumber: '',
        selectedDate,
        timeSlot: slot.slotTime,
        bringingGuests: 'yes',
        guestCount: 1,
        totalAttendees: 2,
      },
    });
  };

/** Answers that are neither a place nor "full", by status and code: e.g. "503 busy x12". */
function otherAnswers(results: { status: number; body: string }[], expected: unknown[]) {
  const counts = new Map<string, number>();
  for (const r of results)
    if (!expected.includes(r)) {
      const key = `${r.status} ${codeOf(r.body)}`.trim();
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts].map(([k, n]) => `${k} x${n}`).join(', ') || '-';
}

/** A field of a JSON answer ('' when absent or not JSON): the error's code, a booking's status. */
function fieldOf(body: string, field: 'code' | 'status'): string {
  try {
    return String((JSON.parse(body) as Record<string, unknown>)[field] ?? '');
  } catch {
    return '';
  }
}
const codeOf = (body: string) => fieldOf(body, 'code');

/** A benefit whose RSVP form an organiser deployed through the admin API, its event cut down to `capacity`. */
const dynamicForm =
  (capacity: number, { waitlist = false } = {}): Scenario['prepare'] =>
  async (portal) => {
    await portal.db
      .insert(benefits)
      .values({ id: 'bench-form', slug: 'bench-form', title: 'Bench form', description: 'A deployed RSVP form.' });
    await upsertAdmin(portal.db, { email: 'organiser@bench.example', password: 'bench organiser password' });
    const login = await portal.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: 'organiser@bench.example', password: 'bench organiser password' },
    });
    const cookie = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
    const admin = (url: string, payload: object) =>
      portal.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    const saved = await admin('/api/admin/rsvp-config', {
      benefitId: 'bench-form',
      configName: 'Bench form RSVP',
      ...(waitlist ? { slotConfig: { allowWaitlist: true } } : {}),
      formFields: [
        { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
        { fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true },
        { fieldName: 'company', displayName: 'Company', fieldType: 'text' },
      ],
    });
    const deployed = await admin(`/api/admin/rsvp-config/${saved.json().id}/deploy`, {});
    if (deployed.statusCode !== 200) throw new Error(`deploy failed: ${deployed.body}`);
    await portal.db
      .update(events)
      .set({ capacity })
      .where(eq(events.id, dynamicEventId('bench-form')));
    hotCache(portal.db).invalidate(dynamicEventId('bench-form')); // a write behind the app's back
    return (email) => ({
      path: '/api/rsvp/dynamic/bench-form',
      body: { formData: { fullName: 'Bench Member', email, company: 'Bench & Co' } },
    });
  };

/** One file per scenario: "race.cpuprofile" becomes "race-postgresql-one-event.cpuprofile". */
const profileFile = (file: string, scenario: string) =>
  file.replace(/(\.cpuprofile)?$/, `-${scenario.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.cpuprofile`);

const base = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/**
 * Members press RSVP at the same moment, over real HTTP from a separate process on warm connections, against one
 * or two instances. Checks the places granted (rows and 201s), and that they went to the first to arrive.
 */
async function race(
  portal: Portal,
  scenario: Scenario,
  members: number,
  instances: FastifyInstance[],
  profile?: string,
) {
  const request = await scenario.prepare(portal);
  const signedIn = await benchMembers(portal.db, members, `${scenario.eventId.replace(/\W/g, '-')}-racer`);
  for (const app of instances) await listenLoopback(app);
  // The order each instance saw the requests in, by member.
  const arrivals = instances.map(() => [] as string[]);
  for (const [i, app] of instances.entries())
    app.server.prependListener('request', (req) => {
      if (req.method === 'POST') arrivals[i]?.push(String(req.headers.cookie));
    });

  const profiler = profile ? await startProfiler() : null;
  const { results, wallMs } = await runClient({
    mode: 'race',
    requests: signedIn.map((m, i) => {
      const { path, body } = request(m.email);
      const app = instances[i % instances.length] as FastifyInstance;
      return { url: `${base(app)}${path}`, cookie: m.cookie, body: JSON.stringify(body) };
    }),
  });
  if (profiler && profile) await profiler.stopInto(profileFile(profile, scenario.name), 'the race');
  const answered = results.filter((r) => r.status === 201);
  // With a waitlist everyone is answered 201: the places are the confirmed ones, the rest hold a position.
  const placed = scenario.waitlist ? answered.filter((r) => fieldOf(r.body, 'status') === 'confirmed') : answered;
  const fullCodes = [ERROR_CODE.soldOut, ERROR_CODE.slotFull] as string[];
  const refused = results.filter((r) => r.status === 409 && fullCodes.includes(codeOf(r.body)));
  const rows = await portal.db
    .select({ email: bookings.email, places: bookings.places, status: bookings.status })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, scenario.eventId),
        inArray(bookings.status, scenario.waitlist ? ACTIVE_STATUSES : HOLDING_STATUSES),
      ),
    )
    .orderBy(asc(bookings.createdAt));
  const wantRows = answered.length; // what the 201s say must be exactly what is stored
  const emailOf = new Map(signedIn.map((m) => [m.cookie, m.email]));
  // In arrival order: with one instance, the winners (and then the waitlist) are the first arrivals, in that order.
  const firstArrivals = (arrivals[0] ?? []).slice(0, rows.length).map((c) => emailOf.get(c));
  const inOrder = instances.length > 1 ? 'n/a' : rows.every((r, i) => r.email === firstArrivals[i]) ? 'yes' : 'NO';
  const winners = latencySummary(placed.map((r) => r.ms));
  const all = latencySummary(results.map((r) => r.ms));
  const takenPlaces = rows.filter((r) => r.status !== 'waitlisted').reduce((n, r) => n + r.places, 0);
  const right =
    rows.length === wantRows &&
    takenPlaces <= scenario.places &&
    scenario.places - takenPlaces < scenario.perBooking && // filled as far as bookings fit
    answered.length + refused.length === members &&
    (!scenario.waitlist || answered.length === members) &&
    inOrder !== 'NO';
  return {
    scenario: scenario.name,
    requests: members,
    placed: `${placed.length} (${takenPlaces}/${scenario.places} places)${
      scenario.waitlist ? `, ${answered.length - placed.length} waitlisted` : ''
    }`,
    'other answers': otherAnswers(results, [...answered, ...refused]),
    'in arrival order': inOrder,
    'winners p99': `${ms(winners.p99)} (goal ${GOAL.winnersP99Ms})`,
    'all p99': `${ms(all.p99)} (goal ${GOAL.allP99Ms})`,
    last: ms(all.max),
    wall: ms(wallMs),
    verdict: !right ? 'WRONG' : winners.p99 <= GOAL.winnersP99Ms && all.p99 <= GOAL.allP99Ms ? 'ok' : 'right, slow',
  };
}

/**
 * The opening rush (decision 014): 1,000 members press RSVP for 10 places at the same moment. On PostgreSQL and on
 * PGlite, for a slot with guests, for a deployed form, and across two instances on one PostgreSQL (500 to each).
 */
export async function benchRace(opts: { members?: number; capacity?: number; only?: string; profile?: string } = {}) {
  const members = opts.members ?? 1000;
  const capacity = opts.capacity ?? 10;
  const rows = [];
  const runs: { embedded?: boolean; two?: boolean; scenario: Scenario }[] = [
    {
      scenario: {
        name: 'PostgreSQL, one event',
        places: capacity,
        perBooking: 1,
        eventId: 'bench-race',
        prepare: plainEvent('bench-race', capacity),
      },
    },
    {
      embedded: true,
      scenario: {
        name: 'PGlite, one event',
        places: capacity,
        perBooking: 1,
        eventId: 'bench-race',
        prepare: plainEvent('bench-race', capacity),
      },
    },
    {
      scenario: {
        name: 'PostgreSQL, a slot, 1 guest each',
        places: capacity,
        perBooking: 2,
        eventId: 'ap-house',
        prepare: guestsInSlot(capacity),
      },
    },
    {
      scenario: {
        name: 'PostgreSQL, a deployed form',
        places: capacity,
        perBooking: 1,
        eventId: dynamicEventId('bench-form'),
        prepare: dynamicForm(capacity),
      },
    },
    {
      scenario: {
        name: 'PostgreSQL, a deployed form with a waitlist',
        places: capacity,
        perBooking: 1,
        eventId: dynamicEventId('bench-form'),
        waitlist: true,
        prepare: dynamicForm(capacity, { waitlist: true }),
      },
    },
    {
      scenario: {
        name: 'PostgreSQL, with a waitlist',
        places: capacity,
        perBooking: 1,
        eventId: 'bench-waitlist',
        waitlist: true,
        prepare: waitlistEvent('bench-waitlist', capacity),
      },
    },
    {
      two: true,
      scenario: {
        name: 'PostgreSQL, two instances',
        places: capacity,
        perBooking: 1,
        eventId: 'bench-race',
        prepare: plainEvent('bench-race', capacity),
      },
    },
  ];
  for (const run of runs) {
    if (opts.only && !run.scenario.name.includes(opts.only)) continue;
    const onPostgres = run.embedded ? null : await benchPortal();
    const portal = onPostgres ?? (await benchEmbeddedPortal());
    try {
      const instances = [portal.app];
      if (run.two && onPostgres) instances.push(await onPostgres.secondInstance());
      rows.push(await race(portal, run.scenario, members, instances, opts.profile));
    } finally {
      await portal.close();
    }
  }
  console.log(`\nThe opening rush: ${members} members press RSVP at once for ${capacity} places (decision 014)`);
  console.table(rows);
  if (rows.some((r) => r.verdict === 'WRONG')) process.exitCode = 1;
}
