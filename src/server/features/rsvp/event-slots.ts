import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '#common/bookings.ts';
import type { Db } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { eventQueue } from '../../lib/keyed-queue.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { slotStarted } from '../booking-rules/index.ts';
import { slotAt } from './crowd-reads.ts';
import { asBookingError, lockEvent } from './place-batch.ts';

export type SlotView = { id: string; date: string | null; slotTime: string; remainingSlots: number };

/**
 * Active slots of an event that have not started, with places left, in their stored order (full slots are hidden,
 * docs/spec/DESIGN.md §4, unless asked).
 */
export async function openSlots(db: Db, eventId: string, opts: { includeFull?: boolean } = {}): Promise<SlotView[]> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return [];
  const rows = await db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, eventId), eq(eventSlots.isActive, true)))
    .orderBy(asc(eventSlots.sortKey), asc(eventSlots.slotDate), asc(eventSlots.slotTime));
  const now = new Date();
  return rows
    .filter((s) => !slotStarted(event, s, now))
    .map((s) => ({
      id: s.id,
      date: s.slotDate,
      slotTime: s.slotTime,
      remainingSlots: Math.max(0, s.capacity - s.booked),
    }))
    .filter((s) => opts.includeFull || s.remainingSlots > 0);
}

export async function slotById(db: Db, id: string | null) {
  if (!id) return null;
  const [slot] = await db.select().from(eventSlots).where(eq(eventSlots.id, id));
  return slot ?? null;
}

/** A crowd's slot lookups share one read per turn (crowd-reads). */
export const findSlot = (db: Db, eventId: string, slotTime: string, date: string | null = null) =>
  slotAt(db, eventId, slotTime, date);

const reconciling = perDatabase(singleFlight);

/**
 * Re-reads slot counts from their source of truth (the bookings) so a count that drifted,
 * e.g. after a manual edit in the database, is put right. Concurrent calls for one event share
 * one run; the run queues with the event's bookings and takes the event lock first, as they do, so
 * it never deadlocks with them.
 */
export function reconcileSlotCounts(db: Db, eventId: string): Promise<void> {
  return reconciling(db)(eventId, async () => {
    try {
      await eventQueue(db)(eventId, () =>
        db.transaction(async (tx) => {
          await lockEvent(tx, eventId);
          const held = tx
            .select({ n: sql`coalesce(sum(${bookings.places}), 0)::int` })
            .from(bookings)
            // The event id lets the (event_id, email) index find the rows; slot_id has none of its own.
            .where(
              and(
                eq(bookings.eventId, eventId),
                eq(bookings.slotId, eventSlots.id),
                inArray(bookings.status, HOLDING_STATUSES),
              ),
            );
          await tx
            .update(eventSlots)
            .set({ booked: sql`(${held})` })
            .where(eq(eventSlots.eventId, eventId));
        }),
      );
    } catch (err) {
      throw asBookingError(err);
    }
    hotCache(db).invalidate(eventId);
  });
}
