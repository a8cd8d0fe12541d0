import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Attendance, People, ReportDay } from '#common/partner-report.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { eventSlots, events } from '../../db/schema.ts';
import { bookingTimes } from '../booking-rules/index.ts';
import { dayStart } from './analytics-zone.ts';
import { dailyCounts } from './daily-counts.ts';

// Slot ids are uuids (safe characters): a literal array keeps the query one parameter whatever their number.
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export type AttendanceScope = { now: Date; startDate?: string; endDate?: string };

/**
 * Which slots of these benefits have a time, and which of those are over: slot times are text, read here by the
 * engine's one rule (bookingTimes), so SQL only compares ids. Slots are few; bookings are what the SQL walks.
 */
async function slotClock(db: Db, benefitIds: string[], now: Date) {
  const rows = await db
    .select({ event: events, slot: eventSlots })
    .from(eventSlots)
    .innerJoin(events, eq(events.id, eventSlots.eventId))
    .where(inArray(events.benefitId, benefitIds));
  const timed: string[] = [];
  const ended: string[] = [];
  for (const { event, slot } of rows) {
    const times = bookingTimes(event, slot);
    if (!times) continue;
    timed.push(slot.id);
    if (times.end.getTime() <= now.getTime()) ended.push(slot.id);
  }
  return { timed, ended };
}

/**
 * The analytics window over bookings (aliased `b`): the organiser's days, as the roll-ups, inclusive at both ends;
 * bookings made in it. Without dates, every booking.
 */
export function bookingWindow(scope: Pick<AttendanceScope, 'startDate' | 'endDate'>): SQL {
  const window: SQL[] = [sql`true`];
  if (scope.startDate) window.push(sql`b.created_at >= ${dayStart(scope.startDate)}`);
  if (scope.endDate) window.push(sql`b.created_at < ${dayStart(scope.endDate, 1)}`);
  return sql.join(window, sql` and `);
}

/** The benefits' bookings with whether each one's event (or slot) is over; walks bookings by their event index. */
async function scopedBookings(db: Db, benefitIds: string[], scope: AttendanceScope): Promise<SQL> {
  const { timed, ended } = await slotClock(db, benefitIds, scope.now);
  const ids = sql.join(
    benefitIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    select e.benefit_id, e.time_zone, b.places, b.placed_at, b.status, b.checked_in_at, b.released_at, b.promoted_at,
      b.draw_outcome,
      case when b.slot_id = any(${uuidArray(timed)}) then b.slot_id = any(${uuidArray(ended)})
           else coalesce(e.ends_at <= ${scope.now.toISOString()}::timestamptz, false) end as over
    from events e join bookings b on b.event_id = e.id
    where e.benefit_id in (${ids}) and ${bookingWindow(scope)}`;
}

type CountRow = {
  benefit_id: string;
  bookings: string;
  check_ins: string;
  no_shows: string;
  releases: string;
  promotions: string;
  attended_over: string;
  draw_entries: string;
  draw_winners: string;
  transfers: string;
};

const rateOf = (attended: number, noShows: number) =>
  attended + noShows === 0 ? null : attended / (attended + noShows);

export const NO_ATTENDANCE: Attendance = {
  bookings: 0,
  checkIns: 0,
  noShows: 0,
  releases: 0,
  promotions: 0,
  attendanceRate: null,
};

/** Attendance per benefit, one aggregate over their bookings (decision 017 says what each count means). */
export async function attendanceByBenefit(
  db: Db,
  benefitIds: string[],
  scope: AttendanceScope,
): Promise<Map<string, Attendance>> {
  if (benefitIds.length === 0) return new Map();
  const rows = rowsOf<CountRow>(
    await db.execute(sql`
      select benefit_id,
        count(*) filter (where placed_at is not null and status <> 'transferred') as bookings,
        count(*) filter (where status = 'transferred') as transfers,
        count(*) filter (where checked_in_at is not null) as check_ins,
        count(*) filter (where status = 'confirmed' and checked_in_at is null and over) as no_shows,
        count(*) filter (where released_at is not null) as releases,
        count(*) filter (where promoted_at is not null) as promotions,
        count(*) filter (where checked_in_at is not null and over) as attended_over,
        count(*) filter (where status = 'entered' or draw_outcome is not null) as draw_entries,
        count(*) filter (where draw_outcome = 'won') as draw_winners
      from (${await scopedBookings(db, benefitIds, scope)}) sb
      group by benefit_id`),
  );
  return new Map(
    rows.map((r) => [
      r.benefit_id,
      {
        bookings: Number(r.bookings),
        checkIns: Number(r.check_ins),
        noShows: Number(r.no_shows),
        releases: Number(r.releases),
        promotions: Number(r.promotions),
        attendanceRate: rateOf(Number(r.attended_over), Number(r.no_shows)),
        // A handed-on place is one booking, counted once as its holder's (decision 057); only shown where one was.
        ...(Number(r.transfers) > 0 ? { transfers: Number(r.transfers) } : {}),
        // Only where a draw took entries: other benefits' figures stay as they were.
        ...(Number(r.draw_entries) > 0
          ? { drawEntries: Number(r.draw_entries), drawWinners: Number(r.draw_winners) }
          : {}),
      },
    ]),
  );
}

/**
 * Bookings (by the day they got a place) and check-ins per day, in each event's own zone, every day from the first
 * to the last with either (the last REPORT_MAX_DAYS of them), so the chart shows quiet days as zero.
 */
export async function dailyAttendance(db: Db, benefitId: string, scope: AttendanceScope): Promise<ReportDay[]> {
  const days = await dailyCounts(db, {
    withs: sql`sb as (${await scopedBookings(db, [benefitId], scope)})`,
    first: sql`select (placed_at at time zone time_zone)::date from sb where placed_at is not null and status <> 'transferred'`,
    second: sql`select (checked_in_at at time zone time_zone)::date from sb where checked_in_at is not null`,
  });
  return days.map((d) => ({ day: d.day, bookings: d.first, checkIns: d.second }));
}

/** A benefit's bookings counted in people: places of those that got one, and people of those checked in. */
export async function peopleOf(db: Db, benefitId: string, scope: AttendanceScope): Promise<People> {
  const [row] = rowsOf<{ places: string | null; checked_in: string | null }>(
    await db.execute(sql`
      select sum(places) filter (where placed_at is not null and status <> 'transferred') as places,
        sum(places) filter (where checked_in_at is not null) as checked_in
      from (${await scopedBookings(db, [benefitId], scope)}) sb`),
  );
  return { places: Number(row?.places ?? 0), checkedIn: Number(row?.checked_in ?? 0) };
}
