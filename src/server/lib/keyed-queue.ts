import { perDatabase } from './per-database.ts';

/**
 * Runs the calls for one key one after another, in arrival order, in this process. Bookings of one
 * event wait here, in memory, instead of each holding a database connection while it waits for the
 * event's row lock: the pool stays free for everything else, and places go in the order asked.
 * The row lock still orders instances against each other.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** The queue of a database's events: one change to an event's places at a time in this process. */
export const eventQueue = perDatabase(keyedQueue);
