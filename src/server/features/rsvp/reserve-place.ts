import { and, eq, inArray, sql } from 'drizzle-orm';
import { type BookingStatus, HOLDING_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { rootOf } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { eventQueue, type Turn } from '../../lib/keyed-queue.ts';
import { type Words, words } from '../../lib/member-words.ts';
import {
  type BookingPolicy,
  entryRefusal,
  loadPolicy,
  refuseOutsideWindow,
  refuseOverLimit,
  windowRefusal,
} from '../booking-rules/index.ts';
import { activeStatusOf, claimsNow, drawNow, eventRow, liveConfigNow, placesTakenNow, poolNow } from './crowd-reads.ts';
import { asBookingError, type PlaceJob, type Placement, placeJobsOn } from './place-batch.ts';
import type { PlaceRequest } from './place-request.ts';

/**
 * The one RSVP engine (docs/spec/DESIGN.md §1). Checks the window and what it can without a lock, then takes its turn in the
 * event's line; at the front, one transaction (place-batch.ts, shared with the requests right behind) locks the event
 * row (and the slot rows), checks the member's existing booking and the capacity, inserts, counts the slot, queues
 * the e-mails and commits. Exactly as many win as there are places; with a waitlist the rest join it in order.
 */
export async function reservePlace(db: Db, req: PlaceRequest): Promise<Placed> {
  // A place in the event's line from the moment of arrival: the checks below run in parallel with everyone's.
  if (!req.turn) return inLine(db, req.eventId, (turn) => reservePlace(db, { ...req, turn }));
  const root = rootOf(db);
  const turn = req.turn;
  const guests = req.guestCount ?? 0;
  const places = 1 + guests;
  try {
    const { policy, pool, entering } = await refuseEarly(db, req, places);
    const maxGuests = policy.maxGuests ?? req.maxGuests;
    if (maxGuests !== undefined && guests > maxGuests)
      throw new HttpError(400, words('srv.rsvp.tooManyGuests', { max: maxGuests }), ERROR_CODE.tooManyGuests);
    const placed = await turn.runJoined<PlaceJob, Placement>({ req, policy, places, pool, entering }, placeJobsOn(db));
    // Waitlisted (or entered: no capacity to wait for): those behind read now and join the front's batches.
    if (placed.waitlistPosition !== null || entering) eventQueue(root).open(req.eventId);
    const { drawAt, timeZone } = placed.draw ?? {};
    const message =
      drawAt && timeZone
        ? words('srv.draw.entered', { drawOn: { at: new Date(drawAt), timeZone, short: true } })
        : resultMessage(placed.booking.status, placed.waitlistPosition, placed.slotFull);
    return { ...placed, message };
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

export type Placed = Placement & { message: Words | undefined };

/** The 201 answer of every RSVP route: a waitlisted or pending booking says so, in the reader's language. */
export function rsvpResult(placed: Placed, say: (w: Words) => string) {
  return {
    success: true as const,
    bookingId: placed.booking.id,
    remainingSlots: placed.remainingSlots,
    status: placed.booking.status as BookingStatus,
    waitlistPosition: placed.waitlistPosition,
    ...(placed.message ? { message: say(placed.message) } : {}),
    ...(placed.offerCodes?.length ? { offerCodes: placed.offerCodes } : {}),
  };
}

function resultMessage(status: string, position: number | null, onlySlotFull: boolean): Words | undefined {
  if (status === 'waitlisted' && position !== null)
    return words(onlySlotFull ? 'srv.booking.slotWaitlisted' : 'srv.booking.waitlisted', { position });
  if (status === 'pending') return words('srv.booking.pending');
  return undefined;
}

/**
 * Plain reads, no lock: a member already placed, an event already full (without a waitlist) or a
 * closed booking window is refused at once, so a crowd pressing RSVP on a full event does not queue
 * on its row lock. The locked transaction checks everything again.
 */
async function refuseEarly(db: Db, req: PlaceRequest, places: number) {
  const [event, taken, mine, draw] = await Promise.all([
    eventRow(db, req.eventId),
    placesTakenNow(db, req.eventId),
    activeStatusOf(db, req.eventId, req.email),
    drawNow(db, req.eventId),
  ]);
  if (!event) throw new HttpError(404, words('srv.rsvp.eventNotFound'));
  const [loaded, offer] = await Promise.all([
    loadPolicy(db, event, liveConfigNow),
    poolNow(db, event.benefitId),
    req.refuse?.(event),
  ]);
  // An offer with a code pool counts claims against its own per-member limit instead of one booking per e-mail.
  const policy: BookingPolicy = offer ? { ...loaded, singleBookingPerEmail: false } : loaded;
  // A fair draw not yet made (decision 031): its entry window, not the booking window or the places, decides.
  if (draw && !draw.ranAt) {
    const refusal = entryRefusal(draw, event.timeZone);
    if (refusal) throw refusal;
    if (mine === 'entered') throw new HttpError(409, words('srv.draw.alreadyEntered'), ERROR_CODE.alreadyEntered);
    if (mine && policy.singleBookingPerEmail)
      throw new HttpError(409, words('srv.rsvp.alreadyBooked'), ERROR_CODE.alreadyBooked);
    return { policy, entering: true, pool: null };
  }
  const closed = windowRefusal(policy);
  if (closed) throw closed;
  if (mine && policy.singleBookingPerEmail)
    throw mine === 'waitlisted'
      ? new HttpError(409, words('srv.booking.alreadyWaitlisted'), ERROR_CODE.alreadyWaitlisted)
      : new HttpError(409, words('srv.rsvp.alreadyBooked'), ERROR_CODE.alreadyBooked);
  const { capacity } = event;
  if (capacity !== null && !policy.allowWaitlist && taken + places > capacity)
    throw new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
  if (offer && event.benefitId) {
    refuseOutsideWindow(offer.pool, event.timeZone);
    refuseOverLimit(offer.pool, await claimsNow(db, event.benefitId, req.email));
    if (offer.left < 1 && !policy.allowWaitlist)
      throw new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
  }
  return { policy, entering: false, pool: offer?.pool ?? null };
}

export async function placesTaken(db: Db | Tx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, HOLDING_STATUSES)));
  return Number(row?.n ?? 0);
}
