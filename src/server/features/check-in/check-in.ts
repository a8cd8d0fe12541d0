import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BOOKING_MSG, type BookingStatus } from '#common/bookings.ts';
import type { CheckedInBooking, DoorEvent, DoorPass, DoorPasses } from '#common/check-in.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatInstant, formatSchedule } from '#common/event-time.ts';
import { CHECK_IN_MSG, normalisePassCode } from '#common/passes.ts';
import { formatSlot } from '#common/time-range.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventSlots, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type PartnerView, type PartnerViewer, viewFor } from '../auth/index.ts';
import { bookingEvent, emitWebhookEvents } from '../webhooks/index.ts';

type Found = {
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  slot: typeof eventSlots.$inferSelect | null;
};

async function findByCode(db: Db | Tx, code: string): Promise<Found | null> {
  const [row] = await db
    .select({ booking: bookings, event: events, slot: eventSlots })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(eq(bookings.passCode, code));
  return row ?? null;
}

const slotText = ({ slot, event }: Pick<Found, 'slot' | 'event'>) =>
  slot ? formatSlot(slot.slotTime, slot.slotDate, event.timeZone) : null;

function describe({ booking, event, slot }: Found): CheckedInBooking {
  const joined = [booking.firstName, booking.lastName].filter(Boolean).join(' ');
  return {
    id: booking.id,
    eventId: event.id,
    eventTitle: event.title,
    name: booking.fullName || joined || booking.email,
    email: booking.email,
    guestCount: booking.guestCount,
    slot: slotText({ slot, event }),
  };
}

const NOT_ADMITTED: Partial<Record<BookingStatus, string>> = {
  cancelled: CHECK_IN_MSG.cancelled,
  declined: CHECK_IN_MSG.declined,
  transferred: CHECK_IN_MSG.transferred,
  waitlisted: CHECK_IN_MSG.waitlisted,
  pending: CHECK_IN_MSG.pending,
};

/** Why a found pass does not admit here: the refusal to throw, or null when it would admit. */
function refusal(found: Found, at: { eventId?: string; slotId?: string }, view: PartnerView | null): HttpError | null {
  const { booking, event } = found;
  const seen = describe(found);
  const info = { booking: view ? view.checkedIn(seen) : seen, status: booking.status };
  if (booking.memberRemovedAt)
    return new HttpError(409, CHECK_IN_MSG.memberRemoved, ERROR_CODE.memberRemoved, { extra: info });
  const notAdmitted = NOT_ADMITTED[booking.status as BookingStatus];
  if (notAdmitted) return new HttpError(409, notAdmitted, ERROR_CODE.notAdmitted, { extra: info });
  if (at.eventId && at.eventId !== event.id)
    return new HttpError(409, CHECK_IN_MSG.otherEvent(event.title), ERROR_CODE.otherEvent, { extra: info });
  if (at.slotId && at.slotId !== booking.slotId)
    return new HttpError(409, CHECK_IN_MSG.otherSlot(slotText(found) ?? 'none'), ERROR_CODE.otherSlot, {
      extra: info,
    });
  if (booking.checkedInAt) {
    const when = formatInstant(booking.checkedInAt, event.timeZone);
    const by = (view ? view.actor(booking.checkedInBy) : booking.checkedInBy) ?? 'staff';
    return new HttpError(409, CHECK_IN_MSG.alreadyCheckedIn(when, by), ERROR_CODE.alreadyCheckedIn, {
      extra: { ...info, checkedInAt: booking.checkedInAt.toISOString(), checkedInBy: by },
    });
  }
  return null;
}

/**
 * Admits the pass's booking once: one conditional UPDATE decides, so of any number of devices scanning the same
 * pass at once exactly one admits it; the others are told who did and when.
 */
export async function checkIn(
  db: Db | Tx,
  input: { code: string; eventId?: string; slotId?: string },
  staff: string,
  viewer: PartnerViewer = null,
) {
  const code = normalisePassCode(input.code);
  const found = await findByCode(db, code);
  // A partner learns nothing of a pass for another benefit's event: to them it is unknown.
  const outOfScope = found && viewer && !viewer.benefits.has(found.event.benefitId ?? '');
  if (!found || outOfScope) throw new HttpError(404, CHECK_IN_MSG.unknown, ERROR_CODE.unknownPass);
  const view = await viewFor(db, viewer, found.event.benefitId);
  const early = refusal(found, input, view);
  if (early) throw early;
  const now = new Date();
  const [admitted] = await db
    .update(bookings)
    .set({ checkedInAt: now, checkedInBy: staff })
    .where(
      and(
        eq(bookings.id, found.booking.id),
        eq(bookings.status, 'confirmed'),
        isNull(bookings.checkedInAt),
        isNull(bookings.memberRemovedAt),
      ),
    )
    .returning();
  if (!admitted) {
    // Another device got there first (or the booking changed meanwhile): say what it is now.
    const current = await findByCode(db, code);
    throw (current && refusal(current, input, view)) ?? new HttpError(409, CHECK_IN_MSG.unknown, ERROR_CODE.conflict);
  }
  // The route runs this in its audited transaction: the event commits with the check-in (decision 058).
  await emitWebhookEvents(db, [
    bookingEvent('booking.checked_in', admitted, found.event.benefitId, { checkedInBy: staff }),
  ]);
  const booking = describe({ ...found, booking: admitted });
  return { booking: view ? view.checkedIn(booking) : booking, checkedInAt: now.toISOString() };
}

/** Takes a check-in back (staff scanned the wrong pass). */
export async function undoCheckIn(db: Db | Tx, bookingId: string) {
  const [row] = await db
    .update(bookings)
    .set({ checkedInAt: null, checkedInBy: null })
    .where(eq(bookings.id, bookingId))
    .returning({ id: bookings.id });
  if (!row) throw new HttpError(404, BOOKING_MSG.notFound);
}

/** Events with confirmed bookings, soonest first, with how many of their people are in (guests count). */
export async function doorEvents(
  db: Db | Tx,
  only: { eventId?: string; benefitIds?: Set<string> | null } = {},
): Promise<DoorEvent[]> {
  if (only.benefitIds?.size === 0) return [];
  const rows = await db
    .select({
      event: events,
      expected: sql<number>`sum(${bookings.places})::int`,
      checkedIn: sql<number>`coalesce(sum(${bookings.places}) filter (where ${bookings.checkedInAt} is not null), 0)::int`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        // A removed member's pass no longer admits (decision 046): not expected, not on the door's list.
        isNull(bookings.memberRemovedAt),
        only.eventId ? eq(events.id, only.eventId) : undefined,
        only.benefitIds ? inArray(events.benefitId, [...only.benefitIds]) : undefined,
      ),
    )
    .groupBy(events.id)
    .orderBy(sql`${events.startsAt} asc nulls last`, events.title);
  return rows.map((r) => ({
    id: r.event.id,
    title: r.event.title,
    when: formatSchedule(r.event),
    checkedIn: r.checkedIn,
    expected: r.expected,
  }));
}

/**
 * One event's passes for the door: searched on the device and kept there for scanning offline. A partner's door
 * gets them through their view (no codes; names and e-mails as shared: decision 046).
 */
export async function doorPasses(db: Db | Tx, eventId: string, viewer: PartnerViewer = null): Promise<DoorPasses> {
  const rows = await db
    .select({ booking: bookings, event: events, slot: eventSlots })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, 'confirmed'), isNull(bookings.memberRemovedAt)))
    .orderBy(bookings.createdAt);
  const [event] = await doorEvents(db, { eventId });
  if (!event) {
    const [known] = await db.select().from(events).where(eq(events.id, eventId));
    if (!known) throw new HttpError(404, 'Event not found');
    return {
      event: { id: known.id, title: known.title, when: formatSchedule(known), checkedIn: 0, expected: 0 },
      passes: [],
    };
  }
  const view = await viewFor(db, viewer, rows[0]?.event.benefitId ?? null);
  return {
    event,
    passes: rows.flatMap((r): DoorPass[] => {
      if (!r.booking.passCode) return [];
      const b = describe(r);
      const pass: DoorPass = {
        bookingId: b.id,
        code: r.booking.passCode,
        name: b.name,
        email: b.email,
        guestCount: b.guestCount,
        slotId: r.booking.slotId,
        slot: b.slot,
        checkedInAt: r.booking.checkedInAt?.toISOString() ?? null,
        checkedInBy: r.booking.checkedInBy,
      };
      return [view ? view.doorPass(pass) : pass];
    }),
  };
}
