import { perDatabase } from './per-database.ts';

/** A place in a key's line, taken on arrival: `run` when ready (after everyone ahead), or `leave`. */
export type Turn = {
  /** Resolves once at most the queue's lookahead of turns are still ahead of this one. */
  near: () => Promise<void>;
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /** Gives the place up (idempotent; a no-op once run has started): those behind move up. */
  leave: () => void;
};

/** Per key: turns handed out, turns done (always in line order), and who waits to come near the front. */
type Line = {
  tail: Promise<void>;
  issued: number;
  done: number;
  near: { at: number; wake: () => void }[];
  /** Everyone may read now (see `open`), until the line is empty again. */
  open: boolean;
};

/**
 * Runs the calls for one key one after another, in arrival order, in this process. Bookings of one
 * event wait here, in memory, instead of each holding a database connection while it waits for the
 * event's row lock: the pool stays free for everything else, and places go in the order asked.
 * `take` queues on arrival, so reads a request makes before its turn cannot reorder the line; `near`
 * holds those reads back until the turn is close to the front (`lookahead` turns), so in a rush the
 * first in line are not slowed by the reads of the thousand behind them, which the first may make moot.
 * The row lock still orders instances against each other.
 */
export function keyedQueue({ lookahead = Number.POSITIVE_INFINITY } = {}) {
  const lines = new Map<string, Line>();

  const take = (key: string): Turn => {
    let line = lines.get(key);
    if (!line) {
      line = { tail: Promise.resolve(), issued: 0, done: 0, near: [], open: false };
      lines.set(key, line);
    }
    const own = line;
    const previous = own.tail;
    const seq = own.issued++;
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    own.tail = done;
    void done.then(() => {
      own.done++; // turns finish in line order: each waits for the one ahead
      while (own.near[0] && own.near[0].at <= own.done) own.near.shift()?.wake();
      if (own.done === own.issued && lines.get(key) === own) lines.delete(key);
    });
    let used = false;
    return {
      near: () => {
        const at = seq - lookahead;
        if (own.open || at <= own.done) return Promise.resolve();
        return new Promise<void>((wake) => {
          // Turns call near in arrival order (they take their place on arrival), so the list stays sorted.
          const i = own.near.findLastIndex((w) => w.at <= at) + 1;
          own.near.splice(i, 0, { at, wake });
        });
      },
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

  /** Lets every turn of the key's line read at once, e.g. when the front was refused: nothing is left to hurry for. */
  const open = (key: string) => {
    const line = lines.get(key);
    if (!line) return;
    line.open = true;
    for (const w of line.near.splice(0)) w.wake();
  };

  const queue = <T>(key: string, work: () => Promise<T>): Promise<T> => take(key).run(work);
  return Object.assign(queue, { take, open });
}

/**
 * How many turns ahead may still be waiting when a booking starts its own reads: enough that the next bookings'
 * reads overlap the current one's transaction, few enough that a rush's first places are not queued behind them.
 */
export const EVENT_LOOKAHEAD = 16;

/** The queue of a database's events: one change to an event's places at a time in this process. */
export const eventQueue = perDatabase(() => keyedQueue({ lookahead: EVENT_LOOKAHEAD }));
