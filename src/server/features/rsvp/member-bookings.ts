import { and, desc, eq, inArray } from 'drizzle-orm';
import type { BookingDetail, MemberBooking, MyBooking } from '#common/bookings.ts';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { releasePath } from '#common/constants.ts';
import { formatSchedule } from '#common/event-time.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { eventTitleIn } from '#common/organiser-words.ts';
import { hasDoor } from '#common/passes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, bookings, eventDraws, eventSlots, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import {
  type BookingPolicy,
  bookingSchedule,
  bookingTimes,
  type DrawRow,
  type EventRow,
  entryDraw,
  loadPolicy,
  offerCodesOf,
  releasable,
  releaseToken,
  venueOf,
  wireOf,
} from '../booking-rules/index.ts';
import { guestLimit, memberChoices } from './booking-changes.ts';
import { openSlots } from './event-slots.ts';
import { calendarFor } from './event-status.ts';
import { waitlistPositions } from './waitlist.ts';

type Row = { booking: typeof bookings.$inferSelect; event: EventRow; slot: typeof eventSlots.$inferSelect | null };

function view(
  row: Row,
  policy: BookingPolicy,
  positions: Map<string, number>,
  hasSlots: boolean,
  draws: Map<string, DrawRow> = new Map(),
): MemberBooking {
  const { booking, event, slot } = row;
  const draw = booking.status === 'entered' ? draws.get(event.id) : undefined;
  return {
    id: booking.id,
    eventId: booking.eventId,
    benefitId: event.benefitId,
    eventTitle: event.title,
    timeZone: event.timeZone,
    status: booking.status as MemberBooking['status'],
    guestCount: booking.guestCount,
    totalAttendees: booking.places,
    createdAt: booking.createdAt.toISOString(),
    calendar: calendarFor(event, slot),
    waitlistPosition: positions.get(booking.id) ?? null,
    slot: slot ? { id: slot.id, date: slot.slotDate, time: slot.slotTime } : null,
    manage: {
      ...memberChoices(booking, event, slot, policy),
      maxGuests: guestLimit(event, policy),
      hasSlots,
    },
    ...(draw ? { draw: entryDraw(draw, event.timeZone) } : {}),
  };
}

/** A slot's own time; else the event's as its tile says it (an all-day pass reads as days, not midnights). */
export function bookingWhen(event: EventRow, slot: Row['slot'], locale = 'en'): string | null {
  return formatSchedule(bookingSchedule(event, slot), locale);
}

/** Bookings with their event and slot (My bookings, the booking page, the release page). */
export async function readRows(db: Db | Tx, where: ReturnType<typeof and>) {
  return db
    .select({ booking: bookings, event: events, slot: eventSlots })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(where)
    .orderBy(desc(bookings.createdAt));
}

/** Each row's event policy, read once per event. */
async function policiesOf(db: Db, rows: Row[]) {
  const policies = new Map<string, BookingPolicy>();
  for (const r of rows) if (!policies.has(r.event.id)) policies.set(r.event.id, await loadPolicy(db, r.event));
  return (r: Row) => policies.get(r.event.id) as BookingPolicy;
}

/** The draws of the rows' entries (decision 031): an entry says when its draw is. */
async function drawsOf(db: Db, rows: Row[]): Promise<Map<string, DrawRow>> {
  const entered = [...new Set(rows.filter((r) => r.booking.status === 'entered').map((r) => r.event.id))];
  if (entered.length === 0) return new Map();
  const found = await db.select().from(eventDraws).where(inArray(eventDraws.eventId, entered));
  return new Map(found.map((d) => [d.eventId, d]));
}

type Titled = { eventTitle: string; fallback?: string[] };

/**
 * Each row's event as the member's language calls it (decision 062): its benefit's words over the event's name; and,
 * in another language, whether that name is still the English one (decision 073).
 */
async function titlesIn(db: Db, rows: Row[], locale: Locale): Promise<(r: Row) => Titled> {
  if (locale === DEFAULT_LOCALE) return (r) => ({ eventTitle: r.event.title });
  const ids = [...new Set(rows.flatMap((r) => (r.event.benefitId ? [r.event.benefitId] : [])))];
  const found =
    ids.length === 0
      ? []
      : await db
          .select({ id: benefits.id, title: benefits.title, translations: benefits.translations })
          .from(benefits)
          .where(inArray(benefits.id, ids));
  const byId = new Map(found.map((b) => [b.id, b]));
  return (r) => {
    const eventTitle = eventTitleIn(r.event, byId.get(r.event.benefitId ?? ''), locale);
    return eventTitle === r.event.title ? { eventTitle, fallback: ['eventTitle'] } : { eventTitle };
  };
}

/** The rows with what each view needs: waitlist positions, each event's policy, its name in the member's language. */
async function withContext(db: Db, rows: Row[], locale: Locale, policyOf?: (r: Row) => BookingPolicy) {
  const positions = await waitlistPositions(db, [...new Set(rows.map((r) => r.event.id))]);
  const policy = policyOf ?? (await policiesOf(db, rows));
  const draws = await drawsOf(db, rows);
  const title = await titlesIn(db, rows, locale);
  return rows.map((r) => ({ ...view(r, policy(r), positions, r.slot !== null, draws), ...title(r) }));
}

/** What a member has booked and not cancelled, newest first: GET /api/user/form-submissions. */
export async function listMemberBookings(
  db: Db,
  email: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MemberBooking[]> {
  const rows = await readRows(db, and(eq(bookings.email, email), inArray(bookings.status, ACTIVE_STATUSES)));
  return withContext(db, rows, locale);
}

/**
 * Every booking of the member, cancelled ones too, newest first, with its pass and, while it may be released, its
 * signed release link (decision 016): GET /api/me/bookings ("My bookings").
 */
export async function myBookings(
  db: Db,
  email: string,
  releaseSecret: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MyBooking[]> {
  const rows = await readRows(db, eq(bookings.email, email));
  const policyOf = await policiesOf(db, rows);
  const views = await withContext(db, rows, locale, policyOf);
  const codes = await offerCodesOf(
    db,
    rows.filter((r) => r.booking.status === 'confirmed').map((r) => r.booking.id),
  );
  return rows.map((row, i) => {
    const { booking, event, slot } = row;
    const times = bookingTimes(event, slot);
    const seen = views[i] as MemberBooking;
    return {
      ...seen,
      title: seen.eventTitle,
      ...(seen.fallback ? { fallback: [...seen.fallback, 'title'] } : {}),
      startsAt: times?.start.toISOString() ?? null,
      endsAt: times?.end.toISOString() ?? null,
      when: bookingWhen(event, slot),
      ...wireOf(bookingSchedule(event, slot)),
      venue: venueOf(event),
      mapUrl: event.mapUrl,
      passCode: booking.status === 'confirmed' && hasDoor(event) ? booking.passCode : null,
      checkedInAt: booking.checkedInAt?.toISOString() ?? null,
      ...(codes.has(booking.id) ? { offerCodes: codes.get(booking.id) } : {}),
      releasePath: releasable(booking, event, slot, policyOf(row))
        ? releasePath(releaseToken(releaseSecret, booking))
        : null,
    };
  });
}

/** One of the member's bookings with the slots it could move to: the CHANGE/CANCEL BOOKING page. */
export async function memberBookingDetail(
  db: Db,
  bookingId: string,
  email: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<BookingDetail> {
  const [row] = await readRows(db, and(eq(bookings.id, bookingId), eq(bookings.email, email)));
  if (!row) throw new HttpError(404, words('srv.booking.notFound'));
  const title = await titlesIn(db, [row], locale);
  const policy = await loadPolicy(db, row.event);
  const positions = await waitlistPositions(db, [row.event.id]);
  const slots = await openSlots(db, row.event.id);
  const options = slots.map((s) => ({ id: s.id, date: s.date, time: s.slotTime, remainingSlots: s.remainingSlots }));
  const hasSlots = row.slot !== null || options.length > 0;
  const seen = view(row, policy, positions, hasSlots, await drawsOf(db, [row]));
  return { ...seen, ...title(row), slotOptions: options };
}
