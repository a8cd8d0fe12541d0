import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventSlots } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { alertIfLow, assignCodes, type BookingPolicy, type EventRow, poolUnderLock } from '../booking-rules/index.ts';
import { queueBookingMail } from '../notify/index.ts';
import { releaseHeld } from '../outbox/index.ts';

type BookingRow = typeof bookings.$inferSelect;

/**
 * The waitlist's order: the order members joined it; the entries a draw waitlisted joined at one instant, in draw
 * order (their draw rank, decision 050); the id breaks any other tie.
 */
export const waitlistOrder = () => [bookings.createdAt, sql`coalesce(${bookings.drawRank}, 0)`, bookings.id];

/**
 * 1 for the first in line: the waitlist is served in the order members joined it. A member waiting for a slot counts
 * only those waiting for the same slot, as a place there goes to them first.
 */
export async function waitlistPosition(db: Db | Tx, booking: Pick<BookingRow, 'id' | 'eventId' | 'slotId'>) {
  // Compared in the database: a JavaScript Date would drop the microseconds of created_at.
  const mine = sql`(select me.created_at, coalesce(me.draw_rank, 0), me.id from ${bookings} as me where me.id = ${booking.id})`;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.eventId, booking.eventId),
        eq(bookings.status, 'waitlisted'),
        sql`${bookings.slotId} is not distinct from ${booking.slotId}`,
        sql`(${sql.join(waitlistOrder(), sql`, `)}) < ${mine}`,
      ),
    );
  return Number(row?.ahead ?? 0) + 1;
}

/** Positions of many waitlisted bookings at once (member and admin lists), keyed by booking id. */
export async function waitlistPositions(db: Db, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      position: sql<number>`row_number() over (partition by ${bookings.eventId}, ${bookings.slotId} order by ${sql.join(waitlistOrder(), sql`, `)})::int`,
    })
    .from(bookings)
    .where(and(inArray(bookings.eventId, eventIds), eq(bookings.status, 'waitlisted')));
  return new Map(rows.map((r) => [r.id, Number(r.position)]));
}

/**
 * Gives freed places to the waitlist, inside the transaction that freed them (the event row is
 * locked by the caller). In the order members joined, each one whose party fits the places left
 * (and its slot's places) is promoted and told by e-mail; a larger party that does not fit keeps its
 * position while smaller ones behind it take what is free, so no place stays empty.
 */
export async function promoteWaitlist(tx: Tx, event: EventRow, policy: BookingPolicy, portalUrl: string) {
  const waiting = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, event.id), eq(bookings.status, 'waitlisted')))
    .orderBy(...waitlistOrder())
    .for('update');
  if (waiting.length === 0) return [];
  let free = await freePlaces(tx, event);
  const promoted: BookingRow[] = [];
  for (const candidate of waiting) {
    if (free <= 0) break;
    const placed = await placeFromWaitlist(tx, event, policy, candidate, free, portalUrl);
    if (typeof placed === 'string') continue;
    free -= placed.places;
    promoted.push(placed);
  }
  return promoted;
}

/**
 * An admin gives one waitlisted booking a place ahead of the line, under the same capacity rules (the caller holds
 * the event's lock and the booking's row). Refused with sold_out or slot_full when its party does not fit.
 */
export async function promoteOne(
  tx: Tx,
  event: EventRow,
  policy: BookingPolicy,
  booking: BookingRow,
  portalUrl: string,
) {
  const placed = await placeWaitlisted(tx, event, policy, booking, portalUrl);
  if (placed === 'slot') throw new HttpError(409, words('srv.rsvp.slotFull'), ERROR_CODE.slotFull);
  if (placed === 'event') throw new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
  return placed;
}

/** Places one waitlisted booking if its party fits the event's and its slot's free places now; else says which is full. */
export const placeWaitlisted = async (
  tx: Tx,
  event: EventRow,
  policy: BookingPolicy,
  booking: BookingRow,
  portalUrl: string,
) => placeFromWaitlist(tx, event, policy, booking, await freePlaces(tx, event), portalUrl);

async function freePlaces(tx: Tx, event: EventRow) {
  const [held] = await tx
    .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, event.id), inArray(bookings.status, ['confirmed', 'pending'])));
  return event.capacity === null ? Number.POSITIVE_INFINITY : event.capacity - Number(held?.n ?? 0);
}

/** Places one waitlisted booking when its party fits `free` and its slot; else says which one is full. */
async function placeFromWaitlist(
  tx: Tx,
  event: EventRow,
  policy: BookingPolicy,
  candidate: BookingRow,
  free: number,
  portalUrl: string,
): Promise<BookingRow | 'event' | 'slot'> {
  if (candidate.places > free) return 'event';
  // An offer's place comes with a code (decision 029): no code left, no place.
  const pool = event.benefitId ? await poolUnderLock(tx, event.benefitId, []) : null;
  if (pool && pool.left < 1) return 'event';
  let slot: typeof eventSlots.$inferSelect | null = null;
  if (candidate.slotId) {
    [slot = null] = await tx.select().from(eventSlots).where(eq(eventSlots.id, candidate.slotId)).for('update');
    if (!slot?.isActive || slot.booked + candidate.places > slot.capacity) return 'slot';
    await tx
      .update(eventSlots)
      .set({ booked: sql`${eventSlots.booked} + ${candidate.places}` })
      .where(eq(eventSlots.id, slot.id));
  }
  const [booking] = await tx
    .update(bookings)
    .set({
      status: policy.requiresApproval ? 'pending' : 'confirmed',
      placedAt: new Date(),
      promotedAt: new Date(), // analytics counts promotions (decision 017)
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, candidate.id))
    .returning();
  if (!booking) return 'event';
  if (pool?.pool.mode === 'codes') {
    await assignCodes(tx, pool.pool.benefitId, [{ id: booking.id, email: booking.email }]);
    pool.left -= 1;
    await alertIfLow(tx, pool, event);
  }
  await releaseHeld(tx, booking.id); // e.g. its row in the form's sheet
  await queueBookingMail(tx, { kind: 'promoted', booking, event, slot, policy, portalUrl });
  return booking;
}
