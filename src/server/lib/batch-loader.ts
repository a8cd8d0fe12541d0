/**
 * Collects the keys asked for and loads them with one call, one call at a time: keys asked while a load is out wait
 * for it and go together in the next. A thousand members pressing RSVP in the same second cost a handful of queries
 * (one per round trip, not one per request or per turn of the event loop), so the pool stays free for the bookings
 * themselves (docs/decisions/014). Every answer comes from a load that started after it was asked for (never stale),
 * in the order asked, so arrival order is kept. The same key asked twice in one batch is loaded once.
 */
export function batchLoader<V>(loadMany: (keys: string[]) => Promise<Map<string, V>>, maxBatch = 500) {
  type Waiter = { resolve: (v: V | undefined) => void; reject: (e: unknown) => void };
  let waiting = new Map<string, Waiter[]>();
  let scheduled = false;
  let loading = false;

  const load = async (batch: Map<string, Waiter[]>) => {
    const keys = [...batch.keys()];
    const chunks: string[][] = [];
    for (let i = 0; i < keys.length; i += maxBatch) chunks.push(keys.slice(i, i + maxBatch));
    const results = await Promise.allSettled(chunks.map((chunk) => loadMany(chunk)));
    for (const [i, chunk] of chunks.entries()) {
      const result = results[i] as PromiseSettledResult<Map<string, V>>;
      for (const key of chunk)
        for (const w of batch.get(key) ?? [])
          if (result.status === 'fulfilled') w.resolve(result.value.get(key));
          else w.reject(result.reason);
    }
  };

  const flush = () => {
    scheduled = false;
    if (loading || waiting.size === 0) return; // the load out now flushes again when it is back
    const batch = waiting;
    waiting = new Map();
    loading = true;
    void load(batch).finally(() => {
      loading = false;
      flush();
    });
  };

  return (key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled && !loading) {
        scheduled = true;
        setImmediate(flush); // after the requests parsed in this turn have all asked
      }
    });
}
