import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, BOOKING_MSG, HOLDING_STATUSES } from '#common/bookings.ts';
import { CONCIERGE_MAX_GUESTS } from '#common/concierge.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { hasEnded } from '#common/event-time.ts';
import { afterCommit, rootOf } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookingReminders, bookings, eventSlots } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { eventQueue } from '../../lib/keyed-queue.ts';
import { words } from '../../lib/member-words.ts';
import {
  type BookingPolicy,
  bookingTimes,
  changeUntil,
  type EventRow,
  loadPolicy,
  refuseIfEnded,
  refuseIfSlotStarted,
  type SlotRow,
} from '../booking-rules/index.ts';
import { type BookingMailKind, queueBookingMail } from '../notify/index.ts';
import { dropHeld } from '../outbox/index.ts';
import { queueSlotSync } from '../sheets/index.ts';
import { answersChangedEvents, emitWebhookEvents } from '../webhooks/index.ts';
import { movedData } from './booking-data.ts';
import { formRolesOf } from './dynamic-rsvp.ts';
import { asBookingError, lockEvent } from './place-batch.ts';
import { promoteWaitlist } from './waitlist.ts';
import { moveInLine } from './waitlist-move.ts';

type BookingRow = typeof bookings.$inferSelect;
/**
 * Who asks: a member may only touch their own booking, inside the editing window; an admin may decide any, and
 * `record` writes the admin's audit row in the change's own transaction.
 */
export type Actor = { member: string } | AdminActor | ReleaseActor;
export type AdminActor = { admin: true; record?: (tx: Tx) => Promise<void> };
/**
 * Whoever holds a booking's release link (decision 016): `check` throws, under the event lock, when the link no
 * longer works; it replaces the member's editing window, since a place is worth handing on until the start.
 */
export type ReleaseActor = {
  release: (booking: BookingRow, event: EventRow, slot: SlotRow | null, policy: BookingPolicy) => void;
};

const changedBy = (actor: Actor) => ('admin' in actor ? 'admin' : 'member');

/** How many guests a booking of this event may bring: the configuration's limit, the tour form's, or none. */
export function guestLimit(event: EventRow, policy: BookingPolicy): number {
  if (event.bookingForm === 'concierge') return CONCIERGE_MAX_GUESTS;
  if (event.bookingForm === 'dynamic') return policy.maxGuests ?? 2;
  return 0;
}

/**
 * Whether a member may still change or cancel: not after the event's end; a waitlisted member may leave the line
 * until then; others until the editing window closes before the start.
 */
export function memberMayChange(
  booking: BookingRow,
  event: EventRow,
  slot: SlotRow | null,
  policy: BookingPolicy,
  now = new Date(),
) {
  if (!ACTIVE_STATUSES.includes(booking.status as never) || hasEnded(event, now)) return false;
  // Leaving the line, or withdrawing a draw's entry (decision 031), is always allowed before the end.
  if (booking.status === 'waitlisted' || booking.status === 'entered') return true;
  if (!policy.allowEditing) return false;
  const until = changeUntil(policy, event, slot);
  return until === null || now < until;
}

/** What the member may do about their booking now, as the status calls and the booking list report it. */
export function memberChoices(booking: BookingRow, event: EventRow, slot: SlotRow | null, policy: BookingPolicy) {
  const until = booking.status === 'waitlisted' ? null : changeUntil(policy, event, slot);
  return {
    canChange: memberMayChange(booking, event, slot, policy),
    changeUntil: until?.toISOString() ?? null,
    changesOff: !policy.allowEditing,
    contactEmail: event.partnerContactEmail,
  };
}

/** Runs fn with the booking's event locked and the booking re-read under that lock. */
export async function withLockedBooking<T>(
  db: Db,
  bookingId: string,
  actor: Actor,
  fn: (tx: Tx, booking: BookingRow, event: EventRow, policy: BookingPolicy) => Promise<T>,
): Promise<T> {
  const [peek] = await db.select({ eventId: bookings.eventId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!peek) throw new HttpError(404, words('srv.booking.notFound'));
  try {
    const result = await eventQueue(rootOf(db))(peek.eventId, () =>
      db.transaction(async (tx) => {
        const event = await lockEvent(tx, peek.eventId);
        const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
        if (!booking || ('member' in actor && booking.email !== actor.member))
          throw new HttpError(404, words('srv.booking.notFound'));
        const done = await fn(tx, booking, event, await loadPolicy(tx, event));
        if ('admin' in actor) await actor.record?.(tx);
        return done;
      }),
    );
    afterCommit(db, (root) => hotCache(root).invalidate(peek.eventId));
    return result;
  } catch (err) {
    throw asBookingError(err);
  }
}

async function refuseOutsideWindow(tx: Tx, actor: Actor, booking: BookingRow, event: EventRow, policy: BookingPolicy) {
  if ('release' in actor) return actor.release(booking, event, await slotById(tx, booking.slotId), policy);
  if (!ACTIVE_STATUSES.includes(booking.status as never))
    throw new HttpError(409, words('srv.booking.notChangeable'), ERROR_CODE.notChangeable);
  refuseIfEnded(event);
  if ('member' in actor && !memberMayChange(booking, event, await slotById(tx, booking.slotId), policy)) {
    const contact = event.partnerContactEmail;
    if (!policy.allowEditing)
      throw new HttpError(
        403,
        contact ? words('srv.booking.throughPartner', { contact }) : words('srv.booking.throughOrganiser'),
        ERROR_CODE.changesOff,
      );
    throw new HttpError(
      403,
      contact ? words('srv.booking.windowClosed', { contact }) : words('srv.booking.windowClosedConcierge'),
      ERROR_CODE.changeWindowClosed,
    );
  }
}

async function slotById(tx: Tx, id: string | null): Promise<SlotRow | null> {
  if (!id) return null;
  const [slot] = await tx.select().from(eventSlots).where(eq(eventSlots.id, id)).for('update');
  return slot ?? null;
}

async function releasePlaces(tx: Tx, booking: BookingRow, event: EventRow) {
  if (!booking.slotId || !HOLDING_STATUSES.includes(booking.status as never)) return;
  await tx
    .update(eventSlots)
    .set({ booked: sql`greatest(0, ${eventSlots.booked} - ${booking.places})` })
    .where(eq(eventSlots.id, booking.slotId));
  await queueSlotSync(tx, event); // the organiser's Tab 2 shows the new count
}

/** Ends a booking (member cancellation or admin decline); its place goes to the waitlist in the same transaction. */
async function endBooking(
  db: Db,
  bookingId: string,
  actor: Actor,
  outcome: 'cancelled' | 'declined',
  portalUrl: string,
) {
  return withLockedBooking(db, bookingId, actor, async (tx, booking, event, policy) => {
    if (outcome === 'declined' && booking.status !== 'pending')
      throw new HttpError(409, BOOKING_MSG.notPending, ERROR_CODE.notPending);
    await refuseOutsideWindow(tx, actor, booking, event, policy);
    await releasePlaces(tx, booking, event);
    const [ended] = await tx
      .update(bookings)
      // Its pass dies with it: the door admits confirmed bookings only, and names this one as cancelled.
      .set({
        status: outcome,
        updatedAt: new Date(),
        calendarSequence: booking.calendarSequence + 1,
        ...('release' in actor ? { releasedAt: new Date() } : {}),
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!ended) throw new HttpError(404, words('srv.booking.notFound'));
    const slot = await slotById(tx, ended.slotId);
    // The mail knows a waitlisted member had no invite (no CANCEL); they held no place to hand on, and their
    // held sheet row never goes out.
    const kind = booking.status === 'entered' ? 'withdrawn' : outcome;
    await queueBookingMail(tx, { kind, booking: ended, event, slot, policy, portalUrl });
    if (booking.status === 'waitlisted' || booking.status === 'entered') await dropHeld(tx, booking.id);
    else await promoteWaitlist(tx, event, policy, portalUrl);
    return ended;
  });
}

export const cancelBooking = (db: Db, bookingId: string, actor: Actor, portalUrl: string) =>
  endBooking(db, bookingId, actor, 'cancelled', portalUrl);

export async function decideBooking(
  db: Db,
  bookingId: string,
  approve: boolean,
  portalUrl: string,
  actor: AdminActor = { admin: true },
) {
  if (!approve) return endBooking(db, bookingId, actor, 'declined', portalUrl);
  return withLockedBooking(db, bookingId, actor, async (tx, booking, event, policy) => {
    if (booking.status !== 'pending') throw new HttpError(409, BOOKING_MSG.notPending, ERROR_CODE.notPending);
    const [approved] = await tx
      .update(bookings)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!approved) throw new HttpError(404, words('srv.booking.notFound'));
    const slot = await slotById(tx, approved.slotId);
    await queueBookingMail(tx, { kind: 'approved', booking: approved, event, slot, policy, portalUrl });
    return approved;
  });
}

/**
 * A move to a later slot moves its reminders' moments too: a reminder already recorded whose new moment lies in the
 * future goes out again then. One whose new moment has passed stays recorded, so a move never repeats a reminder now.
 */
async function rearmReminders(tx: Tx, booking: BookingRow, event: EventRow, slot: SlotRow | null) {
  const start = bookingTimes(event, slot)?.start;
  if (!start) return;
  const stillAhead = sql`${start.toISOString()}::timestamptz - ${bookingReminders.daysBefore} * interval '1 day' > now()`;
  await tx.delete(bookingReminders).where(and(eq(bookingReminders.bookingId, booking.id), stillAhead));
}

/**
 * Moves a booking to another slot and/or changes its guests: a member within the editing window, an admin at any time
 * before the event ends. The same capacity rules for both.
 */
export async function changeBooking(
  db: Db,
  bookingId: string,
  actor: Exclude<Actor, ReleaseActor>,
  change: { slotId?: string; guestCount?: number },
  portalUrl: string,
) {
  return withLockedBooking(db, bookingId, actor, async (tx, booking, event, policy) => {
    await refuseOutsideWindow(tx, actor, booking, event, policy);
    // An entry holds no place to change: it is withdrawn and entered again (decision 031).
    if (booking.status === 'entered')
      throw new HttpError(409, words('srv.booking.notChangeable'), ERROR_CODE.notChangeable);
    if (booking.status === 'waitlisted') {
      // An admin may move a waiting booking to another slot's line; its party stays as the member asked.
      if (!('admin' in actor) || !change.slotId || change.guestCount !== undefined)
        throw new HttpError(409, words('srv.booking.notChangeable'), ERROR_CODE.notChangeable);
      return moveInLine(tx, { booking, event, policy, portalUrl }, change.slotId);
    }
    const guests = change.guestCount ?? booking.guestCount;
    const limit = guestLimit(event, policy);
    if (guests > limit)
      throw new HttpError(400, words('srv.rsvp.tooManyGuests', { max: limit }), ERROR_CODE.tooManyGuests);
    const places = 1 + guests;
    const targetSlotId = change.slotId ?? booking.slotId;
    if (targetSlotId === booking.slotId && guests === booking.guestCount)
      throw new HttpError(400, words('srv.booking.nothingToChange'), ERROR_CODE.badRequest);

    if (event.capacity !== null) {
      const [others] = await tx
        .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
        .from(bookings)
        .where(
          and(eq(bookings.eventId, event.id), inArray(bookings.status, HOLDING_STATUSES), ne(bookings.id, booking.id)),
        );
      if (Number(others?.n ?? 0) + places > event.capacity)
        throw new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
    }
    // Slots are locked in id order, as everywhere, so two members swapping slots cannot deadlock.
    const ids = [...new Set([booking.slotId, targetSlotId].filter((x): x is string => Boolean(x)))].sort();
    const locked = new Map<string, SlotRow>();
    for (const id of ids) {
      const slot = await slotById(tx, id);
      if (slot) locked.set(id, slot);
    }
    const target = targetSlotId ? locked.get(targetSlotId) : null;
    if (targetSlotId && (!target || target.eventId !== event.id || !target.isActive))
      throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
    if (target && target.id !== booking.slotId) refuseIfSlotStarted(event, target);
    if (target) {
      const heldThere = targetSlotId === booking.slotId ? booking.places : 0;
      if (target.booked - heldThere + places > target.capacity)
        throw new HttpError(409, words('srv.rsvp.slotFull'), ERROR_CODE.slotFull);
    }
    await releasePlaces(tx, booking, event);
    if (target)
      await tx
        .update(eventSlots)
        .set({ booked: sql`${eventSlots.booked} + ${places}` })
        .where(eq(eventSlots.id, target.id));

    const [changed] = await tx
      .update(bookings)
      .set({
        slotId: target?.id ?? null,
        guestCount: guests,
        places,
        data: movedData(booking.data, target ?? null, guests, await formRolesOf(tx, event)),
        updatedAt: new Date(),
        calendarSequence: booking.calendarSequence + 1,
      })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!changed) throw new HttpError(404, words('srv.booking.notFound'));
    // The slot, date and party fields of the answers follow the booking: a receiver hears which (decision 058).
    await emitWebhookEvents(tx, answersChangedEvents(booking, changed, event.benefitId, changedBy(actor)));
    if (changed.slotId !== booking.slotId) await rearmReminders(tx, changed, event, target ?? null);
    const kind: BookingMailKind = 'changed';
    await queueBookingMail(tx, { kind, booking: changed, event, slot: target ?? null, policy, portalUrl });
    await promoteWaitlist(tx, event, policy, portalUrl); // fewer guests or an emptied slot may let someone in
    return changed;
  });
}
