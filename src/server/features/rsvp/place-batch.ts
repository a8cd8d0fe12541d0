import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES, type BookingStatus, HOLDING_STATUSES } from '#common/bookings.ts';
import type { EntryDraw } from '#common/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { rootOf } from '../../db/after-commit.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { insertRecords, RECORD } from '../../db/insert-records.ts';
import { bookings, eventDraws, eventSlots, events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { JoinedExec } from '../../lib/keyed-queue.ts';
import { words } from '../../lib/member-words.ts';
import { isLockTimeout } from '../../lib/pg-errors.ts';
import { newPassCode } from '../../lib/tokens.ts';
import {
  alertIfLow,
  assignCodes,
  type BookingPolicy,
  type DrawRow,
  drawAt,
  type EventRow,
  entryDraw,
  entryRefusal,
  type PoolRow,
  type PoolState,
  poolUnderLock,
  refuseIfEnded,
  refuseIfSlotStarted,
  refuseOutsideWindow,
  refuseOverLimit,
  type SlotRow,
} from '../booking-rules/index.ts';
import { type BookingMailContext, queueBookingMails } from '../notify/index.ts';
import { queueSlotSync } from '../sheets/index.ts';
import { type FreeSeen, freePlacesGeneration, refuseIfKnownFull, rememberFreePlaces } from './place-gate.ts';
import type { PlaceRequest, WrittenWith } from './place-request.ts';

type BookingRow = typeof bookings.$inferSelect;

/**
 * A booking that passed its checks before its turn, ready for the locked transaction. `entering`: the event has a
 * fair draw taking entries (decision 031): the request becomes an entry, which holds no place. `pool`: an offer's
 * code pool (decision 029).
 */
export type PlaceJob = {
  req: PlaceRequest;
  policy: BookingPolicy;
  places: number;
  pool?: PoolRow | null;
  entering?: boolean;
};

/** What the engine's transaction gave one request. */
export type Placement = {
  booking: BookingRow;
  remainingSlots: number | null;
  waitlistPosition: number | null;
  slotFull: boolean;
  /** The offer codes the claim got (decision 029). */
  offerCodes?: string[];
  /** An entry in a fair draw: when the draw is and where to check it. */
  draw?: EntryDraw;
};

/** Locks the event row: every change to an event's places queues here, so counts never race. */
export async function lockEvent(tx: Tx, eventId: string): Promise<EventRow> {
  // Sent back to back on the transaction's connection: one wait on a busy event loop, not two.
  const [, [event]] = await Promise.all([
    tx.execute(sql`set local lock_timeout = '5s'`),
    tx.select().from(events).where(eq(events.id, eventId)).for('update'),
  ]);
  if (!event) throw new HttpError(404, words('srv.rsvp.eventNotFound'));
  return event;
}

/** Maps the database's lock timeout (many members on one event) to the member's message. */
export function asBookingError(err: unknown): unknown {
  if (isLockTimeout(err)) return new HttpError(503, words('srv.rsvp.busy'), ERROR_CODE.busy);
  return err;
}

/** One engine per database handle: the event's line joins only jobs that run on the same one. */
const execs = new WeakMap<Db, JoinedExec<PlaceJob, Placement>>();
export function placeJobsOn(db: Db): JoinedExec<PlaceJob, Placement> {
  let exec = execs.get(db);
  if (!exec) {
    exec = (jobs) => placeAll(db, jobs);
    execs.set(db, exec);
  }
  return exec;
}

/** Refused for every job of the batch (the event itself): no single job would fare better. */
class EventRefusal extends Error {
  constructor(readonly refusal: unknown) {
    super('the event refused the batch');
  }
}

/**
 * The engine's transaction, for the requests that reached the front of an event's line together (a single booking
 * is a batch of one): the event row locked once, the places taken and the members' existing bookings read in one
 * statement, each request decided in line order, the bookings and their mails inserted in one statement each. A
 * request refused on its own merits (already booked, full without a waitlist, a slot gone) is answered alone; if a
 * statement fails, the batch is rolled back and each request runs again on its own, so one member's failure cannot
 * fail the others'.
 */
async function placeAll(db: Db, jobs: PlaceJob[]): Promise<PromiseSettledResult<Placement>[]> {
  const root = rootOf(db);
  const outcomes: PromiseSettledResult<Placement>[] = jobs.map(() => ({ status: 'rejected', reason: undefined }));
  const live: number[] = [];
  for (const [i, job] of jobs.entries()) {
    try {
      // Once this instance has seen the event (or slot) full, the rest of a rush is answered from memory.
      if (!job.policy.allowWaitlist && !job.entering)
        refuseIfKnownFull(root, job.req.eventId, job.req.slotId, job.places);
      live.push(i);
    } catch (reason) {
      outcomes[i] = { status: 'rejected', reason };
    }
  }
  if (live.length === 0) return outcomes;
  const eventId = jobs[live[0] ?? 0]?.req.eventId ?? '';
  const generation = freePlacesGeneration(root, eventId);
  const seen = new Map<string | null, FreeSeen>();
  try {
    const decided = await db
      .transaction((tx) =>
        decideAndInsert(
          tx,
          eventId,
          live.map((i) => jobs[i] as PlaceJob),
          seen,
        ),
      )
      .finally(() => {
        for (const [slotId, free] of seen) rememberFreePlaces(root, eventId, slotId, free, generation);
      });
    for (const [k, outcome] of decided.outcomes.entries()) outcomes[live[k] ?? 0] = outcome;
    // Committed: what the placements took is gone from what was seen (what it saw stays true after a rollback).
    for (const [slotId, free] of decided.freeAfter) rememberFreePlaces(root, eventId, slotId, free, generation);
    // The next count read is fresh; what this instance knows of free places only got more cautious.
    if (decided.outcomes.some((o) => o.status === 'fulfilled')) hotCache(root).invalidate(eventId, { keepFacts: true });
  } catch (err) {
    if (err instanceof EventRefusal || live.length === 1) {
      const reason = asBookingError(err instanceof EventRefusal ? err.refusal : err);
      for (const i of live) outcomes[i] = { status: 'rejected', reason };
    } else {
      for (const i of live) {
        const [alone] = await placeAll(db, [jobs[i] as PlaceJob]);
        if (alone) outcomes[i] = alone;
      }
    }
  }
  return outcomes;
}

type Decision = {
  job: PlaceJob;
  id: string;
  status: BookingStatus;
  slot: SlotRow | null;
  full: boolean;
  onlySlotFull: boolean;
  remaining: number | null;
  position: number | null;
};

async function decideAndInsert(tx: Tx, eventId: string, jobs: PlaceJob[], seen: Map<string | null, FreeSeen>) {
  let event: EventRow;
  try {
    event = await lockEvent(tx, eventId);
    refuseIfEnded(event);
  } catch (err) {
    throw new EventRefusal(err);
  }
  const emails = [...new Set(jobs.map((j) => j.req.email))];
  const counts = await countsUnderLock(tx, eventId, emails);
  // Entries are checked again under the lock the draw also takes: an entry commits before the draw, or is refused.
  const draw = jobs.some((j) => j.entering) ? await drawUnderLock(tx, eventId) : null;
  const slots = await lockSlots(tx, eventId, jobs);
  // An offer's code pool (decision 029): its codes left are places too, counted under the pool's lock.
  const pool = jobs.some((j) => j.pool) && event.benefitId ? await poolUnderLock(tx, event.benefitId, emails) : null;
  let taken = counts.taken;
  const booked = new Map([...slots.values()].map((s) => [s.id, s.booked]));
  const eventFree = () => (event.capacity === null ? null : event.capacity - taken);
  const freeOf = (slotId: string | null): FreeSeen => ({
    event: pool && Number.isFinite(pool.left) ? Math.min(pool.left, eventFree() ?? pool.left) : eventFree(),
    slot: slotId === null ? null : (slots.get(slotId)?.capacity ?? 0) - (booked.get(slotId) ?? 0),
  });
  seen.set(null, freeOf(null));
  for (const slotId of slots.keys()) seen.set(slotId, freeOf(slotId));

  const outcomes: PromiseSettledResult<Placement>[] = [];
  const decisions: (Decision | null)[] = [];
  for (const job of jobs) {
    try {
      const d = job.entering ? enter(job, event, draw, counts) : decide(job, event, slots, booked, taken, counts, pool);
      if (pool) pool.claims.set(job.req.email, (pool.claims.get(job.req.email) ?? 0) + 1);
      if (!d.full && d.status !== 'entered') {
        taken += job.places;
        if (pool) pool.left -= 1;
        if (d.slot) booked.set(d.slot.id, (booked.get(d.slot.id) ?? 0) + job.places);
      }
      decisions.push(d);
      outcomes.push({ status: 'rejected', reason: undefined }); // filled once inserted
    } catch (reason) {
      if (!(reason instanceof HttpError)) throw reason;
      decisions.push(null);
      outcomes.push({ status: 'rejected', reason });
    }
  }
  const placed = decisions.filter((d): d is Decision => d !== null);
  const freeAfter = new Map<string | null, FreeSeen>([[null, freeOf(null)]]);
  for (const slotId of slots.keys()) freeAfter.set(slotId, freeOf(slotId));
  if (placed.length === 0) return { outcomes, freeAfter };

  let slotsChanged = false;
  for (const slot of slots.values()) {
    const added = (booked.get(slot.id) ?? 0) - slot.booked;
    if (added <= 0) continue;
    slotsChanged = true;
    await tx
      .update(eventSlots)
      .set({ booked: sql`${eventSlots.booked} + ${added}` })
      .where(eq(eventSlots.id, slot.id));
  }
  if (slotsChanged) await queueSlotSync(tx, event); // the organiser's Tab 2 shows the new counts

  const rows = await insertBookings(tx, event.id, placed, counts.latest);
  const rowOf = (d: Decision) => {
    const booking = rows.get(d.id);
    if (!booking) throw new Error('insert returned no row');
    return booking;
  };
  const codes =
    pool?.pool.mode === 'codes'
      ? await assignCodes(
          tx,
          pool.pool.benefitId,
          placed.filter((d) => !d.full && d.status !== 'entered').map((d) => ({ id: d.id, email: d.job.req.email })),
        )
      : new Map<string, string>();
  if (pool && codes.size > 0) await alertIfLow(tx, pool, event);
  const writes = new Map<WrittenWith['write'], { booking: BookingRow; data: unknown }[]>();
  for (const d of placed) {
    const also = d.job.req.also;
    if (also) writes.set(also.write, [...(writes.get(also.write) ?? []), { booking: rowOf(d), data: also.data }]);
  }
  for (const [write, items] of writes) await write(tx, items);
  for (const d of placed) await d.job.req.alsoInTransaction?.(tx, rowOf(d));
  const codesOf = (d: Decision): string[] =>
    pool?.pool.mode === 'shared' && pool.pool.sharedCode && !d.full
      ? [pool.pool.sharedCode]
      : codes.has(d.id)
        ? [codes.get(d.id) as string]
        : [];
  const entryOf = draw ? entryDraw(draw, event.timeZone) : undefined;
  const mails: BookingMailContext[] = placed.map((d) => ({
    kind: d.status,
    booking: rows.get(d.id) as BookingRow,
    event,
    slot: d.slot,
    policy: d.job.policy,
    portalUrl: d.job.req.portalUrl ?? '',
    waitlistPosition: d.position,
    offerCodes: codesOf(d),
    ...(d.status === 'entered' && entryOf && draw
      ? { draw: { on: entryOf.drawOn, url: `${d.job.req.portalUrl ?? ''}${entryOf.path}`, at: drawAt(draw) } }
      : {}),
  }));
  await queueBookingMails(tx, mails);
  for (const [k, d] of decisions.entries()) {
    if (!d) continue;
    outcomes[k] = {
      status: 'fulfilled',
      value: {
        booking: rows.get(d.id) as BookingRow,
        remainingSlots: d.remaining,
        waitlistPosition: d.position,
        slotFull: d.onlySlotFull,
        ...(pool ? { offerCodes: codesOf(d) } : {}),
        ...(d.status === 'entered' && entryOf ? { draw: entryOf } : {}),
      },
    };
  }
  return { outcomes, freeAfter };
}

/** One request's fate, given what those ahead of it in the batch took; throws its refusal. */
function decide(
  job: PlaceJob,
  event: EventRow,
  slots: Map<string, SlotRow>,
  booked: Map<string, number>,
  taken: number,
  counts: Counts,
  pool: PoolState | null,
): Decision {
  const { req, policy, places } = job;
  if (pool) {
    refuseOutsideWindow(pool.pool, event.timeZone);
    refuseOverLimit(pool.pool, pool.claims.get(req.email) ?? 0);
  }
  const mine = counts.mine.get(req.email);
  if (mine && policy.singleBookingPerEmail)
    throw mine === 'waitlisted'
      ? new HttpError(409, words('srv.booking.alreadyWaitlisted'), ERROR_CODE.alreadyWaitlisted)
      : new HttpError(409, words('srv.rsvp.alreadyBooked'), ERROR_CODE.alreadyBooked);
  const eventFull = (event.capacity !== null && taken + places > event.capacity) || (pool !== null && pool.left < 1);
  let slot: SlotRow | null = null;
  let slotFull = false;
  if (req.slotId) {
    slot = slots.get(req.slotId) ?? null;
    if (!slot) throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
    refuseIfSlotStarted(event, slot);
    slotFull = (booked.get(slot.id) ?? 0) + places > slot.capacity;
  }
  const full = eventFull || slotFull;
  if (full && !policy.allowWaitlist)
    throw slotFull
      ? new HttpError(409, words('srv.rsvp.slotFull'), ERROR_CODE.slotFull)
      : new HttpError(409, words('srv.rsvp.soldOut'), ERROR_CODE.soldOut);
  const status: BookingStatus = full ? 'waitlisted' : policy.requiresApproval ? 'pending' : 'confirmed';
  counts.mine.set(req.email, status); // a second device's request in the same batch sees this one
  let position: number | null = null;
  if (full) {
    const key = slot?.id ?? '';
    position = (counts.waiting.get(key) ?? 0) + 1;
    counts.waiting.set(key, position);
  }
  return {
    job,
    id: randomUUID(),
    status,
    slot,
    full,
    onlySlotFull: slotFull && !eventFull,
    remaining: event.capacity === null ? null : Math.max(0, event.capacity - taken - (full ? 0 : places)),
    position,
  };
}

/** A fair draw's entry: one per member, while the window is open and the draw not made; it takes no place. */
function enter(job: PlaceJob, event: EventRow, draw: DrawRow | null, counts: Counts): Decision {
  const refusal = draw
    ? entryRefusal(draw, event.timeZone)
    : new HttpError(409, words('srv.draw.notFound'), ERROR_CODE.drawNotFound);
  if (refusal) throw refusal;
  const mine = counts.mine.get(job.req.email);
  if (mine === 'entered') throw new HttpError(409, words('srv.draw.alreadyEntered'), ERROR_CODE.alreadyEntered);
  if (mine && job.policy.singleBookingPerEmail)
    throw new HttpError(409, words('srv.rsvp.alreadyBooked'), ERROR_CODE.alreadyBooked);
  counts.mine.set(job.req.email, 'entered');
  return {
    job,
    id: randomUUID(),
    status: 'entered',
    slot: null,
    full: false,
    onlySlotFull: false,
    remaining: null,
    position: null,
  };
}

async function drawUnderLock(tx: Tx, eventId: string): Promise<DrawRow | null> {
  const [draw] = await tx.select().from(eventDraws).where(eq(eventDraws.eventId, eventId));
  return draw ?? null;
}

type Counts = {
  taken: number;
  /** Active bookings by e-mail (of the batch's members), updated as the batch decides. */
  mine: Map<string, string>;
  /** Waitlisted bookings per slot id ('' for the event's own waitlist), updated as the batch decides. */
  waiting: Map<string, number>;
  /** The latest booking's creation time, as text to the microsecond: new ones are created after it. */
  latest: string | null;
};

/**
 * Under the lock, in one statement (the event's lock is held for one round trip fewer): the places taken, the
 * batch's members' active bookings, the waitlist's length per slot and the latest booking's time.
 */
async function countsUnderLock(tx: Tx, eventId: string, emails: string[]): Promise<Counts> {
  const ofEvent = eq(bookings.eventId, eventId);
  const taken = tx
    .select({ n: sql`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(ofEvent, inArray(bookings.status, HOLDING_STATUSES)));
  const mine = tx
    .select({ email: bookings.email, status: bookings.status })
    .from(bookings)
    .where(and(ofEvent, inArray(bookings.email, emails), inArray(bookings.status, ACTIVE_STATUSES)))
    .as('mine');
  const waiting = tx
    .select({ slot: sql`coalesce(${bookings.slotId}::text, '')`.as('slot'), n: sql`count(*)::int`.as('n') })
    .from(bookings)
    .where(and(ofEvent, eq(bookings.status, 'waitlisted')))
    .groupBy(bookings.slotId)
    .as('waiting');
  const latest = tx
    .select({ t: sql`max(${bookings.createdAt})::text` })
    .from(bookings)
    .where(ofEvent);
  const [row] = rowsOf<{ taken: number; mine: unknown; waiting: unknown; latest: string | null }>(
    await tx.execute(sql`select (${taken}) as taken,
      (select coalesce(json_agg(json_build_array(mine.email, mine.status)), '[]') from ${mine}) as mine,
      (select coalesce(json_agg(json_build_array(waiting.slot, waiting.n)), '[]') from ${waiting}) as waiting,
      (${latest}) as latest`),
  );
  return {
    taken: Number(row?.taken ?? 0),
    mine: new Map(pairs<string>(row?.mine)),
    waiting: new Map(pairs<number>(row?.waiting).map(([k, n]) => [k, Number(n)])),
    latest: row?.latest ?? null,
  };
}

/** json_agg of [key, value] pairs, as either driver hands it over (parsed or as text). */
const pairs = <V>(value: unknown): [string, V][] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as [string, V][];

/** Locks the active slots the batch asks for (a slot of another event, or retired, is not among them). */
async function lockSlots(tx: Tx, eventId: string, jobs: PlaceJob[]): Promise<Map<string, SlotRow>> {
  const ids = [...new Set(jobs.flatMap((j) => (j.req.slotId ? [j.req.slotId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(eventSlots)
    .where(and(inArray(eventSlots.id, ids), eq(eventSlots.eventId, eventId), eq(eventSlots.isActive, true)))
    .orderBy(eventSlots.id)
    .for('update');
  return new Map(rows.map((s) => [s.id, s]));
}

/**
 * One insert for the batch. Each booking is created after the event's latest and after the one before it in the
 * batch (to the microsecond): the waitlist is served in creation order, which is the order of the line.
 */
async function insertBookings(tx: Tx, eventId: string, placed: Decision[], latest: string | null) {
  const after = latest === null ? sql`clock_timestamp()` : sql`greatest(clock_timestamp(), ${latest}::timestamptz)`;
  const rows = await insertRecords(
    tx,
    bookings,
    placed.map(({ job: { req, places }, id, status, slot, full }) => ({
      id,
      eventId,
      email: req.email,
      firstName: req.firstName ?? null,
      lastName: req.lastName ?? null,
      fullName: req.fullName ?? ([req.firstName, req.lastName].filter(Boolean).join(' ') || null),
      phoneNumber: req.phoneNumber ?? null,
      slotId: slot?.id ?? null,
      guestCount: places - 1,
      places,
      status,
      passCode: newPassCode(), // a pass only while confirmed: waitlisted and pending ones show none
      placedAt: full || status === 'entered' ? null : new Date(),
      data: req.data ?? null,
    })),
    // The moment the lock was won, not the transaction's start: the waitlist is served in this order.
    { computed: { createdAt: sql`${after} + ${RECORD}.ord * interval '1 microsecond'` } },
  );
  return new Map(rows.map((r) => [r.id, r]));
}
