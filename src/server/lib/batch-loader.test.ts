import { describe, expect, it } from 'vitest';
import { batchLoader } from './batch-loader.ts';

/** A loader whose loads the test finishes by hand, recording the keys of each. */
function manualLoader() {
  const loads: { keys: string[]; finish: (fail?: Error) => void }[] = [];
  const load = batchLoader<string>(
    (keys) =>
      new Promise((resolve, reject) => {
        loads.push({
          keys,
          finish: (fail) => (fail ? reject(fail) : resolve(new Map(keys.map((k) => [k, `value of ${k}`])))),
        });
      }),
  );
  return { load, loads };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('batchLoader', () => {
  it('loads the keys asked in one turn together, each key once', async () => {
    const { load, loads } = manualLoader();
    const answers = Promise.all([load('a'), load('b'), load('a')]);
    await turn();
    expect(loads.map((l) => l.keys)).toEqual([['a', 'b']]);
    loads[0]?.finish();
    expect(await answers).toEqual(['value of a', 'value of b', 'value of a']);
  });

  it('keeps keys asked while a load is out for one next load, started after it is back (never a stale answer)', async () => {
    const { load, loads } = manualLoader();
    const first = load('a');
    await turn();
    const later = [load('a'), load('b')];
    await turn();
    await turn();
    expect(loads).toHaveLength(1); // one load out at a time
    loads[0]?.finish();
    expect(await first).toBe('value of a');
    await turn();
    expect(loads.map((l) => l.keys)).toEqual([['a'], ['a', 'b']]); // 'a' asked again after the first load began
    loads[1]?.finish();
    expect(await Promise.all(later)).toEqual(['value of a', 'value of b']);
  });

  it('rejects the waiters of a failed load and goes on with the next', async () => {
    const { load, loads } = manualLoader();
    const failing = load('a');
    await turn();
    const next = load('b');
    loads[0]?.finish(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await turn();
    loads[1]?.finish();
    expect(await next).toBe('value of b');
  });
});
