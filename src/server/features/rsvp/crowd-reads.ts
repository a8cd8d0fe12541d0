import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, type BookingStatus, HOLDING_STATUSES } from '#common/bookings.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  bookings,
  eventDraws,
  eventSlots,
  events,
  offerCodes,
  offerPools,
  rsvpConfigurations,
} from '../../db/schema.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { claimsOf, type EventRow, type PoolRow, type SlotRow, visibleCode } from '../booking-rules/index.ts';
import { type ConfigRow, readConfig } from '../configurations/index.ts';

/**
 * The reads every booking request makes before the engine's queue (the event, its places taken, whether the member
 * already holds a place), coalesced per turn of the event loop: a thousand members pressing RSVP at once cost a
 * few queries, not thousands queued in the pool ahead of the bookings themselves (docs/decisions/014). Only for
 * the database itself, never inside a transaction.
 */
const loaders = perDatabase((db: Db) => ({
  event: batchLoader<EventRow>(async (ids) => {
    const rows = await db.select().from(events).where(inArray(events.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  }),
  taken: batchLoader<number>(async (ids) => {
    const rows = await db
      .select({ eventId: bookings.eventId, n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
      .from(bookings)
      .where(and(inArray(bookings.eventId, ids), inArray(bookings.status, HOLDING_STATUSES)))
      .groupBy(bookings.eventId);
    return new Map(ids.map((id) => [id, Number(rows.find((r) => r.eventId === id)?.n ?? 0)]));
  }),
  activeStatus: batchLoader<BookingStatus>(async (keys) => {
    const found = new Map<string, BookingStatus>();
    const byEvent = new Map<string, string[]>();
    for (const { eventId, email } of keys.map(splitKey)) {
      const emails = byEvent.get(eventId) ?? [];
      emails.push(email);
      byEvent.set(eventId, emails);
    }
    for (const [eventId, emails] of byEvent) {
      const rows = await db
        .select({ email: bookings.email, status: bookings.status })
        .from(bookings)
        .where(
          and(
            eq(bookings.eventId, eventId),
            inArray(bookings.email, emails),
            inArray(bookings.status, ACTIVE_STATUSES),
          ),
        );
      for (const r of rows) found.set(memberKey(eventId, r.email), r.status as BookingStatus);
    }
    return found;
  }),
  /** Each benefit's live configuration (the newest active one), as liveConfigFor reads it. */
  liveConfig: batchLoader<ConfigRow>(async (benefitIds) => {
    const rows = await db
      .select()
      .from(rsvpConfigurations)
      .where(and(inArray(rsvpConfigurations.benefitId, benefitIds), eq(rsvpConfigurations.isActive, true)))
      .orderBy(desc(rsvpConfigurations.updatedAt));
    const live = new Map<string, ConfigRow>();
    for (const r of rows) if (r.benefitId && !live.has(r.benefitId)) live.set(r.benefitId, readConfig(r));
    return live;
  }),
  /** Each offer's code pool with its unclaimed codes (decision 029); a benefit without one is absent. */
  pool: batchLoader<{ pool: PoolRow; left: number }>(async (benefitIds) => {
    const rows = await db
      .select({
        pool: offerPools,
        // Qualified by hand: in a one-table select Drizzle writes bare column names, and a bare "benefit_id" inside
        // the subquery is the code's own, which counted every offer's unclaimed codes as this one's.
        left: sql<number>`(select count(*)::int from ${offerCodes} where ${offerCodes}.benefit_id = ${offerPools}.benefit_id and ${offerCodes}.booking_id is null and ${visibleCode})`,
      })
      .from(offerPools)
      .where(inArray(offerPools.benefitId, benefitIds));
    return new Map(
      rows.map((r) => [
        r.pool.benefitId,
        { pool: r.pool, left: r.pool.mode === 'shared' ? Number.POSITIVE_INFINITY : Number(r.left) },
      ]),
    );
  }),
  /** A member's active claims of an offer, over its events. */
  claims: batchLoader<number>(async (keys) => {
    const found = new Map<string, number>();
    const byBenefit = new Map<string, string[]>();
    for (const { eventId: benefitId, email } of keys.map(splitKey))
      byBenefit.set(benefitId, [...(byBenefit.get(benefitId) ?? []), email]);
    for (const [benefitId, emails] of byBenefit)
      for (const [email, n] of await claimsOf(db, benefitId, emails)) found.set(memberKey(benefitId, email), n);
    return found;
  }),
  /** Each event's fair draw, if it has one (decision 031). */
  draw: batchLoader<typeof eventDraws.$inferSelect>(async (ids) => {
    const rows = await db.select().from(eventDraws).where(inArray(eventDraws.eventId, ids));
    return new Map(rows.map((r) => [r.eventId, r]));
  }),
  /** Slots by (event, date, time): a batch reads each asked-for event's slots once. */
  slot: batchLoader<SlotRow>(async (keys) => {
    const eventIds = [...new Set(keys.map((k) => k.split('\u0000')[0] ?? ''))];
    const rows = await db.select().from(eventSlots).where(inArray(eventSlots.eventId, eventIds));
    return new Map(rows.map((r) => [slotKey(r.eventId, r.slotTime, r.slotDate), r]));
  }),
}));

const slotKey = (eventId: string, slotTime: string, date: string | null) =>
  `${eventId}\u0000${slotTime}\u0000${date ?? ''}`;

const memberKey = (eventId: string, email: string) => `${eventId}\u0000${email}`;
function splitKey(key: string) {
  const [eventId = '', email = ''] = key.split('\u0000');
  return { eventId, email };
}

export const eventRow = (db: Db, eventId: string) => loaders(db).event(eventId);
/** The event's slot at that time (on that date, or the date-less one), active or not: what findSlot answers. */
export const slotAt = async (db: Db, eventId: string, slotTime: string, date: string | null) =>
  (await loaders(db).slot(slotKey(eventId, slotTime, date))) ?? null;
/** liveConfigFor for the database itself (never a transaction): a crowd's reads of one benefit share one query. */
export const liveConfigNow = async (db: Db | Tx, benefitId: string) =>
  (await loaders(db as Db).liveConfig(benefitId)) ?? null;
export const placesTakenNow = async (db: Db, eventId: string) => (await loaders(db).taken(eventId)) ?? 0;
/** The member's confirmed, pending or waitlisted booking's status for the event, if any. */
export const activeStatusOf = (db: Db, eventId: string, email: string) =>
  loaders(db).activeStatus(memberKey(eventId, email));
/** The offer's pool and its codes left, if it has one (read before the lock; the engine reads both again under it). */
export const poolNow = async (db: Db, benefitId: string | null) =>
  benefitId ? ((await loaders(db).pool(benefitId)) ?? null) : null;
/** How many claims the member holds on the offer. */
export const claimsNow = async (db: Db, benefitId: string, email: string) =>
  (await loaders(db).claims(memberKey(benefitId, email))) ?? 0;
/** The event's fair draw, if any: a crowd entering one draw shares one query. */
export const drawNow = async (db: Db, eventId: string) => (await loaders(db).draw(eventId)) ?? null;
