import { and, eq, inArray, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../src/common/bookings.ts';
import { ERROR_CODE } from '../src/common/error-codes.ts';
import { RSVP_MSG } from '../src/common/rsvp.ts';
import { bookings, events } from '../src/server/db/schema.ts';
import { runClient } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, ms } from './bench-support.ts';

/**
 * 1000 members press RSVP for a 10-place event at the same moment, over real HTTP on a fresh
 * PostgreSQL database (the requests come from a child process). Exactly 10 must be placed.
 */
export async function benchRace(opts: { members?: number; capacity?: number } = {}) {
  const members = opts.members ?? 1000;
  const capacity = opts.capacity ?? 10;
  const portal = await benchPortal();
  try {
    await portal.db.insert(events).values({ id: 'bench-race', title: 'Bench race', capacity });
    const signedIn = await benchMembers(portal.db, members, 'racer');
    const base = await listenLoopback(portal.app);

    const cpu = process.cpuUsage();
    const { results, wallMs } = await runClient({
      mode: 'race',
      url: `${base}/api/rsvp/bench-race`,
      cookies: signedIn.map((m) => m.cookie),
    });
    const used = process.cpuUsage(cpu);

    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    const others = results.filter((r) => r.status !== 201 && r.status !== 409);
    const [row] = await portal.db
      .select({ n: sql<number>`count(*)::int`, places: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, 'bench-race'), inArray(bookings.status, HOLDING_STATUSES)));
    const slots = await portal.app.inject({ url: '/api/rsvp/bench-race/slots' });
    const all = latencySummary(results.map((r) => r.ms));
    const placedLat = latencySummary(placed.map((r) => r.ms));
    const refusedLat = latencySummary(refused.map((r) => r.ms));
    const otherCodes = [...new Set(others.map((r) => r.status))].join(', ') || '-';

    console.log(
      `\nRSVP race on PostgreSQL: ${members} concurrent POST /api/rsvp/bench-race for ${capacity} places ` +
        `(all answered in ${ms(wallMs)}; server CPU ${(((used.user + used.system) / 1000 / wallMs) * 100).toFixed(0)}% of a core)`,
    );
    console.table([
      {
        answer: 'placed (201)',
        count: placed.length,
        p50: ms(placedLat.p50),
        p99: ms(placedLat.p99),
        max: ms(placedLat.max),
      },
      {
        answer: `refused (409, "${RSVP_MSG.soldOut}")`,
        count: refused.length,
        p50: ms(refusedLat.p50),
        p99: ms(refusedLat.p99),
        max: ms(refusedLat.max),
      },
      { answer: `others (${otherCodes})`, count: others.length, p50: '', p99: '', max: '' },
      { answer: 'all', count: results.length, p50: ms(all.p50), p99: ms(all.p99), max: ms(all.max) },
    ]);
    const checks = [
      ['bookings in the database', row?.n, capacity],
      ['201 answers', placed.length, capacity],
      ['GET slots remainingSlots', slots.json().remainingSlots, 0],
      [
        '409s with the sold-out message',
        refused.filter((r) => r.body === JSON.stringify({ error: RSVP_MSG.soldOut, code: ERROR_CODE.soldOut })).length,
        members - capacity,
      ],
    ] as const;
    console.table(checks.map(([check, got, want]) => ({ check, got, want, verdict: got === want ? 'ok' : 'WRONG' })));
    if (checks.some(([, got, want]) => got !== want)) process.exitCode = 1;
  } finally {
    await portal.close();
  }
}
