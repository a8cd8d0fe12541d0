import { sql } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from './http-error.ts';
import type { Words } from './member-words.ts';

type Counter = { count: number; resetAt: Date };

function firstRow(rows: unknown): { count: number; reset_at: string | Date } | undefined {
  return (rows as { rows: { count: number; reset_at: string | Date }[] }).rows[0];
}

/**
 * Fixed-window counter kept in the database so that every app instance shares it: counts one hit
 * (or `by`) and returns the count inside the window with the window's end.
 */
export async function count(db: Db, key: string, windowMs: number, by = 1): Promise<Counter> {
  const resetAt = new Date(Date.now() + windowMs).toISOString();
  const row = firstRow(
    await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, ${by}, ${resetAt})
    on conflict (key) do update set
      count = case when rate_limits.reset_at < now() then ${by} else rate_limits.count + ${by} end,
      reset_at = case when rate_limits.reset_at < now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`),
  );
  return { count: Number(row?.count ?? 0), resetAt: new Date(row?.reset_at ?? resetAt) };
}

/** Whether a hit still fits under `limit` in the window (the hit is counted either way). */
export async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  return (await count(db, key, windowMs)).count <= limit;
}

/** The live counter behind a key, or null when it has none or its window is over. */
export async function peek(db: Db, key: string): Promise<Counter | null> {
  const row = firstRow(
    await db.execute(sql`select count, reset_at from rate_limits where key = ${key} and reset_at > now()`),
  );
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : null;
}

/** Starts (or restarts) a window of `windowMs` on `key`, whatever was there: returns its end. */
export async function restart(db: Db, key: string, windowMs: number): Promise<Date> {
  const resetAt = new Date(Date.now() + windowMs).toISOString();
  const row = firstRow(
    await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set count = rate_limits.count + 1, reset_at = excluded.reset_at
    returning count, reset_at`),
  );
  return new Date(row?.reset_at ?? resetAt);
}

/**
 * Starts a new window on a key whose window is over, or that has none (ended rows are swept), as one statement: of
 * requests racing for it exactly one gets true. A key whose window still runs gives false.
 */
export async function claimOver(db: Db, key: string, windowMs: number): Promise<boolean> {
  const resetAt = new Date(Date.now() + windowMs).toISOString();
  const result = await db.execute(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set count = rate_limits.count + 1, reset_at = excluded.reset_at
      where rate_limits.reset_at <= now()
    returning count`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/** Takes back one hit that turned out not to count (e.g. a sign-in that succeeded). */
export async function unhit(db: Db, key: string) {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function forget(db: Db, ...keys: string[]) {
  for (const key of keys) await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Deletes the counters whose window is over, `batch` rows a statement, and answers how many. An ended window reads as
 * no row everywhere (count and restart start it afresh, peek skips it, claimOver claims either), so nothing is lost;
 * without this, every address and e-mail ever tried at a sign-in stays a row.
 */
export async function sweepEnded(db: Db, batch = 5_000): Promise<number> {
  let removed = 0;
  for (;;) {
    // SKIP LOCKED: instances sweeping at once, or a sign-in updating a row, never wait on each other.
    const result = await db.execute(sql`
      delete from rate_limits where key in (
        select key from rate_limits where reset_at < now() limit ${batch} for update skip locked)
      returning 1`);
    const gone = (result as { rows: unknown[] }).rows.length;
    removed += gone;
    if (gone < batch) return removed;
  }
}

/** A 429 that says when to try again. */
export function tooMany(message: string | Words, until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new HttpError(429, message, ERROR_CODE.rateLimited, { retryAfterSeconds: seconds });
}

export async function enforce(db: Db, key: string, limit: number, windowMs: number, message: string | Words) {
  const counter = await count(db, key, windowMs);
  if (counter.count > limit) throw tooMany(message, counter.resetAt);
}
