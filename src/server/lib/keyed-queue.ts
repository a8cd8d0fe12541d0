import { perDatabase } from './per-database.ts';

/** A place in a key's line, taken on arrival: `run` when ready (after everyone ahead), or `leave`. */
export type Turn = {
  /** Resolves once at most the queue's lookahead of turns are still ahead of this one. */
  near: () => Promise<void>;
  run: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Runs `job` through `exec` in line order, together with the turns right behind that are already waiting with the
   * same `exec` (one call for a whole batch of them, in line order). `exec` answers one outcome per job, in order.
   */
  runJoined: <J, R>(job: J, exec: JoinedExec<J, R>) => Promise<R>;
  /** Gives the place up (idempotent; a no-op once run has started): those behind move up. */
  leave: () => void;
};

/** Works on a batch of jobs in order; one outcome per job, so one job's refusal is not the others'. */
// biome-ignore lint/suspicious/noExplicitAny: a line holds batches of any job type; runJoined types each call
export type JoinedExec<J = any, R = any> = (jobs: J[]) => Promise<PromiseSettledResult<R>[]>;

/** A turn waiting to run with its job: the one at the front may take it into its batch. */
type Waiting = {
  job: unknown;
  exec: JoinedExec;
  release: () => void;
  /** Set by the front turn that took this one into its batch, before it lets the line move on. */
  outcome?: PromiseSettledResult<unknown>;
};

/** Per key: turns handed out, turns done (always in line order), and who waits to come near the front. */
type Line = {
  tail: Promise<void>;
  issued: number;
  done: number;
  near: { at: number; wake: () => void }[];
  /** Everyone may read now (see `open`), until the line is empty again. */
  open: boolean;
  /** Turns (by place in line) waiting to run a joined job, and those that left without running. */
  waiting: Map<number, Waiting>;
  left: Set<number>;
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
export function keyedQueue({ lookahead = Number.POSITIVE_INFINITY, maxBatch = 1 } = {}) {
  const lines = new Map<string, Line>();

  const take = (key: string): Turn => {
    let line = lines.get(key);
    if (!line) {
      line = {
        tail: Promise.resolve(),
        issued: 0,
        done: 0,
        near: [],
        open: false,
        waiting: new Map(),
        left: new Set(),
      };
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
      own.left.delete(seq);
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
      runJoined: async <J, R>(job: J, exec: JoinedExec<J, R>): Promise<R> => {
        if (used) throw new Error('this turn was already used');
        used = true;
        const mine: Waiting = { job, exec, release };
        own.waiting.set(seq, mine);
        await previous;
        if (!mine.outcome) {
          // At the front: a moment for those whose reads finished with ours to get in line, then take them along.
          await new Promise<void>((resolve) => setImmediate(resolve));
          own.waiting.delete(seq);
          const batch = [mine, ...joiners(own, seq, exec)];
          let outcomes: PromiseSettledResult<unknown>[];
          try {
            outcomes = await exec(batch.map((w) => w.job as J));
          } catch (reason) {
            outcomes = batch.map(() => ({ status: 'rejected', reason }));
          }
          batch.forEach((w, i) => {
            w.outcome = outcomes[i] ?? { status: 'rejected', reason: new Error('no outcome for a joined job') };
          });
          for (const w of batch) w.release(); // in line order
        }
        const outcome = mine.outcome as PromiseSettledResult<R>;
        if (outcome.status === 'rejected') throw outcome.reason;
        return outcome.value;
      },
      leave: () => {
        if (used) return;
        used = true;
        own.left.add(seq); // a batch at the front may pass over it
        void previous.then(release); // those behind still wait for those ahead
      },
    };
  };

  /** The turns right behind `seq` waiting with the same exec (passing over those that left), up to maxBatch in all. */
  function joiners(line: Line, seq: number, exec: JoinedExec): Waiting[] {
    const taken: Waiting[] = [];
    for (let next = seq + 1; taken.length + 1 < maxBatch; next++) {
      if (line.left.has(next)) continue;
      const w = line.waiting.get(next);
      if (!w || w.exec !== exec) break;
      line.waiting.delete(next);
      taken.push(w);
    }
    return taken;
  }

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

/** How many bookings of one event at most go through the engine's transaction together (decision 014). */
export const EVENT_BATCH = 256;

/** The queue of a database's events: one change to an event's places at a time in this process. */
export const eventQueue = perDatabase(() => keyedQueue({ lookahead: EVENT_LOOKAHEAD, maxBatch: EVENT_BATCH }));
