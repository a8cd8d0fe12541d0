import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema.ts';
import { keepEndedMs, sweepEnded } from '../../src/server/lib/rate-limit.ts';
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
  it('keeps them a day, or the configured sign-in window when that is longer', () => {
    expect(keepEndedMs(15 * 60_000)).toBe(DAY);
    expect(keepEndedMs(3 * DAY)).toBe(3 * DAY);
  });

  it('deletes counters whose window ended longer ago than that, and keeps the others', async () => {
    await t.db.insert(rateLimits).values([
      { key: 'sweep-a:ended-3-days-ago', count: 4, resetAt: at(-3 * DAY) },
      { key: 'sweep-a:ended-25-hours-ago', count: 1, resetAt: at(-25 * HOUR) },
      { key: 'sweep-a:ended-an-hour-ago', count: 2, resetAt: at(-HOUR) },
      { key: 'sweep-a:live', count: 3, resetAt: at(HOUR) },
    ]);
    expect(await sweepEnded(t.db, keepEndedMs(15 * 60_000))).toBe(2);
    expect(await keysLike('sweep-a:')).toEqual(['sweep-a:ended-an-hour-ago', 'sweep-a:live']);
    const [live] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'sweep-a:live'));
    expect(live?.count).toBe(3);
  });

  it('works through many rows a batch at a time', async () => {
    await t.db
      .insert(rateLimits)
      .values(Array.from({ length: 12 }, (_, i) => ({ key: `sweep-b:${i}`, count: 1, resetAt: at(-2 * DAY) })));
    expect(await sweepEnded(t.db, DAY, 5)).toBe(12);
    expect(await keysLike('sweep-b:')).toEqual([]);
    expect(await sweepEnded(t.db, DAY, 5)).toBe(0);
  });

  it("keeps an ended pause while its counter's window runs: the next attempt still gets through", async () => {
    const tryOnce = (key: string) =>
      slowDown(t.db, key, 1, DAY, 'Too many attempts').then(
        () => 'through',
        (err: { statusCode?: number }) => err.statusCode,
      );
    for (const key of ['sweep-c:kept', 'sweep-c:swept-too-soon']) {
      expect(await tryOnce(key)).toBe('through'); // the allowance
      expect(await tryOnce(key)).toBe(429); // over it: a pause starts
      // The pause ended an hour ago; the day's counter still runs.
      await t.db
        .update(rateLimits)
        .set({ resetAt: at(-HOUR) })
        .where(eq(rateLimits.key, `${key}:pause`));
    }
    await sweepEnded(t.db, keepEndedMs(15 * 60_000));
    expect(await tryOnce('sweep-c:kept')).toBe('through');

    // Why not every ended row: without its pause row the counter's next attempt is refused though its pause is over.
    await t.db.delete(rateLimits).where(eq(rateLimits.key, 'sweep-c:swept-too-soon:pause'));
    expect(await tryOnce('sweep-c:swept-too-soon')).toBe(429);
  });
});
