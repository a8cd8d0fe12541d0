import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import {
  type AdminDraw,
  DRAW_MSG,
  type DrawLosers,
  type DrawSettingsBody,
  drawSettingsBody,
  type PublicDraw,
} from '#common/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatInstant, fromZoneInput, zoneInput } from '#common/event-time.ts';
import { commitmentOf, DRAW_ALGORITHM, DRAW_ALGORITHM_TEXT } from '#common/fair-draw.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventDraws } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { EventRow } from './booking-policy.ts';
import { type DrawRow, drawDueAt, drawState } from './draw-window.ts';

/** An event's draw, read plainly (the public page, the admin's form). */
export async function readDraw(db: Db | Tx, eventId: string): Promise<DrawRow | null> {
  const [draw] = await db.select().from(eventDraws).where(eq(eventDraws.eventId, eventId));
  return draw ?? null;
}

/** Entries the draw has (before it) or had (after it: every entry it decided). */
async function entryCount(db: Db | Tx, eventId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), or(eq(bookings.status, 'entered'), isNotNull(bookings.drawOutcome))));
  return Number(row?.n ?? 0);
}

/** What anyone may see of a draw: the commitment always; the seed and the order only once it has been made. */
export async function publicDraw(db: Db | Tx, event: EventRow, draw: DrawRow, now = new Date()): Promise<PublicDraw> {
  const tz = event.timeZone;
  const made = draw.ranAt !== null;
  return {
    eventId: event.id,
    title: event.title,
    timeZone: tz,
    state: drawState(draw, now),
    opensAt: draw.opensAt.toISOString(),
    closesAt: draw.closesAt.toISOString(),
    drawAt: draw.drawAt.toISOString(),
    opensText: formatInstant(draw.opensAt, tz),
    closesText: formatInstant(draw.closesAt, tz),
    drawText: formatInstant(draw.drawAt, tz),
    losers: draw.losers,
    capacity: event.capacity,
    entries: made ? (draw.result?.order.length ?? 0) : await entryCount(db, event.id),
    commitment: draw.commitment,
    algorithm: DRAW_ALGORITHM,
    algorithmSteps: DRAW_ALGORITHM_TEXT,
    seed: made ? draw.seed : null,
    ranAt: draw.ranAt?.toISOString() ?? null,
    ranText: draw.ranAt ? formatInstant(draw.ranAt, tz) : null,
    broughtForward: draw.runRequestedAt !== null,
    dueText: formatInstant(drawDueAt(draw), tz),
    placesOffered: made ? (draw.result?.placesOffered ?? null) : null,
    order: made ? publishedOrder(draw) : null,
  };
}

/** The order as the admin sees it: drawn, or not drawn and then waitlisted #n (in draw order) or released. */
function publishedOrder(draw: DrawRow) {
  let rank = 0;
  return (draw.result?.order ?? []).map((e) => {
    const won = e.outcome === 'won';
    if (!won) rank += 1;
    return {
      id: e.id,
      places: e.places,
      outcome: won ? ('won' as const) : ('not_drawn' as const),
      waitlistRank: !won && draw.losers === 'waitlist' ? rank : null,
    };
  });
}

export async function adminDraw(db: Db | Tx, event: EventRow, now = new Date()): Promise<AdminDraw> {
  const draw = await readDraw(db, event.id);
  const tz = event.timeZone;
  return {
    draw: draw ? await publicDraw(db, event, draw, now) : null,
    settings: draw
      ? {
          opensAt: zoneInput(draw.opensAt, tz),
          closesAt: zoneInput(draw.closesAt, tz),
          drawAt: zoneInput(draw.drawAt, tz),
          losers: draw.losers,
        }
      : null,
    editable: !draw || (draw.ranAt === null && now < draw.opensAt),
    timeZone: tz,
    hasCapacity: event.capacity !== null,
  };
}

/**
 * Sets an event's draw (the caller holds the event's lock). The seed is drawn once, when the draw is first set,
 * and never changes: once the window opens (or the draw is made) nothing may change, so the published commitment
 * was fixed before the first entry.
 */
export async function setDraw(tx: Tx, event: EventRow, body: DrawSettingsBody, now = new Date()) {
  if (event.capacity === null) throw new HttpError(409, DRAW_MSG.needsCapacity, ERROR_CODE.drawInvalid);
  const settings = drawSettingsBody.parse(body);
  const instant = (value: string) => {
    const at = fromZoneInput(value, event.timeZone);
    if (!at) throw new HttpError(400, 'Use a date and time (YYYY-MM-DDTHH:MM)', ERROR_CODE.drawInvalid);
    return at;
  };
  const values = {
    opensAt: instant(settings.opensAt),
    closesAt: instant(settings.closesAt),
    drawAt: instant(settings.drawAt),
    losers: settings.losers as DrawLosers,
  };
  const [existing] = await tx.select().from(eventDraws).where(eq(eventDraws.eventId, event.id)).for('update');
  if (existing) {
    if (existing.ranAt !== null || now >= existing.opensAt)
      throw new HttpError(409, DRAW_MSG.locked, ERROR_CODE.drawLocked);
    await tx
      .update(eventDraws)
      .set({ ...values, updatedAt: now })
      .where(eq(eventDraws.eventId, event.id));
    return;
  }
  const seed = randomBytes(32).toString('hex');
  await tx.insert(eventDraws).values({ eventId: event.id, ...values, seed, commitment: await commitmentOf(seed) });
}
