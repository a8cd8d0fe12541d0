/**
 * The fair draw's algorithm (docs/decisions/031-fair-draws.md), one pure module for the server that runs
 * it and the browser that checks it: WebCrypto only (Node 20 and browsers both have `crypto.subtle`).
 *
 * fair-draw/v1, written down so anyone can rerun it:
 * 1. commitment = lowercase hex of SHA-256 over the seed's 64 lowercase hex characters (ASCII), published when the
 *    entry window opens: `printf %s SEED | sha256sum`.
 * 2. The entries' ids are sorted ascending (ASCII order) before the shuffle, so the input does not depend on the
 *    order the database returned them in.
 * 3. A stream of bytes: block k (k = 0, 1, 2, …) is SHA-256(seed bytes ‖ k as 8 bytes big-endian), where the seed
 *    bytes are the 32 bytes the hex seed spells; the blocks are concatenated and read as 32-bit big-endian words.
 * 4. Fisher–Yates from the end: for i = n−1 down to 1, with m = i + 1, read words until one, x, is below
 *    2^32 − (2^32 mod m) (rejection: no index is likelier than another), then j = x mod m; swap positions i and j.
 *    The shuffled list is the draw order, first drawn first.
 * 5. Filling: walk the draw order with the places offered (the capacity less the places already held). An entry
 *    whose places (1 + guests) fit takes them; one that does not fit is passed over for later, smaller entries and
 *    stays in draw order among those not drawn (their waitlist order, when the organiser keeps a waitlist).
 */

export const DRAW_ALGORITHM = 'fair-draw/v1';

export const DRAW_ALGORITHM_TEXT = [
  'commitment = hex(SHA-256(ASCII of the 64-character lowercase hex seed)).',
  'Sort the entry ids ascending (ASCII).',
  'Byte stream: block k = SHA-256(seed bytes ‖ k as 8-byte big-endian), k = 0, 1, 2…; read as 32-bit big-endian words.',
  'Fisher–Yates: for i = n−1 down to 1, m = i+1: take the next word x, skipping any x ≥ 2^32 − (2^32 mod m); j = x mod m; swap i and j.',
  'Fill in that order: an entry whose places (1 + guests) fit the places left wins; one that does not fit is passed over for smaller entries after it.',
];

const subtle = () => globalThis.crypto.subtle;
const TWO_32 = 2 ** 32;

export const toHex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );

export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})+$/.test(hex)) throw new Error('not lowercase hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** A seed is 32 random bytes written as 64 lowercase hex characters. */
export const isSeed = (seed: string) => /^[0-9a-f]{64}$/.test(seed);

/** What is published at the window's opening: SHA-256 of the seed's hex text. */
export async function commitmentOf(seed: string): Promise<string> {
  return toHex(await subtle().digest('SHA-256', new TextEncoder().encode(seed)));
}

/** The 32-bit words of the seed's byte stream, read in order; blocks are hashed a few at a time. */
function wordStream(seed: string) {
  const key = fromHex(seed);
  const BLOCKS_AHEAD = 32;
  let words: number[] = [];
  let next = 0;
  let block = 0;
  const refill = async () => {
    const digests = await Promise.all(
      Array.from({ length: BLOCKS_AHEAD }, (_, i) => {
        const input = new Uint8Array(key.length + 8);
        input.set(key);
        new DataView(input.buffer).setBigUint64(key.length, BigInt(block + i), false);
        return subtle().digest('SHA-256', input);
      }),
    );
    block += BLOCKS_AHEAD;
    words = [];
    next = 0;
    for (const d of digests) {
      const view = new DataView(d);
      for (let o = 0; o < 32; o += 4) words.push(view.getUint32(o, false));
    }
  };
  return async (): Promise<number> => {
    if (next >= words.length) await refill();
    return words[next++] as number;
  };
}

/** The draw order of the entries: their ids sorted, then shuffled by the seed (steps 2–4 above). */
export async function drawOrder(seed: string, entryIds: readonly string[]): Promise<string[]> {
  if (!isSeed(seed)) throw new Error('the seed is 64 lowercase hex characters');
  const a = [...entryIds].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const word = wordStream(seed);
  for (let i = a.length - 1; i >= 1; i -= 1) {
    const m = i + 1;
    const limit = TWO_32 - (TWO_32 % m);
    let x = await word();
    while (x >= limit) x = await word();
    const j = x % m;
    const t = a[i] as string;
    a[i] = a[j] as string;
    a[j] = t;
  }
  return a;
}

export type DrawOutcome = 'won' | 'not_drawn';

/** Step 5: who takes the places offered, in draw order; an entry that does not fit is passed over. */
export function fillInOrder(
  order: readonly string[],
  placesOf: (id: string) => number,
  offered: number,
): Map<string, DrawOutcome> {
  let left = Math.max(0, offered);
  const out = new Map<string, DrawOutcome>();
  for (const id of order) {
    const places = placesOf(id);
    if (places <= left) {
      left -= places;
      out.set(id, 'won');
    } else out.set(id, 'not_drawn');
  }
  return out;
}

/** One published entry: its opaque id (the member sees it on their entry), its places and what the draw gave it. */
export type PublishedEntry = { id: string; places: number; outcome: DrawOutcome };

/**
 * Checks a published draw from its own figures: the seed matches the commitment, the order is the seed's shuffle of
 * the same ids, and the outcomes follow from filling the places offered in that order.
 */
export async function verifyDraw(d: {
  seed: string;
  commitment: string;
  placesOffered: number;
  order: readonly PublishedEntry[];
}): Promise<{ commitment: boolean; order: boolean; outcomes: boolean }> {
  const commitment = (await commitmentOf(d.seed)) === d.commitment;
  const ids = d.order.map((e) => e.id);
  const again = await drawOrder(d.seed, ids);
  const order = again.length === ids.length && again.every((id, i) => id === ids[i]);
  const places = new Map(d.order.map((e) => [e.id, e.places]));
  const filled = fillInOrder(again, (id) => places.get(id) ?? 1, d.placesOffered);
  const outcomes = d.order.every((e) => filled.get(e.id) === e.outcome);
  return { commitment, order, outcomes };
}
