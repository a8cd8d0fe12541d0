import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import { type CacheChange, hotCache } from './hot-cache.ts';

export const CACHE_CHANNEL = 'portal_cache';

const changeSchema = z.object({ from: z.string(), tag: z.string().nullable(), keepFacts: z.boolean() });

/**
 * Several instances on one PostgreSQL: each tells the others what it invalidated (NOTIFY), so a place released in
 * one stops being "sold out" in the others at once, and cached counts follow within a round trip rather than a TTL.
 * PGlite is one process: nothing to tell. Returns the stop.
 */
export async function syncHotCache(database: Database, db: Db): Promise<() => Promise<void>> {
  if (!database.listen) return async () => undefined;
  const me = randomUUID();
  const cache = hotCache(db);
  const stop = await database.listen(CACHE_CHANNEL, (payload) => {
    const change = changeSchema.safeParse(safeJson(payload));
    if (!change.success || change.data.from === me) return;
    const { tag, keepFacts } = change.data;
    if (tag === null) cache.forgetFacts({ fromPeer: true });
    else cache.invalidate(tag, { keepFacts, fromPeer: true });
  });
  cache.publish = publisher(db, me);
  return async () => {
    cache.publish = null;
    await stop();
  };
}

/**
 * Sends changes as NOTIFY, one statement in flight at a time: changes made meanwhile wait for it and go together,
 * the same change once (a rush invalidates its event after every batch; a NOTIFY each would queue for the pool).
 */
export function publisher(db: Pick<Db, 'execute'>, me: string) {
  const pending = new Set<string>();
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (pending.size > 0) {
      const payloads = [...pending];
      pending.clear();
      const notifies = sql.join(
        payloads.map((payload) => sql`pg_notify(${CACHE_CHANNEL}, ${payload})`),
        sql`, `,
      );
      await db
        .execute(sql`select ${notifies}`)
        .catch((err: Error) => console.error('Could not tell other instances of a change:', err.message));
    }
    flushing = false;
  };
  return (change: CacheChange) => {
    pending.add(JSON.stringify({ from: me, ...change }));
    if (!flushing) void flush();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
