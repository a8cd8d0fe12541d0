import { eq } from 'drizzle-orm';
import { benefits, events, offerCodes, offerPools } from '../src/server/db/schema.ts';
import { runClient } from './bench-client.ts';
import { benchMembers, latencySummary, listenLoopback } from './bench-load.ts';
import { benchPortal, ms } from './bench-support.ts';

/** The goal (decision 029): the whole rush of 500 for 100 codes answered (codes handed, the rest refused) within this. */
const LAST_ANSWER_GOAL_MS = 2000;

/**
 * The offer code rush (decision 029): 500 members claim an offer with 100 codes at once, over real HTTP from a separate
 * process, on a fresh PostgreSQL database. Exactly 100 distinct codes must be handed out and 400 refused as sold out.
 */
export async function benchCodes(opts: { members?: number; codes?: number } = {}) {
  const count = opts.members ?? 500;
  const codes = opts.codes ?? 100;
  const portal = await benchPortal();
  try {
    const id = 'bench-codes';
    await portal.db.insert(benefits).values({ id, slug: id, title: 'Bench codes', description: 'x' });
    await portal.db.insert(events).values({ id, benefitId: id, title: 'Bench codes offer', capacity: null });
    await portal.db.insert(offerPools).values({ benefitId: id });
    await portal.db
      .insert(offerCodes)
      .values(Array.from({ length: codes }, (_, i) => ({ benefitId: id, code: `BENCH-${i}` })));
    const members = await benchMembers(portal.db, count, 'codes');
    const base = await listenLoopback(portal.app);
    const { results, wallMs } = await runClient({
      mode: 'race',
      requests: members.map((m) => ({ url: `${base}/api/rsvp/${id}`, cookie: m.cookie, body: '{}' })),
    });
    const won = results.filter((r) => r.status === 201);
    const handed = new Set(won.map((r) => (JSON.parse(r.body) as { offerCodes?: string[] }).offerCodes?.[0]));
    const soldOut = results.filter((r) => r.status === 409 && r.body.includes('"sold_out"')).length;
    const claimedRows = await portal.db.select().from(offerCodes).where(eq(offerCodes.benefitId, id));
    const lat = latencySummary(won.map((r) => r.ms));
    const last = Math.max(...results.map((r) => r.ms));
    console.log(`\nOffer code rush on PostgreSQL: ${count} members for ${codes} codes (${ms(wallMs)} in all)`);
    console.table([
      { figure: 'winners p50', value: ms(lat.p50), goal: '' },
      { figure: 'winners p99', value: ms(lat.p99), goal: '' },
      {
        figure: 'last answer',
        value: ms(last),
        goal: `<= ${LAST_ANSWER_GOAL_MS} ms`,
        verdict: last <= LAST_ANSWER_GOAL_MS ? 'met' : 'MISSED',
      },
    ]);
    const checks = [
      ['201 with a code', won.length, codes],
      ['distinct codes handed', handed.size, codes],
      ['409 sold_out', soldOut, count - codes],
      ['codes claimed in the database', claimedRows.filter((c) => c.bookingId).length, codes],
    ] as const;
    console.table(checks.map(([check, got, want]) => ({ check, got, want, verdict: got === want ? 'ok' : 'WRONG' })));
    if (checks.some(([, got, want]) => got !== want)) process.exitCode = 1;
  } finally {
    await portal.close();
  }
}
