import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, drawOrder, fillInOrder, verifyDraw } from './fair-draw.ts';

const SEED = `${'00'.repeat(31)}01`;

describe('fair-draw/v1', () => {
  it('commits to the SHA-256 of the seed text, as sha256sum prints it', async () => {
    expect(await commitmentOf(SEED)).toBe(createHash('sha256').update(SEED).digest('hex'));
  });

  it('gives the known answer (checked with an independent Python implementation of the written steps)', async () => {
    expect(await drawOrder(SEED, ['h', 'g', 'f', 'e', 'd', 'c', 'b', 'a'])).toEqual([
      'e',
      'c',
      'a',
      'f',
      'd',
      'g',
      'b',
      'h',
    ]);
  });

  it('is a permutation that depends on the seed, not on the order the ids came in', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => `id-${i}`);
    const one = await drawOrder(SEED, ids);
    expect([...one].sort()).toEqual([...ids].sort());
    expect(await drawOrder(SEED, [...ids].reverse())).toEqual(one);
    expect(await drawOrder(`${'00'.repeat(31)}02`, ids)).not.toEqual(one);
    await expect(drawOrder('not-a-seed', ids)).rejects.toThrow();
  });

  it('passes over a party that does not fit for a smaller one after it', () => {
    const places = new Map([
      ['a', 2],
      ['b', 3],
      ['c', 1],
      ['d', 1],
    ]);
    const out = fillInOrder(['a', 'b', 'c', 'd'], (id) => places.get(id) ?? 1, 4);
    expect(Object.fromEntries(out)).toEqual({ a: 'won', b: 'not_drawn', c: 'won', d: 'won' });
  });

  it('verifies a published draw and catches a changed one', async () => {
    const order = (await drawOrder(SEED, ['a', 'b', 'c'])).map((id, i) => ({
      id,
      places: 1,
      outcome: i < 2 ? ('won' as const) : ('not_drawn' as const),
    }));
    const commitment = await commitmentOf(SEED);
    expect(await verifyDraw({ seed: SEED, commitment, placesOffered: 2, order })).toEqual({
      commitment: true,
      order: true,
      outcomes: true,
    });
    const swapped = [order[1], order[0], order[2]].filter((e) => e !== undefined);
    expect((await verifyDraw({ seed: SEED, commitment, placesOffered: 2, order: swapped })).order).toBe(false);
    expect((await verifyDraw({ seed: SEED, commitment: '0'.repeat(64), placesOffered: 2, order })).commitment).toBe(
      false,
    );
  });
});
