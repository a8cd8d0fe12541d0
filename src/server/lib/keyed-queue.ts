import { perDatabase } from './per-database.ts';

/** A place in a key's line, taken on arrival: `run` when ready (after everyone ahead), or `leave`. */
export type Turn = {
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Gives the place up (idempotent; a no-op once run has started): those behind move up. */
  leave: () => void;
};

/**
 * Runs the calls for one key one after another, in arrival order, in this process. Bookings of one
 * event wait here, in memory, instead of each holding a database connection while it waits for the
 * event's row lock: the pool stays free for everything else, and places go in the order asked.
 * `take` queues on arrival, so reads a request makes before its turn (in parallel with everyone's)
 * cannot reorder the line. The row lock still orders instances against each other.
 */
export function keyedQueue() {
  const tails = new Map<string, Promise<void>>();

  const take = (key: string): Turn => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    tails.set(key, done);
    void done.then(() => {
      if (tails.get(key) === done) tails.delete(key);
    });
    let used = false;
    return {
      run: async (work) => {
        if (used) throw new Error('this turn was already used');
        used = true;
        await previous;
        try {
          return await work();
        } finally {
          release();
        }
      },
      leave: () => {
        if (used) return;
        used = true;
        void previous.then(release); // those behind still wait for those ahead
      },
    };
  };

  const queue = <T>(key: string, work: () => Promise<T>): Promise<T> => take(key).run(work);
  return Object.assign(queue, { take });
}

/** The queue of a database's events: one change to an event's places at a time in this process. */
export const eventQueue = perDatabase(keyedQueue);
