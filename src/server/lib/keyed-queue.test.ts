import { describe, expect, it } from 'vitest';
import { keyedQueue } from './keyed-queue.ts';

const settle = () => new Promise((r) => setImmediate(r));

/** Records when each turn's `near` resolved. */
function watchNear(turns: { near: () => Promise<void> }[]) {
  const near: number[] = [];
  for (const [i, t] of turns.entries()) void t.near().then(() => near.push(i));
  return near;
}

describe('keyedQueue', () => {
  it('runs the turns of one key in the order they were taken, whatever order they ask to run in', async () => {
    const queue = keyedQueue();
    const ran: string[] = [];
    const turns = ['a', 'b', 'c'].map((name) => ({ name, turn: queue.take('event') }));
    const runs = [...turns].reverse().map(({ name, turn }) => turn.run(async () => ran.push(name)));
    await Promise.all(runs);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('lets a turn near the front only when at most `lookahead` turns are ahead of it', async () => {
    const queue = keyedQueue({ lookahead: 2 });
    const turns = Array.from({ length: 5 }, () => queue.take('event'));
    const near = watchNear(turns);
    await settle();
    expect(near).toEqual([0, 1, 2]);
    let finishFirst: () => void = () => undefined;
    const first = turns[0]?.run(() => new Promise<void>((r) => (finishFirst = r)));
    await settle();
    expect(near).toEqual([0, 1, 2]); // running is still ahead
    finishFirst();
    await first;
    await settle();
    expect(near).toEqual([0, 1, 2, 3]);
    turns[1]?.leave(); // refused before its turn: those behind move up
    await settle();
    expect(near).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps other keys out of the count', async () => {
    const queue = keyedQueue({ lookahead: 0 });
    queue.take('other event');
    const near = watchNear([queue.take('event'), queue.take('event')]);
    await settle();
    expect(near).toEqual([0]);
  });

  it('opens the line: every turn behind may read at once, still running in order', async () => {
    const queue = keyedQueue({ lookahead: 1 });
    const turns = Array.from({ length: 6 }, () => queue.take('event'));
    const near = watchNear(turns);
    await settle();
    expect(near).toEqual([0, 1]);
    queue.open('event');
    await settle();
    expect(near).toEqual([0, 1, 2, 3, 4, 5]);
    const ran: number[] = [];
    await Promise.all([...turns.entries()].reverse().map(([i, t]) => t.run(async () => ran.push(i))));
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('starts a closed line again once it has emptied', async () => {
    const queue = keyedQueue({ lookahead: 0 });
    const early = queue.take('event');
    queue.open('event');
    await early.run(async () => undefined);
    await settle();
    const near = watchNear([queue.take('event'), queue.take('event')]);
    await settle();
    expect(near).toEqual([0]);
  });

  describe('joined runs', () => {
    /** An exec that records each batch it was given and answers each job with its double, refusing odd ones. */
    function doubling() {
      const batches: number[][] = [];
      const exec = async (jobs: number[]) => {
        batches.push(jobs);
        return jobs.map(
          (n): PromiseSettledResult<number> =>
            n % 2 ? { status: 'rejected', reason: new Error(`odd ${n}`) } : { status: 'fulfilled', value: n * 2 },
        );
      };
      return { batches, exec };
    }

    it('takes the turns waiting right behind the front into its batch, in line order, each with its own outcome', async () => {
      const queue = keyedQueue({ maxBatch: 10 });
      const { batches, exec } = doubling();
      let finishFirst: () => void = () => undefined;
      const turns = Array.from({ length: 5 }, () => queue.take('event'));
      const first = turns[0]?.run(() => new Promise<void>((r) => (finishFirst = r)));
      // They ask in reverse order while the first is still running.
      const answers = [4, 3, 2, 1].map((i) => turns[i]?.runJoined(i * 2, exec).catch((e: Error) => e.message));
      await settle();
      expect(batches).toEqual([]);
      finishFirst();
      await first;
      expect(await Promise.all(answers)).toEqual([16, 12, 8, 4]);
      expect(batches).toEqual([[2, 4, 6, 8]]);
    });

    it('gives each job its own refusal and stops a batch at a turn still reading', async () => {
      const queue = keyedQueue({ maxBatch: 10 });
      const { batches, exec } = doubling();
      const [a, b, c, d] = Array.from({ length: 4 }, () => queue.take('event'));
      const ran = [a?.runJoined(2, exec), b?.runJoined(3, exec).catch((e: Error) => e.message)];
      const late = d?.runJoined(8, exec); // c has not asked yet: d may not pass it
      expect(await Promise.all(ran)).toEqual([4, 'odd 3']);
      expect(batches).toEqual([[2, 3]]);
      await c?.runJoined(6, exec);
      expect(await late).toBe(16);
      expect(batches).toEqual([
        [2, 3],
        [6, 8],
      ]);
    });

    it('passes over a turn that left, keeps batches to maxBatch and never joins another exec', async () => {
      const queue = keyedQueue({ maxBatch: 2 });
      const one = doubling();
      const other = doubling();
      let finishFirst: () => void = () => undefined;
      const turns = Array.from({ length: 6 }, () => queue.take('event'));
      const first = turns[0]?.run(() => new Promise<void>((r) => (finishFirst = r)));
      turns[2]?.leave();
      const answers = [
        turns[1]?.runJoined(2, one.exec),
        turns[3]?.runJoined(4, one.exec),
        turns[4]?.runJoined(6, one.exec),
        turns[5]?.runJoined(8, other.exec),
      ];
      await settle();
      finishFirst();
      await first;
      expect(await Promise.all(answers)).toEqual([4, 8, 12, 16]);
      expect(one.batches).toEqual([[2, 4], [6]]);
      expect(other.batches).toEqual([[8]]);
    });

    it('answers every job of a batch whose exec throws with that error, and the line moves on', async () => {
      const queue = keyedQueue({ maxBatch: 10 });
      const failing = async (_jobs: number[]): Promise<PromiseSettledResult<number>[]> => {
        throw new Error('database gone');
      };
      const [a, b, c] = Array.from({ length: 3 }, () => queue.take('event'));
      const answers = [a, b].map((t, i) => t?.runJoined(i, failing).catch((e: Error) => e.message));
      expect(await Promise.all(answers)).toEqual(['database gone', 'database gone']);
      expect(await c?.run(async () => 'next')).toBe('next');
    });
  });
});
