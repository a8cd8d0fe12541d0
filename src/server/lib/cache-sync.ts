import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Db } from '../db/client.ts';
import { hotCache } from './hot-cache.ts';

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
  cache.publish = (change) => {
    const payload = JSON.stringify({ from: me, ...change });
    db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payload})`).catch((err: Error) =>
      console.error('Could not tell other instances of a change:', err.message),
    );
  };
  return async () => {
    cache.publish = null;
    await stop();
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
