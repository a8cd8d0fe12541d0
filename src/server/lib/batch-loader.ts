/**
 * Collects the keys asked for during one turn of the event loop and loads them with one call, so a
 * crowd arriving together (a thousand members pressing RSVP in the same second) costs one query per
 * turn instead of one each. Answers come back in the order asked, so arrival order is kept.
 * Keys are strings; the same key asked twice in one turn is loaded once.
 */
export function batchLoader<V>(loadMany: (keys: string[]) => Promise<Map<string, V>>, maxBatch = 500) {
  let waiting = new Map<string, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  let scheduled = false;
  // Batches load in parallel but answer in turn: a later batch never overtakes an earlier one (arrival order).
  let tail: Promise<unknown> = Promise.resolve();

  const flush = () => {
    scheduled = false;
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let i = 0; i < keys.length; i += maxBatch) {
      const chunk = keys.slice(i, i + maxBatch);
      const loading = loadMany(chunk);
      loading.catch(() => undefined); // answered below, in turn: not an unhandled rejection meanwhile
      const loaded = tail.then(() => loading);
      tail = loaded.catch(() => undefined);
      loaded.then(
        (found) => {
          for (const key of chunk) for (const w of batch.get(key) ?? []) w.resolve(found.get(key));
        },
        (err) => {
          for (const key of chunk) for (const w of batch.get(key) ?? []) w.reject(err);
        },
      );
    }
  };

  return (key: string): Promise<V | undefined> =>
    new Promise((resolve, reject) => {
      const list = waiting.get(key);
      if (list) list.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush); // after the requests parsed in this turn have all asked
      }
    });
}
