import { type DrawState, drawPath, type EntryDraw } from '#common/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatShortInstant } from '#common/event-time.ts';
import type { eventDraws } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';

export type DrawRow = typeof eventDraws.$inferSelect;

/** Where a draw stands: before its window, taking entries, waiting for its run, or made. */
export function drawState(draw: DrawRow, now = new Date()): DrawState {
  if (draw.ranAt) return 'drawn';
  if (now < draw.opensAt) return 'scheduled';
  if (now < draw.closesAt) return 'open';
  return 'closed';
}

/**
 * Whether a member may enter now: null when the window is open, else the refusal (409). A draw that has been made
 * no longer takes entries: the event books as any other (its leftover places, its waitlist).
 */
export function entryRefusal(draw: DrawRow, timeZone: string, now = new Date()): HttpError | null {
  const state = drawState(draw, now);
  if (state === 'open') return null;
  if (state === 'scheduled')
    return new HttpError(
      409,
      words('srv.draw.notOpen', { when: { at: draw.opensAt, timeZone } }),
      ERROR_CODE.drawNotOpen,
    );
  return new HttpError(409, words('srv.draw.closed', { when: { at: draw.closesAt, timeZone } }), ERROR_CODE.drawClosed);
}

/** When the draw is made: at its planned time, or when entries close once "Run the draw now" was asked for. */
export const drawDueAt = (draw: DrawRow): Date => (draw.runRequestedAt ? draw.closesAt : draw.drawAt);

/** When the draw was or is to be made: what its mails say, in the member's language (decision 061). */
export const drawAt = (draw: DrawRow): Date => draw.ranAt ?? drawDueAt(draw);

/** What a member's entry says of its draw: when it is (short, in the event's zone) and where to check it. */
export function entryDraw(draw: DrawRow, timeZone: string): EntryDraw {
  return {
    drawOn: formatShortInstant(drawAt(draw), timeZone),
    closesOn: formatShortInstant(draw.closesAt, timeZone),
    path: drawPath(draw.eventId),
    drawAt: drawAt(draw).toISOString(),
    timeZone,
  };
}
