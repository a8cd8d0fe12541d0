import { and, eq, inArray, sql } from 'drizzle-orm';
import { RSVP_MSG } from '../../../common/rsvp.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Bookings that hold a place. */
export const HOLDING_STATUSES = ['confirmed', 'pending'];

export type PlaceRequest = {
  eventId: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  phoneNumber?: string | null;
  slotId?: string | null;
  guestCount?: number;
  maxGuests?: number;
  data?: Record<string, unknown>;
  /** Runs inside the booking transaction, e.g. to write a submission row with the booking. */
  alsoInTransaction?: (tx: Tx, bookingId: string) => Promise<void>;
};

/**
 * The one RSVP engine (DESIGN §1). In a single transaction: lock the event row (and the slot
 * row), check the member's existing place and the capacity, insert, count the slot, commit.
 * Racing requests queue on the row lock, so exactly as many win as there are places.
 */
export async function reservePlace(db: Db, req: PlaceRequest) {
  const guests = req.guestCount ?? 0;
  if (req.maxGuests !== undefined && guests > req.maxGuests)
    throw new HttpError(400, RSVP_MSG.tooManyGuests(req.maxGuests));
  const places = 1 + guests;
  await refuseEarly(db, req.eventId, req.email, places);
  try {
    const placed = await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      const [event] = await tx.select().from(events).where(eq(events.id, req.eventId)).for('update');
      if (!event) throw new HttpError(404, RSVP_MSG.eventNotFound);

      const [existing] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.eventId, req.eventId), eq(bookings.email, req.email)));
      if (existing) throw new HttpError(409, RSVP_MSG.alreadyBooked);

      const taken = await placesTaken(tx, req.eventId);
      if (event.capacity !== null && taken + places > event.capacity) throw new HttpError(409, RSVP_MSG.soldOut);

      if (req.slotId) {
        const [slot] = await tx
          .select()
          .from(eventSlots)
          .where(and(eq(eventSlots.id, req.slotId), eq(eventSlots.eventId, req.eventId), eq(eventSlots.isActive, true)))
          .for('update');
        if (!slot) throw new HttpError(400, RSVP_MSG.slotNotFound);
        if (slot.booked + places > slot.capacity) throw new HttpError(409, RSVP_MSG.slotFull);
        await tx
          .update(eventSlots)
          .set({ booked: sql`${eventSlots.booked} + ${places}` })
          .where(eq(eventSlots.id, slot.id));
      }

      const [booking] = await tx
        .insert(bookings)
        .values({
          eventId: req.eventId,
          email: req.email,
          firstName: req.firstName ?? null,
          lastName: req.lastName ?? null,
          fullName: req.fullName ?? ([req.firstName, req.lastName].filter(Boolean).join(' ') || null),
          phoneNumber: req.phoneNumber ?? null,
          slotId: req.slotId ?? null,
          guestCount: guests,
          places,
          data: req.data ?? null,
        })
        .returning();
      if (!booking) throw new Error('insert returned no row');
      await req.alsoInTransaction?.(tx, booking.id);
      const remaining = event.capacity === null ? null : Math.max(0, event.capacity - taken - places);
      return { booking, remainingSlots: remaining };
    });
    hotCache(db).invalidate(req.eventId); // committed: the next count read is fresh
    return placed;
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new HttpError(409, RSVP_MSG.alreadyBooked); // the unique index caught a race
    if (code === '55P03') throw new HttpError(503, RSVP_MSG.busy); // lock_timeout
    throw err;
  }
}

/**
 * One plain read, no lock: a member already placed, or an event already full, is refused at once,
 * so a crowd pressing RSVP on a full event does not queue on its row lock. Only refusals come
 * from here (places held only go up), and the locked transaction checks everything again.
 */
async function refuseEarly(db: Db, eventId: string, email: string, places: number) {
  const holding = and(eq(bookings.eventId, events.id), inArray(bookings.status, HOLDING_STATUSES));
  const theirs = and(eq(bookings.eventId, events.id), eq(bookings.email, email));
  const [seen] = await db
    .select({
      capacity: events.capacity,
      taken: sql<number>`(select coalesce(sum(${bookings.places}), 0)::int from ${bookings} where ${holding})`,
      mine: sql<boolean>`exists (select 1 from ${bookings} where ${theirs})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!seen) throw new HttpError(404, RSVP_MSG.eventNotFound);
  if (seen.mine) throw new HttpError(409, RSVP_MSG.alreadyBooked);
  if (seen.capacity !== null && Number(seen.taken) + places > seen.capacity) throw new HttpError(409, RSVP_MSG.soldOut);
}

export async function placesTaken(db: Db | Tx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, HOLDING_STATUSES)));
  return Number(row?.n ?? 0);
}
