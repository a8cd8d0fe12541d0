import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicDraw } from '#common/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { zoneInput } from '#common/event-time.ts';
import { drawOrder, fillInOrder, verifyDraw } from '#common/fair-draw.ts';
import { createConfigSchema } from '#common/rsvp-config.ts';
import { benchMembers } from '../../scripts/bench-load.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { adminAudit, benefits, bookings, eventDraws, events, outboxJobs } from '../../src/server/db/schema.ts';
import { createConfig } from '../../src/server/features/configurations/configurations.ts';
import { runDraw, runDueDraws } from '../../src/server/features/draws/draw-run.ts';
import { submitDynamic } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { waitlistPositions } from '../../src/server/features/rsvp/waitlist.ts';
import { SHEETS_APPEND } from '../../src/server/features/sheets/export-row.ts';
import { createTestEvent, HOUR } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000 });
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const TZ = 'Asia/Singapore';
const at = (ms: number) => zoneInput(new Date(Date.now() + ms), TZ);
const put = (eventId: string, payload: object) => t.put(`/api/admin/events/${eventId}/draw`, admin, payload);
const runEarly = (eventId: string) => t.post(`/api/admin/events/${eventId}/draw/run`, admin);
/** Entries closed a second ago: "Run the draw now" then makes the draw at once (decision 050). */
const closeEntries = (eventId: string) =>
  t.db
    .update(eventDraws)
    .set({ closesAt: new Date(Date.now() - 1000) })
    .where(eq(eventDraws.eventId, decodeURIComponent(eventId)));
const runAfterClose = async (eventId: string) => {
  await closeEntries(eventId);
  return runEarly(eventId);
};
const published = async (eventId: string) => (await t.get(`/api/draws/${eventId}`)).json() as PublicDraw;
const statuses = async (eventId: string) => t.db.select().from(bookings).where(eq(bookings.eventId, eventId));
const held = (rows: (typeof bookings.$inferSelect)[]) =>
  rows.filter((b) => b.status === 'confirmed' || b.status === 'pending').reduce((n, b) => n + b.places, 0);

/** An event of `capacity` places with a draw taking entries now (opened a minute ago, closing in an hour). */
async function drawEvent(id: string, capacity: number, losers: 'waitlist' | 'release' = 'waitlist') {
  await createTestEvent(t.db, id, { capacity, bookingForm: 'none', timeZone: TZ, withPartner: false });
  const res = await put(id, { opensAt: at(-60_000), closesAt: at(HOUR), drawAt: at(2 * HOUR), losers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const enter = (eventId: string, cookie: string) => t.post(`/api/rsvp/${eventId}`, cookie);

describe('fair draws', () => {
  it('2,000 entries (some with guests) for 50 places: exactly the capacity, recomputable from the published seed', async () => {
    const setup = await drawEvent('draw-big', 50);
    expect(setup.draw.state).toBe('open');
    expect(setup.editable).toBe(false); // the window has opened: nothing may change
    const before = await published('draw-big');
    expect(before.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(before.seed).toBeNull();
    expect(before.order).toBeNull();

    // 1,500 through the one-click route at once, 500 with 1–3 guests through the engine directly.
    const members = await benchMembers(t.db, 2000, 'draw-big');
    const answers = await Promise.all(members.slice(0, 1500).map((m) => enter('draw-big', m.cookie)));
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    expect(answers[0]?.json()).toMatchObject({ status: 'entered', remainingSlots: null });
    expect(answers[0]?.json().message).toMatch(/^You are entered in the draw on \d+ \w{3}, \d+(:\d\d)? [AP]M SGT\.$/);
    await Promise.all(
      members
        .slice(1500)
        .map((m, i) =>
          reservePlace(t.db, { eventId: 'draw-big', email: m.email, guestCount: 1 + (i % 3), portalUrl: 'http://x' }),
        ),
    );
    let rows = await statuses('draw-big');
    expect(rows).toHaveLength(2000);
    expect(rows.every((b) => b.status === 'entered' && b.placedAt === null)).toBe(true);
    expect(held(rows)).toBe(0); // nothing booked before the draw
    expect((await t.get('/api/rsvp/draw-big/slots', members[0]?.cookie)).json().remainingSlots).toBe(50);

    // Entering twice is refused; the member's own entry says when the draw is.
    expect((await enter('draw-big', members[0]?.cookie ?? '')).json().code).toBe(ERROR_CODE.alreadyEntered);
    const mine = (await t.get('/api/me/bookings', members[0]?.cookie)).json().data;
    expect(mine[0]).toMatchObject({ status: 'entered', draw: { path: '/draws/draw-big' } });
    expect(mine[0].draw.drawOn).toMatch(/SGT$/);
    // Its instant and zone beside the words, for the member's language (decision 071).
    expect(mine[0].draw).toMatchObject({ drawAt: expect.stringMatching(/Z$/), timeZone: 'Asia/Singapore' });
    const detail = (await t.get(`/api/bookings/${mine[0].id}`, members[0]?.cookie)).json();
    expect(detail).toMatchObject({ status: 'entered', draw: { path: '/draws/draw-big' }, manage: { canChange: true } });
    // An entry holds no place to change: only withdrawn.
    const change = await t.patch(`/api/bookings/${mine[0].id}`, members[0]?.cookie, { guestCount: 1 });
    expect(change.statusCode).toBe(409);

    // A withdrawn entry is out of the draw.
    const withdrawn = rows.find((b) => b.email === members[1]?.email);
    const cancel = await t.post(`/api/bookings/${withdrawn?.id}/cancel`, members[1]?.cookie);
    expect(cancel.statusCode).toBe(200);

    const run = await runAfterClose('draw-big');
    expect(run.statusCode).toBe(200);
    expect(run.json().entries).toBe(1999);
    const again = await runEarly('draw-big');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODE.drawAlreadyRun);

    rows = await statuses('draw-big');
    expect(held(rows)).toBe(50);
    expect(rows.find((b) => b.id === withdrawn?.id)?.status).toBe('cancelled');
    const won = rows.filter((b) => b.drawOutcome === 'won');
    expect(won.every((b) => b.status === 'confirmed' && b.placedAt !== null)).toBe(true);
    expect(rows.filter((b) => b.status === 'waitlisted')).toHaveLength(1999 - won.length);

    // The public page: the seed behind the commitment, every entry in draw order, and the same outcome recomputed.
    const after = await published('draw-big');
    expect(after.state).toBe('drawn');
    const seed = after.seed ?? '';
    expect(after.commitment).toBe(before.commitment);
    expect(createHash('sha256').update(seed).digest('hex')).toBe(after.commitment);
    const ids = rows.filter((b) => b.drawOutcome !== null).map((b) => b.id);
    const order = await drawOrder(seed, ids);
    expect(after.order?.map((e) => e.id)).toEqual(order);
    const places = new Map(rows.map((b) => [b.id, b.places]));
    const filled = fillInOrder(order, (id) => places.get(id) ?? 1, after.placesOffered ?? 0);
    expect(new Set([...filled].filter(([, o]) => o === 'won').map(([id]) => id))).toEqual(
      new Set(won.map((b) => b.id)),
    );
    expect(
      await verifyDraw({ seed, commitment: after.commitment, placesOffered: 50, order: after.order ?? [] }),
    ).toEqual({ commitment: true, order: true, outcomes: true });
    expect(JSON.stringify(after)).not.toContain('@'); // entry ids, never e-mails

    // The waitlist is in draw order; each member was mailed their outcome once.
    const positions = await waitlistPositions(t.db, ['draw-big']);
    const waiting = rows.filter((b) => b.status === 'waitlisted');
    const byPosition = [...waiting].sort((a, b) => (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0));
    expect(byPosition.map((b) => b.id)).toEqual(order.filter((id) => filled.get(id) === 'not_drawn'));
    const winnerMail = await queuedMails(t.db, { purpose: 'confirmation', to: won[0]?.email });
    expect(winnerMail).toHaveLength(1);
    expect(winnerMail[0]?.text).toContain('Your pass:');
    const first = byPosition[0];
    const waitMail = await queuedMails(t.db, { purpose: 'draw-waitlisted', to: first?.email });
    expect(waitMail[0]?.subject).toContain('number 1 on the waitlist');
    expect(await queuedMails(t.db, { purpose: 'draw-waitlisted' })).toHaveLength(waiting.length);

    // A winner who releases the place passes it down the waitlist in draw order (to the first whose party fits).
    const winner = won.find((b) => b.places === 1);
    const owner = members.find((m) => m.email === winner?.email);
    expect((await t.post(`/api/bookings/${winner?.id}/cancel`, owner?.cookie)).statusCode).toBe(200);
    const promoted = (await statuses('draw-big')).filter((b) => b.promotedAt !== null);
    expect(promoted).toHaveLength(1);
    expect(promoted[0]?.id).toBe(byPosition.find((b) => b.places === 1)?.id);

    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'draw.run'), eq(adminAudit.targetId, 'draw-big')));
    expect(audit?.details).toMatchObject({ entries: 1999, placesOffered: 50 });
  }, 120_000);

  it('refuses entries outside the window, and changes to the draw once it has opened', async () => {
    await createTestEvent(t.db, 'draw-later', { capacity: 5, bookingForm: 'none', timeZone: TZ });
    expect(
      (await put('draw-later', { opensAt: at(HOUR), closesAt: at(2 * HOUR), drawAt: at(3 * HOUR) })).statusCode,
    ).toBe(200);
    const cookie = await t.signIn('early@example.com');
    const early = await enter('draw-later', cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(ERROR_CODE.drawNotOpen);
    expect(early.json().error).toMatch(/^Entries for this draw open on .* SGT\.$/);
    // Before the window the organiser may still move it; the seed (and its commitment) stays.
    const commitment = (await published('draw-later')).commitment;
    expect(
      (await put('draw-later', { opensAt: at(HOUR), closesAt: at(4 * HOUR), drawAt: at(5 * HOUR) })).statusCode,
    ).toBe(200);
    expect((await published('draw-later')).commitment).toBe(commitment);

    await drawEvent('draw-shut', 5);
    await t.db
      .update(eventDraws)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(eventDraws.eventId, 'draw-shut'));
    const late = await enter('draw-shut', cookie);
    expect(late.json().code).toBe(ERROR_CODE.drawClosed);
    const locked = await put('draw-shut', { opensAt: at(HOUR), closesAt: at(2 * HOUR), drawAt: at(3 * HOUR) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe(ERROR_CODE.drawLocked);
    expect((await t.get('/api/draws/no-such-event')).statusCode).toBe(404);
  });

  it('releases those not drawn when the organiser chose so, and tells them', async () => {
    await drawEvent('draw-release', 2, 'release');
    const members = await benchMembers(t.db, 6, 'draw-release');
    for (const m of members) expect((await enter('draw-release', m.cookie)).statusCode).toBe(201);
    expect((await runAfterClose('draw-release')).json()).toEqual({ won: 2, waitlisted: 0, notDrawn: 4, entries: 6 });
    const rows = await statuses('draw-release');
    expect(rows.filter((b) => b.status === 'not_drawn')).toHaveLength(4);
    expect(await queuedMails(t.db, { purpose: 'not-drawn' })).toHaveLength(4);
    // The member's /me shows what the draw gave the entry.
    const loser = rows.find((b) => b.status === 'not_drawn');
    const me = members.find((m) => m.email === loser?.email);
    const mine = (await t.get('/api/me/bookings', me?.cookie)).json().data;
    expect(mine.map((b: { id: string; status: string }) => [b.id, b.status])).toEqual([[loser?.id, 'not_drawn']]);
  });

  it('makes a due draw exactly once across two callers and a restart', async () => {
    await drawEvent('draw-due', 3);
    const members = await benchMembers(t.db, 10, 'draw-due');
    for (const m of members) await enter('draw-due', m.cookie);
    const past = new Date(Date.now() - 1000);
    await t.db.update(eventDraws).set({ closesAt: past, drawAt: past }).where(eq(eventDraws.eventId, 'draw-due'));

    // On PostgreSQL a second app on its own pool; on PGlite (one process) a second caller on the same database.
    const second = t.dbUrl ? await openDatabase({ databaseUrl: t.dbUrl }) : null;
    const other = second
      ? await buildApp({ db: second.db, database: second, config: t.config, sheets: t.sheets.gateway })
      : null;
    try {
      const errors: unknown[] = [];
      const made = await Promise.all([
        runDueDraws(t.db, 'http://x', (e) => errors.push(e)),
        runDueDraws(second?.db ?? t.db, 'http://x', (e) => errors.push(e)),
      ]);
      expect(errors).toEqual([]);
      expect(made.reduce((a, b) => a + b, 0)).toBe(1);
      // A restart finds nothing due.
      expect(await runDueDraws(second?.db ?? t.db, 'http://x', (e) => errors.push(e))).toBe(0);
    } finally {
      await other?.close();
      await second?.close();
    }
    const audits = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'draw.run'), eq(adminAudit.targetId, 'draw-due')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.adminEmail).toBe('scheduler');
    const rows = await statuses('draw-due');
    expect(held(rows)).toBe(3);
    const emails = rows.map((b) => b.email);
    const mails = await queuedMails(t.db);
    expect(mails.filter((m) => emails.includes(m.to) && m.purpose !== 'draw-entered')).toHaveLength(10);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.eventId, 'draw-due'), inArray(bookings.status, ['entered']))),
    ).toHaveLength(0);
  });
});

describe('fair draws keep the announced window (decision 050)', () => {
  it('"Run the draw now" inside the window draws nobody: entries stay open, the draw is made when they close', async () => {
    await drawEvent('draw-promise', 1);
    const members = await benchMembers(t.db, 3, 'draw-promise');
    expect((await enter('draw-promise', members[0]?.cookie ?? '')).statusCode).toBe(201);
    const planned = await published('draw-promise');

    const asked = await runEarly('draw-promise');
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ scheduledText: planned.closesText, entries: 1 });
    expect(asked.json().scheduledFor).toBe(planned.closesAt);
    // Asked again: the same answer, one audit row.
    expect((await runEarly('draw-promise')).statusCode).toBe(202);
    const requests = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'draw.run_requested'), eq(adminAudit.targetId, 'draw-promise')));
    expect(requests).toHaveLength(1);
    // Nothing was drawn, and neither the scheduler nor a direct run draws before the close.
    expect((await statuses('draw-promise')).map((b) => b.status)).toEqual(['entered']);
    expect(await runDueDraws(t.db, 'http://x', () => {})).toBe(0);
    await expect(runDraw(t.db, 'draw-promise', 'admin', 'http://x')).rejects.toMatchObject({
      statusCode: 409,
      code: ERROR_CODE.drawWindowOpen,
    });

    // The public page and the entrants' own entries say when the draw is now.
    const shown = await published('draw-promise');
    expect(shown).toMatchObject({ state: 'open', broughtForward: true, dueText: planned.closesText });
    expect(shown.drawText).toBe(planned.drawText); // what was planned stays on the page
    const mine = (await t.get('/api/me/bookings', members[0]?.cookie)).json().data;
    expect(mine[0].draw.drawOn).toBe(mine[0].draw.closesOn);

    // A member who comes later, still inside the announced window, enters: never "sold out".
    const later = await enter('draw-promise', members[1]?.cookie ?? '');
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().status).toBe('entered');

    // Entries close: the draw is due, made once, at the close; the page shows when, beside the planned time.
    await closeEntries('draw-promise');
    expect(await runDueDraws(t.db, 'http://x', () => {})).toBe(1);
    const made = await published('draw-promise');
    expect(made.state).toBe('drawn');
    expect(made.ranText).toMatch(/SGT$/);
    expect(made.drawText).toBe(planned.drawText);
    expect(made.order?.map((e) => e.waitlistRank ?? null).sort()).toEqual([1, null]);
    expect((await statuses('draw-promise')).map((b) => b.status).sort()).toEqual(['confirmed', 'waitlisted']);
  });

  it('1,000 entries for 10 places, after ANALYZE: every waitlist position is the draw rank; a freed place goes to rank 1', async () => {
    await drawEvent('draw-rank', 10);
    const members = await benchMembers(t.db, 1000, 'draw-rank');
    const start = Date.now() - 50_000;
    await t.db.insert(bookings).values(
      members.map((m, i) => ({
        eventId: 'draw-rank',
        email: m.email,
        status: 'entered',
        createdAt: new Date(start + i * 37),
        updatedAt: new Date(start + i * 37),
      })),
    );
    // What autovacuum does in production: the planner's statistics make the draw's update scan in its own order.
    await t.db.execute(sql`analyze bookings`);
    expect((await runAfterClose('draw-rank')).json()).toMatchObject({ won: 10, waitlisted: 990 });

    const { order } = await published('draw-rank');
    const notDrawn = (order ?? []).filter((e) => e.outcome === 'not_drawn');
    expect(notDrawn.map((e) => e.waitlistRank)).toEqual(notDrawn.map((_, i) => i + 1));
    const positions = await waitlistPositions(t.db, ['draw-rank']);
    const wrong = notDrawn.filter((e, i) => positions.get(e.id) !== i + 1);
    expect(wrong).toHaveLength(0);
    // The position a member reads on the event's status agrees.
    const first = (await statuses('draw-rank')).find((b) => b.id === notDrawn[0]?.id);
    const owner = members.find((m) => m.email === first?.email);
    expect((await t.get('/api/rsvp/draw-rank/status', owner?.cookie)).json().booking.waitlistPosition).toBe(1);

    // A winner cancels: the place goes to the first not drawn.
    const winner = (order ?? []).find((e) => e.outcome === 'won');
    const winnerRow = (await statuses('draw-rank')).find((b) => b.id === winner?.id);
    const winnerCookie = members.find((m) => m.email === winnerRow?.email)?.cookie;
    expect((await t.post(`/api/bookings/${winner?.id}/cancel`, winnerCookie)).statusCode).toBe(200);
    const promoted = (await statuses('draw-rank')).filter((b) => b.promotedAt !== null).map((b) => b.id);
    expect(promoted).toEqual([notDrawn[0]?.id]);
  }, 120_000);
});

describe('fair draws through a deployed form', () => {
  it("hold an entry's sheet row until the draw: a winner's goes out, one not drawn never does", async () => {
    await t.db.insert(benefits).values({ id: 'dyn-draw', title: 'Dyn draw', slug: 'dyn-draw', description: 'd' });
    await createConfig(
      t.db,
      createConfigSchema.parse({
        benefitId: 'dyn-draw',
        configName: 'dyn draw',
        formFields: [{ fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true }],
        sheetMapping: { tab1Url: 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit' },
      }),
    );
    const eventId = 'dynamic:dyn-draw';
    await t.db
      .insert(events)
      .values({ id: eventId, benefitId: 'dyn-draw', title: 'Dyn draw', bookingForm: 'dynamic', capacity: 1 });
    const set = await put(encodeURIComponent(eventId), {
      opensAt: at(-60_000),
      closesAt: at(HOUR),
      drawAt: at(2 * HOUR),
      losers: 'release',
    });
    expect(set.statusCode, set.body).toBe(200);
    const ids: string[] = [];
    for (const who of ['ann', 'ben', 'cat']) {
      const out = await submitDynamic(
        t.db,
        'dyn-draw',
        { email: `${who}@draw.example`, firstName: who, lastName: null },
        { fullName: who },
      );
      if ('errors' in out) throw new Error(JSON.stringify(out.errors));
      expect(out.booking.status).toBe('entered');
      ids.push(out.booking.id);
    }
    const rowStatus = async (bookingId: string) =>
      (await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, SHEETS_APPEND))).find(
        (j) => j.payload.bookingId === bookingId,
      )?.status;
    expect(await Promise.all(ids.map(rowStatus))).toEqual(['held', 'held', 'held']);
    expect((await runAfterClose(encodeURIComponent(eventId))).json()).toMatchObject({ won: 1, notDrawn: 2 });
    const rows = await statuses(eventId);
    const statusOf = (id: string) => rows.find((b) => b.id === id)?.status;
    const rowsAfter = await Promise.all(ids.map(rowStatus));
    expect(rowsAfter).toEqual(ids.map((id) => (statusOf(id) === 'confirmed' ? 'pending' : 'dropped')));
    expect(rowsAfter.filter((r) => r === 'pending')).toHaveLength(1);
  });
});

describe('fair draws in the reports', () => {
  it('count entries, winners, releases and promotions on the analytics row and the partner report', async () => {
    await drawEvent('draw-report', 2);
    const members = await benchMembers(t.db, 5, 'draw-report');
    for (const m of members) expect((await enter('draw-report', m.cookie)).statusCode).toBe(201);
    expect((await runAfterClose('draw-report')).statusCode).toBe(200);
    const winner = (await statuses('draw-report')).find((b) => b.drawOutcome === 'won');
    const owner = members.find((m) => m.email === winner?.email);
    expect((await t.post(`/api/bookings/${winner?.id}/cancel`, owner?.cookie)).statusCode).toBe(200);
    const report = await t.get('/api/admin/analytics/benefits/draw-report/partner-report', admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().totals).toMatchObject({ drawEntries: 5, drawWinners: 2, promotions: 1 });
  });
});
