import { performance } from 'node:perf_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '#common/bookings.ts';
import { bookings, events } from '../src/server/db/schema.ts';
import { runClient, type Timed } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, ms } from './bench-support.ts';

export type ConferenceOptions = { seconds?: number; pollers?: number; bookers?: number };

// The pages that poll their counts every 3 s (docs/spec/member-portal.md §7): slot path and status path per event.
const POLLED = [
  { eventId: 'mclaren-tour', slotsPath: '/api/rsvp/mclaren-tour/slots' },
  { eventId: 'bryan-johnson', slotsPath: '/api/bryan-johnson/slots' },
  { eventId: 'national-gallery-pass', slotsPath: '/api/rsvp/national-gallery-pass/slots' },
  { eventId: 'national-gallery-invitation', slotsPath: '/api/national-gallery-invitation/slots' },
];
const SLOTS_EVERY_MS = 3_000;
const STATUS_EVERY_MS = 45_000;

/**
 * A conference hour, compressed: `pollers` members keep an event page open (slots every 3 s,
 * status every 45 s) while `bookers` others press RSVP at random moments. The app runs in this
 * process and the members in a child process, so the CPU figure is the server's own.
 */
export async function benchConferenceHour(opts: ConferenceOptions = {}) {
  const seconds = opts.seconds ?? 60;
  const pollerCount = opts.pollers ?? 300;
  const bookerCount = opts.bookers ?? 100;
  const portal = await benchPortal();
  try {
    const pollerMembers = await benchMembers(portal.db, pollerCount, 'poller');
    const bookerMembers = await benchMembers(portal.db, bookerCount, 'booker');
    const base = await listenLoopback(portal.app);
    const pick = (i: number) => POLLED[i % POLLED.length] as (typeof POLLED)[number];

    const elu = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const result = await runClient({
      mode: 'conference',
      base,
      seconds,
      slotsEveryMs: SLOTS_EVERY_MS,
      statusEveryMs: STATUS_EVERY_MS,
      pollers: pollerMembers.map((m, i) => ({
        cookie: m.cookie,
        slotsPath: pick(i).slotsPath,
        statusPath: `/api/rsvp/${pick(i).eventId}/status`,
      })),
      bookers: bookerMembers.map((m, i) => ({ cookie: m.cookie, path: `/api/rsvp/${pick(i).eventId}` })),
    });
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(elu).utilization;

    const row = (name: string, list: Timed[], every: string) => {
      const s = latencySummary(list.map((r) => r.ms));
      const codes = new Map<number, number>();
      for (const r of list) codes.set(r.status, (codes.get(r.status) ?? 0) + 1);
      return {
        requests: name,
        every,
        count: list.length,
        'req/s': (list.length / (wall / 1000)).toFixed(1),
        answers: [...codes.entries()]
          .sort(([a], [b]) => a - b)
          .map(([code, n]) => `${code}: ${n}`)
          .join(', '),
        p50: ms(s.p50),
        p99: ms(s.p99),
        max: ms(s.max),
      };
    };
    console.log(
      `\nConference hour compressed to ${seconds} s on PostgreSQL: ${pollerCount} members polling, ` +
        `${bookerCount} booking at random moments, over HTTP on loopback`,
    );
    console.log(
      `Server (this process): CPU ${(((used.user + used.system) / 1000 / wall) * 100).toFixed(1)}% of one core ` +
        `(user ${((used.user / 1000 / wall) * 100).toFixed(1)}%, system ${((used.system / 1000 / wall) * 100).toFixed(1)}%), ` +
        `event loop busy ${(busy * 100).toFixed(1)}%`,
    );
    console.table([
      row('slots poll (If-None-Match)', result.slots, `${SLOTS_EVERY_MS / 1000} s`),
      row('status poll', result.status, `${STATUS_EVERY_MS / 1000} s`),
      row('POST /api/rsvp/:event', result.bookings, 'once'),
    ]);

    // Nothing oversold, and every count the pages read now is the database's.
    const checks = [];
    for (const { eventId, slotsPath } of POLLED) {
      const [event] = await portal.db.select().from(events).where(eq(events.id, eventId));
      const [held] = await portal.db
        .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
        .from(bookings)
        .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, HOLDING_STATUSES)));
      const answer = (await portal.app.inject({ url: slotsPath })).json();
      const capacity = event?.capacity ?? 0;
      const ok = Number(held?.n) <= capacity && answer.remainingSlots === capacity - Number(held?.n);
      checks.push({
        event: eventId,
        capacity,
        booked: Number(held?.n),
        'slots answer': answer.remainingSlots,
        verdict: ok ? 'ok' : 'WRONG',
      });
    }
    console.table(checks);
    if (checks.some((c) => c.verdict !== 'ok')) process.exitCode = 1;
  } finally {
    await portal.close();
  }
}
