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
});
