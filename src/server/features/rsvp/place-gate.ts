import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db } from '../../db/client.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';

/**
 * How long an instance trusts the free places it last saw of an event or slot. A release (cancellation, decline,
 * admin change, slot refresh) drops what it saw at once, here and through NOTIFY in other instances
 * (docs/decisions/014); the time limit only bounds a change this instance was never told of.
 */
export const FREE_PLACES_TTL_MS = 3_000;

/** Free places a transaction saw under the event's lock; null where nothing is counted. */
export type FreeSeen = { event: number | null; slot: number | null };

const factKey = (slotId: string | null | undefined) => (slotId ? `free:${slotId}` : 'free');

/** Take before reading the counts: a release that commits after it keeps a stale count from being remembered. */
export const freePlacesGeneration = (db: Db, eventId: string) => hotCache(db).factGenerationOf(eventId);

export function rememberFreePlaces(
  db: Db,
  eventId: string,
  slotId: string | null | undefined,
  seen: FreeSeen,
  generation: string,
  ttlMs = FREE_PLACES_TTL_MS,
) {
  const cache = hotCache(db);
  if (seen.event !== null) cache.remember(eventId, factKey(null), seen.event, ttlMs, generation);
  if (slotId && seen.slot !== null) cache.remember(eventId, factKey(slotId), seen.slot, ttlMs, generation);
}

/**
 * The sold-out answer without a database query, when this instance saw too few free places a moment ago. Free
 * places only shrink between releases, so what was seen is an upper bound: a refusal here is always right.
 */
export function refuseIfKnownFull(db: Db, eventId: string, slotId: string | null | undefined, places: number) {
  const cache = hotCache(db);
  const event = cache.recall<number>(eventId, factKey(null));
  if (event !== undefined && event < places) throw new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
  const slot = slotId ? cache.recall<number>(eventId, factKey(slotId)) : undefined;
  if (slot !== undefined && slot < places) throw new HttpError(409, words('srv.rsvp.slotFull'), ERROR_CODE.slotFull);
}
