import { eq } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatSchedule, formatTimeRange, hasEnded } from '#common/event-time.ts';
import type { ReleaseResult, ReleaseView } from '#common/release.ts';
import type { Db } from '../../db/client.ts';
import { bookings, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type Words, words } from '../../lib/member-words.ts';
import {
  type BookingPolicy,
  bookingTimes,
  type EventRow,
  loadPolicy,
  readReleaseToken,
  releasable,
  type SlotRow,
  venueOf,
  wireOf,
} from '../booking-rules/index.ts';
import { cancelBooking, readRows } from '../rsvp/index.ts';

type BookingRow = typeof bookings.$inferSelect;

const invalid = () => new HttpError(404, words('srv.release.invalid'), ERROR_CODE.releaseLinkInvalid);

/**
 * Refuses a link signed at `sequence` that no longer works, each way with its own code: used (this link released
 * the booking), expired (the booking has started), outdated (changed or cancelled since it was sent).
 */
function checkLink(sequence: number) {
  return (booking: BookingRow, event: EventRow, slot: SlotRow | null, policy: BookingPolicy) => {
    // The release bumped the sequence once; a later admin change would bump it again and make it merely outdated.
    if (booking.releasedAt && booking.status === 'cancelled' && booking.calendarSequence === sequence + 1)
      throw new HttpError(410, words('srv.release.used'), ERROR_CODE.releaseLinkUsed);
    if (booking.calendarSequence === sequence && ACTIVE_STATUSES.includes(booking.status as never)) {
      if (releasable(booking, event, slot, policy)) return;
      throw new HttpError(410, words('srv.release.expired'), ERROR_CODE.releaseLinkExpired);
    }
    if (hasEnded(event)) throw new HttpError(410, words('srv.release.expired'), ERROR_CODE.releaseLinkExpired);
    throw new HttpError(410, words('srv.release.outdated'), ERROR_CODE.releaseLinkOutdated);
  };
}

function readToken(secret: string, token: string) {
  const signed = readReleaseToken(secret, token);
  if (!signed) throw invalid();
  return signed;
}

/** GET: what the link would release, or why it no longer works. Reads only: a mail scanner's visit changes nothing. */
export async function releaseView(db: Db, secret: string, token: string): Promise<ReleaseView> {
  const { bookingId, sequence } = readToken(secret, token);
  const [row] = await readRows(db, eq(bookings.id, bookingId));
  if (!row) throw invalid();
  const { booking, event, slot } = row;
  checkLink(sequence)(booking, event, slot, await loadPolicy(db, event));
  const times = bookingTimes(event, slot);
  return {
    eventTitle: event.title,
    when: times ? formatTimeRange(times.start, times.end, event.timeZone) : formatSchedule(event),
    ...wireOf(
      times ? { schedule: 'timed', startsAt: times.start, endsAt: times.end, timeZone: event.timeZone } : event,
    ),
    venue: venueOf(event),
    slot: slot ? { id: slot.id, date: slot.slotDate, time: slot.slotTime } : null,
    timeZone: event.timeZone,
    guestCount: booking.guestCount,
    status: booking.status as ReleaseView['status'],
    name: booking.fullName || [booking.firstName, booking.lastName].filter(Boolean).join(' ') || booking.email,
  };
}

/**
 * POST: cancels the booking as the member's own cancellation does (the engine's transaction hands the place to the
 * waitlist and queues the mails), re-checking the link under the event's lock, so a link works exactly once.
 */
export async function releasePlace(
  db: Db,
  secret: string,
  token: string,
  portalUrl: string,
  say: (w: Words) => string,
): Promise<ReleaseResult> {
  const { bookingId, sequence } = readToken(secret, token);
  const ended = await cancelBooking(db, bookingId, { release: checkLink(sequence) }, portalUrl);
  const [event] = await db
    .select({ title: events.title })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  // Without placedAt the member was only waiting: no place was handed on.
  const message = words(ended.placedAt ? 'srv.release.released' : 'srv.release.leftWaitlist');
  return { released: true, eventTitle: event?.title ?? '', message: say(message) };
}
