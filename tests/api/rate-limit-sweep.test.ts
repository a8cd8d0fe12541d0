import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.ts';
import { claimOver, sweepEnded } from '../../src/server/lib/rate-limit.ts';
import { slowDown } from '../../src/server/lib/sign-in-guard.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Every address and e-mail ever tried at a sign-in leaves a counter row; the sweep deletes the dead ones.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (msFromNow: number) => new Date(Date.now() + msFromNow);
const keysLike = async (prefix: string) =>
  (
    await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `${prefix}%`))
  )
    .map((r) => r.key)
    .sort();

describe('sweeping ended sign-in counters', () => {
  it('deletes the counters whose window is over, and keeps the live ones with their counts', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'sweep-a:ended-3-days-ago', count: 4, resetAt: at(-3 * DAY) },
      { key: 'sweep-a:ended-an-hour-ago', count: 2, resetAt: at(-HOUR) },
      { key: 'sweep-a:live', count: 3, resetAt: at(HOUR) },
    ]);
    expect(await sweepEnded(t.db)).toBe(2);
    expect(await keysLike('sweep-a:')).toEqual(['sweep-a:live']);
    const [live] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'sweep-a:live'));
    expect(live?.count).toBe(3);
  });

  it('works through many rows a batch at a time', async () => {
    await t.db
      .insert(rateLimits)
      .values(Array.from({ length: 12 }, (_, i) => ({ key: `sweep-b:${i}`, count: 1, resetAt: at(-2 * DAY) })));
    expect(await sweepEnded(t.db, 5)).toBe(12);
    expect(await keysLike('sweep-b:')).toEqual([]);
    expect(await sweepEnded(t.db, 5)).toBe(0);
  });

  it("a swept pause is over: its counter's next attempt gets through and starts the next pause", async () => {
    const tryOnce = (key: string) =>
      slowDown(t.db, key, 1, DAY, 'Too many attempts').then(
        () => 'through',
        (err: { statusCode?: number }) => err.statusCode,
      );
    const key = 'sweep-c:member';
    expect(await tryOnce(key)).toBe('through'); // the allowance
    expect(await tryOnce(key)).toBe(429); // over it: a pause starts
    expect(await tryOnce(key)).toBe(429); // and holds
    // The pause ended an hour ago and was swept; the day's counter still runs.
    await t.db
      .update(rateLimits)
      .set({ resetAt: at(-HOUR) })
      .where(eq(rateLimits.key, `${key}:pause`));
    expect(await sweepEnded(t.db)).toBe(1);
    expect(await keysLike(key)).toEqual([key]);
    expect(await tryOnce(key)).toBe('through');
    expect(await tryOnce(key)).toBe(429); // the next pause, as if the row had stayed
  });
});

describe('claiming a pause that is over', () => {
  it('of ten racing for it, one wins whether the ended row is there or was swept; none while it runs', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'claim:ended', count: 1, resetAt: at(-HOUR) },
      { key: 'claim:live', count: 1, resetAt: at(HOUR) },
    ]);
    for (const key of ['claim:ended', 'claim:swept', 'claim:live']) {
      const wins = await Promise.all(Array.from({ length: 10 }, () => claimOver(t.db, key, 30_000)));
      expect(wins.filter(Boolean), key).toHaveLength(key === 'claim:live' ? 0 : 1);
    }
    const [claimed] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'claim:swept'));
    expect(claimed?.resetAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a burst of attempts past the allowance', () => {
  it('lets exactly the allowance through, however its attempts interleave with the first pause being started', async () => {
    // The attempt that starts the first pause and those counted after it race: one counted later that found no pause
    // yet took it for a swept one and went through (the sign-in tests saw 6 of 5, and 601 of 600, now and then).
    const allowance = 3;
    const attempt = (key: string) =>
      slowDown(t.db, key, allowance, HOUR, 'slow down').then(
        () => 'through' as const,
        (err: { statusCode?: number }) => err.statusCode,
      );
    for (let round = 0; round < 20; round++) {
      const outcomes = await Promise.all(Array.from({ length: 12 }, () => attempt(`burst:${round}`)));
      expect(
        outcomes.filter((o) => o === 'through'),
        `round ${round}`,
      ).toHaveLength(allowance);
      expect(
        outcomes.filter((o) => o === 429),
        `round ${round}`,
      ).toHaveLength(12 - allowance);
    }
  });
});
