import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benchMembers } from '../../scripts/bench-load.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { offerCodes } from '../../src/server/db/schema.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 029's bar: 500 members rush an offer with 100 codes → exactly 100 distinct codes and 400 clear refusals.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000 });
  admin = await t.signInAdmin('race-admin@example.com');
});
afterAll(() => t.close());

async function offerWithCodes(id: string, codes: number) {
  await createTestEvent(t.db, id, { capacity: null, bookingForm: 'none' });
  const text = Array.from({ length: codes }, (_, i) => `${id.toUpperCase()}-${i}`).join('\n');
  const res = await t.post(`/api/admin/benefits/${id}/offer-codes/upload`, admin, { text });
  expect(res.statusCode, res.body).toBe(200);
}

const rush = (app: TestApp['app'], url: string, cookies: string[]) =>
  Promise.all(cookies.map((cookie) => app.inject({ method: 'POST', url, headers: { cookie }, payload: {} })));

async function expectExactly(id: string, answers: Awaited<ReturnType<typeof rush>>) {
  const won = answers.filter((a) => a.statusCode === 201);
  const refused = answers.filter((a) => a.statusCode === 409);
  expect(won).toHaveLength(100);
  expect(refused).toHaveLength(400);
  for (const r of refused) expect(r.json()).toMatchObject({ code: ERROR_CODE.soldOut, error: expect.any(String) });
  const handed = won.map((a) => a.json().offerCodes?.[0]);
  expect(new Set(handed).size).toBe(100);
  const claimed = await t.db
    .select({ code: offerCodes.code, bookingId: offerCodes.bookingId })
    .from(offerCodes)
    .where(eq(offerCodes.benefitId, id));
  const held = claimed.filter((c) => c.bookingId !== null);
  expect(held).toHaveLength(100);
  expect(new Set(held.map((c) => c.bookingId)).size).toBe(100);
  expect(new Set(held.map((c) => c.code))).toEqual(new Set(handed));
}

describe('a rush on an offer code pool', () => {
  it('500 members for 100 codes: 100 distinct codes, 400 sold-out refusals', { timeout: 180_000 }, async () => {
    await offerWithCodes('race-one', 100);
    const members = await benchMembers(t.db, 500, 'race-one');
    const answers = await rush(
      t.app,
      '/api/rsvp/race-one',
      members.map((m) => m.cookie),
    );
    await expectExactly('race-one', answers);
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'two instances on one PostgreSQL share the pool: still 100 distinct codes and 400 refusals',
    { timeout: 180_000 },
    async () => {
      const second = await openDatabase({ databaseUrl: t.dbUrl ?? '' });
      const other = await buildApp({ db: second.db, database: second, config: t.config, sheets: t.sheets.gateway });
      await other.ready();
      try {
        await offerWithCodes('race-two', 100);
        const cookies = (await benchMembers(t.db, 500, 'race-two')).map((m) => m.cookie);
        const answers = (
          await Promise.all([
            rush(t.app, '/api/rsvp/race-two', cookies.slice(0, 250)),
            rush(other, '/api/rsvp/race-two', cookies.slice(250)),
          ])
        ).flat();
        await expectExactly('race-two', answers);
        const redeemed = await t.db.select().from(offerCodes).where(isNotNull(offerCodes.redeemedAt));
        expect(redeemed).toHaveLength(0);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
