import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { commitmentOf } from '#common/fair-draw.ts';
import { bookings, eventDraws, events } from '../src/server/db/schema.ts';
import { runDraw } from '../src/server/features/draws/draw-run.ts';
import { newPassCode } from '../src/server/lib/tokens.ts';
import { runClient } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, goalRow, ms } from './bench-support.ts';

/** The goals (decision 031): entering is a booking's work (the race's "everyone" goal); a big draw is one short pause. */
const ENTER_P99_GOAL_MS = 1000;
const DRAW_10K_GOAL_MS = 10_000;

/** An event of `capacity` places whose fair draw is taking entries now. */
async function drawEvent(db: Awaited<ReturnType<typeof benchPortal>>['db'], id: string, capacity: number) {
  const now = Date.now();
  await db.insert(events).values({ id, title: id, capacity, startsAt: new Date(now + 30 * 86_400_000) });
  const seed = randomBytes(32).toString('hex');
  await db.insert(eventDraws).values({
    eventId: id,
    opensAt: new Date(now - 60_000),
    closesAt: new Date(now + 3_600_000),
    drawAt: new Date(now + 7_200_000),
    seed,
    commitment: await commitmentOf(seed),
  });
}

/**
 * Fair draws on PostgreSQL: 1,000 members enter one draw in the same instant (over real HTTP from a separate
 * process, as the race does), then a 10,000-entry draw (a tenth with guests) for 500 places is made.
 */
export async function benchDraw() {
  const portal = await benchPortal();
  try {
    await drawEvent(portal.db, 'bench-draw', 50);
    const members = await benchMembers(portal.db, 1000, 'draw');
    const base = await listenLoopback(portal.app);
    const { results, wallMs } = await runClient({
      mode: 'race',
      requests: members.map((m) => ({ url: `${base}/api/rsvp/bench-draw`, cookie: m.cookie, body: '{}' })),
    });
    const lat = latencySummary(results.map((r) => r.ms));
    const entered = results.filter((r) => r.status === 201 && r.body.includes('"entered"')).length;

    await drawEvent(portal.db, 'bench-draw-10k', 500);
    const entries = 10_000;
    for (let i = 0; i < entries; i += 1000)
      await portal.db.insert(bookings).values(
        Array.from({ length: 1000 }, (_, j) => {
          const guests = (i + j) % 10 === 0 ? 2 : 0;
          return {
            eventId: 'bench-draw-10k',
            email: `entry-${i + j}@bench.example`,
            status: 'entered',
            guestCount: guests,
            places: 1 + guests,
            passCode: newPassCode(),
          };
        }),
      );
    // Entries close before the draw (decision 050).
    await portal.db
      .update(eventDraws)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(eventDraws.eventId, 'bench-draw-10k'));
    const started = performance.now();
    const drawn = await runDraw(portal.db, 'bench-draw-10k', 'bench', 'http://127.0.0.1');
    const drawMs = performance.now() - started;
    const [held] = await portal.db
      .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, 'bench-draw-10k'), inArray(bookings.status, ['confirmed', 'pending'])));

    console.log(`\nFair draws on PostgreSQL: 1,000 members enter at once (${ms(wallMs)} in all); a 10,000-entry draw`);
    console.table([
      { figure: 'enter p50', value: ms(lat.p50), goal: '' },
      goalRow('enter p99', lat.p99, ENTER_P99_GOAL_MS),
      goalRow('10,000-entry draw (with its mails)', drawMs, DRAW_10K_GOAL_MS),
    ]);
    const checks = [
      ['entries answered 201 entered', entered, members.length],
      ['entries drawn', drawn.entries, entries],
      ['places held after the draw', held?.n, 500],
    ] as const;
    console.table(checks.map(([check, got, want]) => ({ check, got, want, verdict: got === want ? 'ok' : 'WRONG' })));
    if (checks.some(([, got, want]) => got !== want)) process.exitCode = 1;
  } finally {
    await portal.close();
  }
}
