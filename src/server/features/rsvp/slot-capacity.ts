import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { HOLDING_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { SLOT_CAPACITY_MSG, type SlotCapacityResult } from '#common/slot-capacity.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db } from '../../db/client.ts';
import { bookings, eventSlots } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audited.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { eventQueue } from '../../lib/keyed-queue.ts';
import { loadPolicy } from '../booking-rules/index.ts';
import { queueSlotSync } from '../sheets/index.ts';
import { asBookingError, lockEvent } from './place-batch.ts';
import { promoteWaitlist } from './waitlist.ts';

/**
 * An admin sets one slot's capacity. It queues with the event's bookings and takes the event lock as they
 * do, so no booking lands between the count and the change: a capacity below the places held is refused, a larger
 * one hands the new places to the waitlist as a cancellation would, and Tab 2 is written back through the outbox.
 */
export async function setSlotCapacity(
  { db, req, portalUrl }: { db: Db; req: FastifyRequest; portalUrl: string },
  eventId: string,
  slotId: string,
  capacity: number,
): Promise<SlotCapacityResult> {
  try {
    const result = await eventQueue(db)(eventId, () =>
      db.transaction(async (tx) => {
        const event = await lockEvent(tx, eventId);
        const [slot] = await tx.select().from(eventSlots).where(eq(eventSlots.id, slotId)).for('update');
        if (!slot || slot.eventId !== eventId) throw new HttpError(404, SLOT_CAPACITY_MSG.notFound);
        // The bookings are the truth; the slot's counter is brought in line with them while the lock is held.
        const [row] = await tx
          .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
          .from(bookings)
          .where(
            and(eq(bookings.eventId, eventId), eq(bookings.slotId, slotId), inArray(bookings.status, HOLDING_STATUSES)),
          );
        const held = Number(row?.n ?? 0);
        if (capacity < held)
          throw new HttpError(409, SLOT_CAPACITY_MSG.belowBooked(held), ERROR_CODE.capacityBelowBooked, {
            extra: { booked: held, capacity: slot.capacity },
          });
        await tx.update(eventSlots).set({ capacity, booked: held }).where(eq(eventSlots.id, slotId));
        const promoted =
          capacity > slot.capacity ? await promoteWaitlist(tx, event, await loadPolicy(tx, event), portalUrl) : [];
        await queueSlotSync(tx, event); // the organiser's Tab 2 shows the new capacity
        await recordAudit(tx, req, {
          action: 'slot.capacity',
          targetType: 'slot',
          targetId: slotId,
          details: { eventId, from: slot.capacity, to: capacity, held, promoted: promoted.length },
        });
        const [after] = await tx
          .select({ booked: eventSlots.booked })
          .from(eventSlots)
          .where(eq(eventSlots.id, slotId));
        return { slotId, capacity, booked: after?.booked ?? held, promoted: promoted.length };
      }),
    );
    // A larger slot may end a remembered "full": every instance forgets it and re-reads the event.
    afterCommit(db, (root) => {
      hotCache(root).invalidate(eventId);
      hotCache(root).forgetFacts();
    });
    return result;
  } catch (err) {
    throw asBookingError(err);
  }
}
