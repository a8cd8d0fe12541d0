import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, BOOKING_MSG, type BookingStatus, HOLDING_STATUSES } from '../../../common/bookings.ts';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import { RSVP_MSG } from '../../../common/rsvp.ts';
import { rootOf } from '../../db/after-commit.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { eventQueue, type Turn } from '../../lib/keyed-queue.ts';
import { isLockTimeout } from '../../lib/pg-errors.ts';
import { newPassCode } from '../../lib/tokens.ts';
import { queueBookingMail } from '../notify/booking-mail.ts';
import { queueSlotSync } from '../sheets/slot-sync.ts';
import {
  type BookingPolicy,
  bookingWindow,
  type EventRow,
  loadPolicy,
  refuseIfEnded,
  refuseIfSlotStarted,
  type SlotRow,
} from './booking-policy.ts';
import { activeStatusOf, eventRow, liveConfigNow, placesTakenNow } from './crowd-reads.ts';
import { type FreeSeen, freePlacesGeneration, refuseIfKnownFull, rememberFreePlaces } from './place-gate.ts';
import { waitlistPosition } from './waitlist.ts';

export type PlaceRequest = {
  eventId: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  phoneNumber?: string | null;
  slotId?: string | null;
  guestCount?: number;
  /** The form's own limit; a configuration's maxGuestsPerBooking wins over it. */
  maxGuests?: number;
  data?: Record<string, unknown>;
  /** Links in the e-mails point here. */
  portalUrl?: string;
  /** The request's place in the event's line, when the route took it on arrival (see inLine). */
  turn?: Turn;
  /** The route's own refusal on the event (e.g. "book through the form"), run on the engine's first read of it. */
  refuse?: (event: EventRow) => Promise<void>;
  /** Runs inside the booking transaction, e.g. to write a submission row with the booking. */
  alsoInTransaction?: (tx: Tx, booking: { id: string; status: string }) => Promise<void>;
};

/** Locks the event row: every change to an event's places queues here, so counts never race. */
export async function lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
  // Sent back to back on the transaction's connection: one wait on a busy event loop, not two.
  const [, [event]] = await Promise.all([
    tx.execute(sql`set local lock_timeout = '5s'`),
    tx.select().from(events).where(eq(events.id, eventId)).for('update'),
  ]);
  if (!event) throw new HttpError(404, RSVP_MSG.eventNotFound);
  return event;
}

/** Maps the database's lock timeout (many members on one event) to the member's message. */
export function asBookingError(err: unknown): unknown {
  if (isLockTimeout(err)) return new HttpError(503, RSVP_MSG.busy, ERROR_CODE.busy);
  return err;
}

/**
 * The one RSVP engine (DESIGN §1). In a single transaction: lock the event row (and the slot
 * row), check the member's existing booking, the window and the capacity, insert, count the slot,
 * queue the e-mails, commit. Racing requests queue on the row lock, so exactly as many win as
 * there are places; when the configuration allows a waitlist, the rest join it in order.
 */
export async function reservePlace(db: Db, req: PlaceRequest): Promise<Placed> {
  // A place in the event's line from the moment of arrival: the checks below run in parallel with everyone's.
  if (!req.turn) return inLine(db, req.eventId, (turn) => reservePlace(db, { ...req, turn }));
  const root = rootOf(db);
  const turn = req.turn;
  const guests = req.guestCount ?? 0;
  const places = 1 + guests;
  try {
    const policy = await refuseEarly(db, req, places);
    const maxGuests = policy.maxGuests ?? req.maxGuests;
    if (maxGuests !== undefined && guests > maxGuests)
      throw new HttpError(400, RSVP_MSG.tooManyGuests(maxGuests), ERROR_CODE.tooManyGuests);
    const placed = await turn.run(async () => {
      // Once this instance has seen the event (or slot) full, the rest of a rush is answered from memory.
      if (!policy.allowWaitlist) refuseIfKnownFull(root, req.eventId, req.slotId, places);
      const generation = freePlacesGeneration(root, req.eventId);
      const seen: FreeSeen = { event: null, slot: null };
      const result = await db
        .transaction(async (tx) => {
          const event = await lockEvent(tx, req.eventId);
          refuseIfEnded(event);
          const taken = await takenRefusingSecond(tx, event.id, req.email, policy);
          if (event.capacity !== null) seen.event = event.capacity - taken;
          const eventFull = event.capacity !== null && taken + places > event.capacity;
          let full = eventFull;
          let slotFull = false;
          let slot: SlotRow | null = null;
          if (req.slotId) {
            [slot = null] = await tx
              .select()
              .from(eventSlots)
              .where(
                and(eq(eventSlots.id, req.slotId), eq(eventSlots.eventId, event.id), eq(eventSlots.isActive, true)),
              )
              .for('update');
            if (!slot) throw new HttpError(400, RSVP_MSG.slotNotFound, ERROR_CODE.slotRequired);
            refuseIfSlotStarted(event, slot);
            seen.slot = slot.capacity - slot.booked;
            slotFull = slot.booked + places > slot.capacity;
            full ||= slotFull;
          }
          if (full && !policy.allowWaitlist)
            throw slotFull
              ? new HttpError(409, RSVP_MSG.slotFull, ERROR_CODE.slotFull)
              : new HttpError(409, RSVP_MSG.soldOut, ERROR_CODE.soldOut);
          if (req.slotId && !full) {
            await tx
              .update(eventSlots)
              .set({ booked: sql`${eventSlots.booked} + ${places}` })
              .where(eq(eventSlots.id, req.slotId));
            await queueSlotSync(tx, event); // the organiser's Tab 2 shows the new count
          }

          const status: BookingStatus = full ? 'waitlisted' : policy.requiresApproval ? 'pending' : 'confirmed';
          const [booking] = await tx
            .insert(bookings)
            .values({
              eventId: event.id,
              email: req.email,
              firstName: req.firstName ?? null,
              lastName: req.lastName ?? null,
              fullName: req.fullName ?? ([req.firstName, req.lastName].filter(Boolean).join(' ') || null),
              phoneNumber: req.phoneNumber ?? null,
              slotId: req.slotId ?? null,
              guestCount: guests,
              places,
              status,
              passCode: newPassCode(), // a pass only while confirmed: waitlisted and pending ones show none
              placedAt: full ? null : new Date(),
              data: req.data ?? null,
              // The moment the lock was won, not the transaction's start: the waitlist is served in this order.
              createdAt: sql`clock_timestamp()`,
            })
            .returning();
          if (!booking) throw new Error('insert returned no row');
          await req.alsoInTransaction?.(tx, booking);
          const position = full ? await waitlistPosition(tx, booking) : null;
          await queueBookingMail(tx, {
            kind: status,
            booking,
            event,
            slot,
            policy,
            portalUrl: req.portalUrl ?? '',
            waitlistPosition: position,
          });
          const remaining = event.capacity === null ? null : Math.max(0, event.capacity - taken - (full ? 0 : places));
          return { booking, remainingSlots: remaining, waitlistPosition: position, slotFull: slotFull && !eventFull };
        })
        .finally(() => rememberFreePlaces(root, req.eventId, req.slotId, seen, generation)); // what it saw stays true after a rollback
      if (result.booking.placedAt) rememberFreePlaces(root, req.eventId, req.slotId, taking(seen, places), generation);
      return result;
    });
    // Committed: the next count read is fresh; what this instance knows of free places only got more cautious.
    hotCache(root).invalidate(req.eventId, { keepFacts: true });
    return { ...placed, message: resultMessage(placed.booking.status, placed.waitlistPosition, placed.slotFull) };
  } catch (err) {
    // Full: those behind will most likely hear the same, so they need not wait to read (they are answered at once).
    if (err instanceof HttpError && (err.code === ERROR_CODE.soldOut || err.code === ERROR_CODE.slotFull))
      eventQueue(root).open(req.eventId);
    throw asBookingError(err);
  }
}

/**
 * Takes a place in the event's line on arrival and gives it up however `work` ends. Every booking goes through
 * here (reservePlace itself when called without a turn), so reads a route makes before booking cannot reorder a
 * rush: a route that reads first wraps those reads and its reservePlace call in it.
 */
export async function inLine<T>(db: Db, eventId: string, work: (turn: Turn) => Promise<T>): Promise<T> {
  const turn = eventQueue(rootOf(db)).take(eventId);
  try {
    await turn.near(); // reads wait until few are ahead: a rush's first places do not queue behind the crowd's
    return await work(turn);
  } finally {
    turn.leave(); // refused before its turn: those behind move up
  }
}

export type Placed = {
  booking: typeof bookings.$inferSelect;
  remainingSlots: number | null;
  waitlistPosition: number | null;
  slotFull: boolean;
  message: string | undefined;
};

/** The 201 answer of every RSVP route: a waitlisted or pending booking says so. */
export function rsvpResult(placed: Placed) {
  return {
    success: true as const,
    bookingId: placed.booking.id,
    remainingSlots: placed.remainingSlots,
    status: placed.booking.status as BookingStatus,
    waitlistPosition: placed.waitlistPosition,
    ...(placed.message ? { message: placed.message } : {}),
  };
}

function resultMessage(status: string, position: number | null, onlySlotFull: boolean): string | undefined {
  if (status === 'waitlisted' && position !== null)
    return onlySlotFull ? BOOKING_MSG.slotWaitlisted(position) : BOOKING_MSG.waitlisted(position);
  if (status === 'pending') return BOOKING_MSG.pending;
  return undefined;
}

/**
 * The places taken, refusing a second booking unless the configuration allows several: one statement, so the
 * event's lock is held for one round trip fewer (in a rush each winner's transaction is what the next one waits for).
 */
async function takenRefusingSecond(tx: Tx, eventId: string, email: string, policy: BookingPolicy) {
  const taken = tx
    .select({ n: sql`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, HOLDING_STATUSES)));
  const mine = tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email), inArray(bookings.status, ACTIVE_STATUSES)))
    .limit(1);
  const [row] = rowsOf<{ taken: number; mine: string | null }>(
    await tx.execute(
      policy.singleBookingPerEmail
        ? sql`select (${taken}) as taken, (${mine}) as mine`
        : sql`select (${taken}) as taken, null as mine`,
    ),
  );
  if (row?.mine)
    throw row.mine === 'waitlisted'
      ? new HttpError(409, BOOKING_MSG.alreadyWaitlisted, ERROR_CODE.alreadyWaitlisted)
      : new HttpError(409, RSVP_MSG.alreadyBooked, ERROR_CODE.alreadyBooked);
  return Number(row?.taken ?? 0);
}

/**
 * Plain reads, no lock: a member already placed, an event already full (without a waitlist) or a
 * closed booking window is refused at once, so a crowd pressing RSVP on a full event does not queue
 * on its row lock. The locked transaction checks everything again.
 */
async function refuseEarly(db: Db, req: PlaceRequest, places: number): Promise<BookingPolicy> {
  const [event, taken, mine] = await Promise.all([
    eventRow(db, req.eventId),
    placesTakenNow(db, req.eventId),
    activeStatusOf(db, req.eventId, req.email),
  ]);
  if (!event) throw new HttpError(404, RSVP_MSG.eventNotFound);
  const [policy] = await Promise.all([loadPolicy(db, event, liveConfigNow), req.refuse?.(event)]);
  const window = bookingWindow(policy);
  if (window.state !== 'open')
    throw new HttpError(
      409,
      window.message ?? RSVP_MSG.soldOut,
      window.state === 'ended' ? ERROR_CODE.eventEnded : ERROR_CODE.bookingWindow,
    );
  if (mine && policy.singleBookingPerEmail)
    throw mine === 'waitlisted'
      ? new HttpError(409, BOOKING_MSG.alreadyWaitlisted, ERROR_CODE.alreadyWaitlisted)
      : new HttpError(409, RSVP_MSG.alreadyBooked, ERROR_CODE.alreadyBooked);
  const { capacity } = event;
  if (capacity !== null && !policy.allowWaitlist && taken + places > capacity)
    throw new HttpError(409, RSVP_MSG.soldOut, ERROR_CODE.soldOut);
  return policy;
}

/** Free places after a placement of `places` (the counts that were seen, less what the booking took). */
const taking = (seen: FreeSeen, places: number): FreeSeen => ({
  event: seen.event === null ? null : seen.event - places,
  slot: seen.slot === null ? null : seen.slot - places,
});

export async function placesTaken(db: Db | Tx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, HOLDING_STATUSES)));
  return Number(row?.n ?? 0);
}
