import type { ChildProcess } from 'node:child_process';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { authorizedEmails, bookings, events, placeTransfers } from '../../src/server/db/schema.ts';
import { acceptTransfer } from '../../src/server/features/transfers/transfer-accept.ts';
import { hashToken, newPassCode, newToken } from '../../src/server/lib/tokens.ts';
import { startServer, waitUntilUp } from '../support/child-server.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-db.ts';

// Handing a place on under contention (decision 057): whatever comes at once, one holder and the same places.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const holders = (eventId: string) =>
  t.db
    .select({ email: bookings.email, places: bookings.places })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ['confirmed', 'pending'])));

/** An event, the sender's booking, an open offer to a listed recipient; answers the sender's cookie and the token. */
async function offered(id: string, to: string) {
  await createTestEvent(t.db, id, { capacity: 3, startsAt: new Date(Date.now() + 30 * DAY) });
  const cookie = await t.signIn(`from-${id}@example.com`);
  expect((await t.post(`/api/rsvp/${id}`, cookie)).statusCode).toBe(201);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, id));
  if (!booking) throw new Error('no booking');
  await t.signIn(to);
  const res = await t.post(`/api/me/bookings/${booking.id}/transfer`, cookie, { email: to });
  expect(res.statusCode, res.body).toBe(201);
  const mail = (await queuedMails(t.db, { purpose: 'transfer-offer', to })).at(-1);
  return {
    cookie,
    booking,
    offerId: res.json().id as string,
    token: /\/transfer\/([\w-]+)/.exec(mail?.text ?? '')?.[1],
  };
}

const accept = (token: string | undefined) =>
  t.post(`/api/transfers/${token}/accept`, undefined, { firstName: 'Ada', lastName: 'Taker' });

describe('transfers under contention', () => {
  it('an accept and the sender cancelling the booking at once: one of them wins, never both', async () => {
    for (const round of [1, 2]) {
      const id = `trr-cancel-${round}`;
      const { cookie, booking, token } = await offered(id, `to-${id}@example.com`);
      const [took, cancelled] = await Promise.all([
        accept(token),
        t.post(`/api/bookings/${booking.id}/cancel`, cookie),
      ]);
      const after = await holders(id);
      if (took.statusCode === 200) {
        expect(cancelled.statusCode).toBe(409);
        expect(after).toEqual([{ email: `to-${id}@example.com`, places: 1 }]);
      } else {
        expect(cancelled.statusCode).toBe(200);
        expect(took.json().code).toBe(ERROR_CODE.transferGone);
        expect(after).toEqual([]);
      }
    }
  });

  it('the same link accepted four times at once, and a withdrawn offer beside its replacement: one holder', async () => {
    const { booking, token } = await offered('trr-twice', 'to-trr-twice@example.com');
    const answers = await Promise.all([1, 2, 3, 4].map(() => accept(token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410, 410]);
    expect(await holders('trr-twice')).toEqual([{ email: 'to-trr-twice@example.com', places: booking.places }]);

    const first = await offered('trr-again', 'one-trr@example.com');
    await t.post(`/api/me/transfers/${first.offerId}/cancel`, first.cookie);
    await t.signIn('two-trr@example.com');
    await t.post(`/api/me/bookings/${first.booking.id}/transfer`, first.cookie, { email: 'two-trr@example.com' });
    const second = (await queuedMails(t.db, { purpose: 'transfer-offer', to: 'two-trr@example.com' })).at(-1);
    const token2 = /\/transfer\/([\w-]+)/.exec(second?.text ?? '')?.[1];
    const [a, b] = await Promise.all([accept(first.token), accept(token2)]);
    expect([a.statusCode, b.statusCode]).toEqual([410, 200]);
    expect(await holders('trr-again')).toEqual([{ email: 'two-trr@example.com', places: 1 }]);
  });

  it('an accept racing the sender withdrawing the offer: exactly one of them happens', async () => {
    const { cookie, offerId, token } = await offered('trr-withdraw', 'to-trr-withdraw@example.com');
    const [took, withdrawn] = await Promise.all([accept(token), t.post(`/api/me/transfers/${offerId}/cancel`, cookie)]);
    expect([took.statusCode, withdrawn.statusCode].sort()).toEqual(took.statusCode === 200 ? [200, 409] : [200, 410]);
    const [row] = await t.db.select().from(placeTransfers).where(eq(placeTransfers.id, offerId));
    const after = await holders('trr-withdraw');
    expect(after).toHaveLength(1);
    expect(after[0]?.email).toBe(
      row?.status === 'accepted' ? 'to-trr-withdraw@example.com' : 'from-trr-withdraw@example.com',
    );
    // The recipient is told of a withdrawal only when it happened.
    const told = await queuedMails(t.db, { purpose: 'transfer-withdrawn', to: 'to-trr-withdraw@example.com' });
    expect(told).toHaveLength(row?.status === 'cancelled' ? 1 : 0);
  });
});

// A killed process is PostgreSQL's case: this runs in the api-postgres project, as kill-nine.test.ts does.
const onPostgres = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

async function waitUntil(check: () => Promise<boolean>) {
  for (let i = 0; i < 150; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

describe.runIf(onPostgres)('kill -9 in the middle of an accept', () => {
  it('leaves the place with the sender; the next accept hands it on once', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    const servers: ChildProcess[] = [];
    try {
      await db
        .insert(events)
        .values({ id: 'trk', title: 'Killed', capacity: 1, startsAt: new Date(Date.now() + 9 * DAY) });
      await db.insert(authorizedEmails).values([{ email: 'a-trk@example.com' }, { email: 'b-trk@example.com' }]);
      const [booking] = await db
        .insert(bookings)
        .values({ eventId: 'trk', email: 'a-trk@example.com', placedAt: new Date(), passCode: newPassCode() })
        .returning();
      const token = newToken();
      const [offer] = await db
        .insert(placeTransfers)
        .values({
          bookingId: booking?.id ?? '',
          eventId: 'trk',
          senderEmail: 'a-trk@example.com',
          recipientEmail: 'b-trk@example.com',
          tokenHash: hashToken(token),
          bookingSequence: 0,
          expiresAt: new Date(Date.now() + DAY),
        })
        .returning();
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const url = database.url ?? '';
      const call = (p: number) =>
        fetch(`http://127.0.0.1:${p}/api/transfers/${token}/accept`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'B', lastName: 'Trk' }),
        });
      servers.push(startServer(url, port));
      await waitUntilUp(port);

      // The test holds the offer's row: the server's accept takes the event's and the booking's locks, then waits.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from place_transfers where id = ${offer?.id} for update`);
        const pending = call(port).catch(() => null);
        await waitUntil(async () => {
          const rows = await db.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
        });
        servers[0]?.kill('SIGKILL');
        expect(await pending).toBeNull(); // no answer: no promise made
      });
      const mid = await db.select().from(bookings).where(eq(bookings.eventId, 'trk'));
      expect(mid.map((b) => [b.email, b.status])).toEqual([['a-trk@example.com', 'confirmed']]);

      // The server that follows (here the same service, in-process) hands the place on exactly once.
      const meta = { ip: '127.0.0.1', userAgent: undefined };
      await acceptTransfer(db, token, { firstName: 'B', lastName: 'Trk' }, { meta, sessionDays: 1, portalUrl: '' });
      const after = await db.select().from(bookings).where(eq(bookings.eventId, 'trk'));
      const holding = after.filter((b) => b.status === 'confirmed');
      expect(holding.map((b) => [b.email, b.places])).toEqual([['b-trk@example.com', 1]]);
      expect(after.find((b) => b.id === booking?.id)?.status).toBe('transferred');
    } finally {
      for (const s of servers) s.kill('SIGKILL');
      await database.close();
    }
  }, 120_000);
});
