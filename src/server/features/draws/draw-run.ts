import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { DRAW_MSG, type DrawRunResult, type DrawScheduled } from '#common/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatInstant } from '#common/event-time.ts';
import { drawOrder, fillInOrder } from '#common/fair-draw.ts';
import { afterCommit, rootOf } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit, bookings, eventDraws } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { eventQueue } from '../../lib/keyed-queue.ts';
import { words } from '../../lib/member-words.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { alertIfLow, assignCodes, drawAt, entryDraw, loadPolicy, poolUnderLock } from '../booking-rules/index.ts';
import { type BookingMailContext, queueBookingMails } from '../notify/index.ts';
import { dropHeld, releaseHeld } from '../outbox/index.ts';
import { asBookingError, lockEvent, placesTaken } from '../rsvp/index.ts';
import { emitWebhookEvents } from '../webhooks/index.ts';

type Outcome = {
  id: string;
  status: 'confirmed' | 'pending' | 'waitlisted' | 'not_drawn';
  outcome: string;
  rank: number | null;
};

/**
 * Makes an event's draw (decision 031), exactly once: under the event's row lock (which every entry also takes, so
 * the entries are exactly those committed before it) and the draw row's, `ran_at` is checked and set in the same
 * transaction as the outcomes and their mails. A second run, on this instance or another, or after a restart,
 * waits for the lock and finds it made: 409 `draw_already_run`. Winners are confirmed (pending where the form asks
 * for approval) and mailed the confirmation with the pass as any booking; the rest join the waitlist in draw order
 * or are released, as the organiser chose, and are told so.
 */
export async function runDraw(db: Db, eventId: string, by: string, portalUrl: string): Promise<DrawRunResult> {
  try {
    // In the event's line, as every booking: the draw sees every entry that arrived before it.
    const result = await eventQueue(rootOf(db))(eventId, () =>
      db.transaction((tx) => drawIn(tx, eventId, by, portalUrl)),
    );
    afterCommit(db, (root) => hotCache(root).invalidate(eventId));
    return result;
  } catch (err) {
    throw asBookingError(err);
  }
}

async function drawIn(tx: Tx, eventId: string, by: string, portalUrl: string): Promise<DrawRunResult> {
  const event = await lockEvent(tx, eventId);
  const [draw] = await tx.select().from(eventDraws).where(eq(eventDraws.eventId, eventId)).for('update');
  if (!draw) throw new HttpError(404, words('srv.draw.notFound'), ERROR_CODE.drawNotFound);
  if (draw.ranAt) throw new HttpError(409, DRAW_MSG.alreadyRun, ERROR_CODE.drawAlreadyRun);
  // Nobody inside the announced window is drawn out of it or told "sold out" (decision 050).
  if (new Date() < draw.closesAt)
    throw new HttpError(
      409,
      DRAW_MSG.windowOpen(formatInstant(draw.closesAt, event.timeZone)),
      ERROR_CODE.drawWindowOpen,
    );
  const entries = await tx
    .select({ id: bookings.id, places: bookings.places, email: bookings.email })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'entered')));
  const policy = await loadPolicy(tx, event);
  // An offer's place comes with a code (decision 034): no more places than codes left, as a claim is refused
  // past the pool; the pool is locked after the event, in the engine's order.
  const pool = event.benefitId ? await poolUnderLock(tx, event.benefitId, []) : null;
  const codesLeft = pool?.pool.mode === 'codes' ? pool.left : Number.POSITIVE_INFINITY;
  const offered = Math.max(0, Math.min((event.capacity ?? 0) - (await placesTaken(tx, eventId)), codesLeft));
  const placesOf = new Map(entries.map((e) => [e.id, e.places]));
  const order = await drawOrder(
    draw.seed,
    entries.map((e) => e.id),
  );
  const filled = fillInOrder(order, (id) => placesOf.get(id) ?? 1, offered);
  const won = policy.requiresApproval ? 'pending' : 'confirmed';
  let rank = 0;
  const outcomes: Outcome[] = order.map((id) => {
    if (filled.get(id) === 'won') return { id, status: won, outcome: 'won', rank: null };
    rank += 1;
    return draw.losers === 'waitlist'
      ? { id, status: 'waitlisted', outcome: 'waitlisted', rank }
      : { id, status: 'not_drawn', outcome: 'not_drawn', rank: null };
  });
  if (outcomes.length > 0) await applyOutcomes(tx, eventId, outcomes);
  if (pool?.pool.mode === 'codes') {
    const winners = entries.filter((e) => filled.get(e.id) === 'won');
    await assignCodes(tx, pool.pool.benefitId, winners);
    pool.left -= winners.length;
    if (winners.length > 0) await alertIfLow(tx, pool, event);
  }
  // An entry's held jobs (a form's sheet row) go out with its place, or never (the waitlisted keep theirs held).
  const ids = (status: Outcome['status'][]) => outcomes.filter((o) => status.includes(o.status)).map((o) => o.id);
  await releaseHeld(tx, ids(['confirmed', 'pending']));
  await dropHeld(tx, ids(['not_drawn']));
  const now = new Date();
  await tx
    .update(eventDraws)
    .set({
      ranAt: now,
      ranBy: by,
      updatedAt: now,
      result: {
        placesOffered: offered,
        order: order.map((id) => ({ id, places: placesOf.get(id) ?? 1, outcome: filled.get(id) ?? 'not_drawn' })),
      },
    })
    .where(eq(eventDraws.eventId, eventId));
  const counts = {
    won: outcomes.filter((o) => o.outcome === 'won').length,
    waitlisted: outcomes.filter((o) => o.outcome === 'waitlisted').length,
    notDrawn: outcomes.filter((o) => o.outcome === 'not_drawn').length,
    entries: outcomes.length,
  };
  await tx.insert(adminAudit).values({
    adminEmail: by,
    action: 'draw.run',
    targetType: 'event',
    targetId: eventId,
    details: { ...counts, placesOffered: offered, losers: draw.losers },
  });
  const rows = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), isNotNull(bookings.drawOutcome)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const link = entryDraw(draw, event.timeZone);
  const drawLink = { on: link.drawOn, url: `${portalUrl}${link.path}`, at: drawAt(draw) };
  const mails: BookingMailContext[] = outcomes.flatMap((o) => {
    const booking = byId.get(o.id);
    if (!booking) return [];
    const kind = o.status === 'waitlisted' ? 'draw_waitlisted' : o.status;
    return [{ kind, booking, event, slot: null, policy, portalUrl, waitlistPosition: o.rank, draw: drawLink }];
  });
  await queueBookingMails(tx, mails);
  // Each entry's own event went with its mail; the draw itself is one more, ordered by the event (decision 058).
  await emitWebhookEvents(tx, [
    {
      type: 'draw.made',
      orderingKey: `event:${eventId}`,
      benefitId: event.benefitId,
      data: { eventId, benefitId: event.benefitId, ...counts, placesOffered: offered, ranAt: now.toISOString() },
    },
  ]);
  return counts;
}

/**
 * One statement for every entry (decision 050): winners get their place now; the waitlisted join the waitlist at
 * one instant, after every booking of the event, ordered among themselves by their draw rank, so the waitlist is in
 * draw order whatever order the database updates the rows in.
 */
async function applyOutcomes(tx: Tx, eventId: string, outcomes: Outcome[]) {
  await tx.execute(sql`
    with base as (
      select greatest(now(), (select max(created_at) from ${bookings} where event_id = ${eventId}) + interval '1 microsecond') as at
    )
    update ${bookings} as b set
      status = x.status,
      draw_outcome = x.outcome,
      draw_rank = x.rank,
      placed_at = case when x.status in ('confirmed', 'pending') then base.at else null end,
      created_at = case when x.rank is null then b.created_at else base.at end,
      updated_at = base.at
    from base, jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x(id uuid, status text, outcome text, rank int)
    where b.id = x.id and b.event_id = ${eventId}`);
}

/**
 * "Run the draw now" (decision 050): once entries have closed it makes the draw; before, it draws nobody and brings
 * the draw forward to the close of entries, as announced (the scheduler makes it then; the public page says so).
 */
export async function requestDraw(
  db: Db,
  eventId: string,
  by: string,
  portalUrl: string,
): Promise<DrawRunResult | DrawScheduled> {
  const scheduled = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const [draw] = await tx.select().from(eventDraws).where(eq(eventDraws.eventId, eventId)).for('update');
    if (!draw) throw new HttpError(404, words('srv.draw.notFound'), ERROR_CODE.drawNotFound);
    if (draw.ranAt) throw new HttpError(409, DRAW_MSG.alreadyRun, ERROR_CODE.drawAlreadyRun);
    const now = new Date();
    if (now >= draw.closesAt) return null;
    if (!draw.runRequestedAt) {
      await tx
        .update(eventDraws)
        .set({ runRequestedAt: now, runRequestedBy: by, updatedAt: now })
        .where(eq(eventDraws.eventId, eventId));
      await tx.insert(adminAudit).values({
        adminEmail: by,
        action: 'draw.run_requested',
        targetType: 'event',
        targetId: eventId,
        details: { closesAt: draw.closesAt.toISOString(), plannedAt: draw.drawAt.toISOString() },
      });
    }
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'entered')));
    return {
      scheduledFor: draw.closesAt.toISOString(),
      scheduledText: formatInstant(draw.closesAt, event.timeZone),
      entries: Number(n?.n ?? 0),
    };
  });
  return scheduled ?? runDraw(db, eventId, by, portalUrl);
}

/** The draws whose time has come (planned, or brought forward to the close of entries) and not yet made. */
export async function dueDraws(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ eventId: eventDraws.eventId })
    .from(eventDraws)
    .where(
      and(
        isNull(eventDraws.ranAt),
        or(lte(eventDraws.drawAt, now), and(isNotNull(eventDraws.runRequestedAt), lte(eventDraws.closesAt, now))),
      ),
    );
  return rows.map((r) => r.eventId);
}

/** Makes every due draw; one another instance made first is skipped (its 409), others are logged and retried. */
export async function runDueDraws(db: Db, portalUrl: string, log: (err: unknown) => void): Promise<number> {
  let made = 0;
  for (const eventId of await dueDraws(db)) {
    try {
      await runDraw(db, eventId, 'scheduler', portalUrl);
      made += 1;
    } catch (err) {
      if (!(err instanceof HttpError && err.code === ERROR_CODE.drawAlreadyRun)) log(err);
    }
  }
  return made;
}

/** Looks for due draws every intervalMs, one run at a time; stop() waits for the run in flight. */
export function startDrawScheduler(
  db: Db,
  opts: { intervalMs: number; portalUrl: string; log: (err: unknown) => void },
): () => Promise<void> {
  return startPeriodic(() => runDueDraws(db, opts.portalUrl, opts.log), opts.intervalMs, opts.log);
}
