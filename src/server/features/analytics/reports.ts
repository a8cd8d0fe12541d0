import { type SQL, sql } from 'drizzle-orm';
import {
  type Activity,
  type BenefitReportQuery,
  type BenefitReportRow,
  RECENT_ACTIVITY_LIMIT,
  type Summary,
} from '#common/analytics-report.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { attendanceByBenefit, bookingWindow, NO_ATTENDANCE } from './attendance.ts';

const DAILY_WINDOW_DAYS = 14;
// The table carries a preview of each e-mail list; the dialog asks for the whole list.
const EMAIL_PREVIEW = 50;
const EMAIL_FULL = 10_000;

/** Totals, the newest activity and daily counts, each one aggregate query (no loops over rows). */
export async function summary(db: Db): Promise<Summary> {
  const totalsRows = rowsOf<{ kind: string; n: string }>(
    await db.execute(sql`select kind, sum(n) as n from analytics_daily group by kind`),
  );
  const total = (kind: string) => Number(totalsRows.find((r) => r.kind === kind)?.n ?? 0);
  // Each branch walks its time index backwards and stops after 10 rows.
  const recent = rowsOf<{ type: Activity['type']; user_email: string; details: string; ts: string | Date }>(
    await db.execute(sql`
      (select 'portal_access' as type, user_email, 'Signed in to the portal' as details, access_time as ts
         from portal_access_logs order by access_time desc limit ${RECENT_ACTIVITY_LIMIT})
      union all
      (select 'benefit_click', user_email, 'Clicked ' || benefit_title, click_time
         from benefit_click_logs order by click_time desc limit ${RECENT_ACTIVITY_LIMIT})
      union all
      (select 'form_submission', user_email,
              case when submission_type = 'FORM' then 'Submitted a form for ' else 'Responded to ' end || coalesce(benefit_title, benefit_id, 'a benefit'),
              submission_time
         from form_submission_logs order by submission_time desc limit ${RECENT_ACTIVITY_LIMIT})
      order by ts desc limit ${RECENT_ACTIVITY_LIMIT}`),
  );
  const daily = rowsOf<{ day: string; portal_access: string; benefit_click: string; form_submission: string }>(
    await db.execute(sql`
      with last as (select coalesce(max(day), current_date) as d from analytics_daily),
      span as (select generate_series((d - ${DAILY_WINDOW_DAYS - 1}::int)::timestamp, d::timestamp, interval '1 day')::date as day from last)
      select to_char(span.day, 'YYYY-MM-DD') as day,
        coalesce(sum(n) filter (where kind = 'access'), 0) as portal_access,
        coalesce(sum(n) filter (where kind = 'click'), 0) as benefit_click,
        coalesce(sum(n) filter (where kind = 'submission'), 0) as form_submission
      from span left join analytics_daily a on a.day = span.day
      group by span.day order by span.day`),
  );
  return {
    totalPortalAccesses: total('access'),
    totalBenefitClicks: total('click'),
    totalFormSubmissions: total('submission'),
    recentActivity: recent.map((r) => ({
      type: r.type,
      userEmail: r.user_email,
      details: r.details,
      timestamp: new Date(r.ts).toISOString(),
    })),
    daily: daily.map((d) => ({
      day: d.day,
      portal_access: Number(d.portal_access),
      benefit_click: Number(d.benefit_click),
      form_submission: Number(d.form_submission),
    })),
  };
}

const SORT_SQL: Record<BenefitReportQuery['sortBy'], SQL> = {
  benefitTitle: sql`lower(title)`,
  totalClicks: sql`clicks`,
  totalSubmissions: sql`submissions`,
  uniqueUsers: sql`unique_users`,
  totalInteractions: sql`clicks + submissions`,
};

/** A report's dates: the organiser's calendar days (analytics-zone.ts), inclusive at both ends; either end may be open. */
type Dates = Pick<BenefitReportQuery, 'startDate' | 'endDate'>;
type DayRange = { startDate: string; endDate: string };

/**
 * The window the roll-ups are read over: the asked dates clamped to the first and last day with data, so an all-time
 * range (1970-9998) costs what the data's real span costs; `all` when it holds every day with data. Null when it
 * holds none.
 */
export async function clampToData(db: Db, q: Dates): Promise<(DayRange & { all: boolean }) | null> {
  // Both ends are the roll-up's primary key endpoints: two index probes.
  const [extent] = rowsOf<{ first: string | null; last: string | null }>(
    await db.execute(sql`select to_char(min(day), 'YYYY-MM-DD') as first, to_char(max(day), 'YYYY-MM-DD') as last
      from analytics_daily`),
  );
  if (!extent?.first || !extent.last) return null;
  const startDate = q.startDate && q.startDate > extent.first ? q.startDate : extent.first;
  const endDate = q.endDate && q.endDate < extent.last ? q.endDate : extent.last;
  if (startDate > endDate) return null;
  return { startDate, endDate, all: startDate === extent.first && endDate === extent.last };
}

/**
 * The roll-ups' days a report reads: undefined for every day (no dates, or dates around all the data: the all-time
 * totals answer, as fast as an undated report), null for none, else the clamped range.
 */
async function rollupDays(db: Db, q: Dates): Promise<DayRange | null | undefined> {
  if (!q.startDate && !q.endDate) return undefined;
  const clamped = await clampToData(db, q);
  return clamped?.all ? undefined : clamped && { startDate: clamped.startDate, endDate: clamped.endDate };
}

/** The roll-ups' rows (column `day`) on the days read. */
function dayWindow(days: DayRange | null | undefined): SQL {
  if (days === undefined) return sql`true`;
  return days ? sql`day between ${days.startDate}::date and ${days.endDate}::date` : sql`false`;
}

/**
 * The per-benefit report over the roll-ups; e-mail lists only for the page's rows. A benefit is listed once it has a
 * click or submission in the window, or a booking made in it (on any of its events, dynamic forms' included): one
 * with bookings alone shows zero interactions and its attendance.
 */
export async function benefitReport(db: Db, q: BenefitReportQuery) {
  const read = await rollupDays(db, q);
  // One row per (benefit, member) answers unique users, with or without dates. A member counts once per benefit if
  // any of their (sorted) days falls in the window: width_bucket counts the days up to a date by binary search, so
  // the test costs the same whatever the window's length (no day-by-day series).
  const inWindow =
    read === undefined
      ? sql`true`
      : read
        ? sql`width_bucket(${read.endDate}::date, days) > width_bucket(${read.startDate}::date - 1, days)`
        : sql`false`;
  const uniqueUsers = sql`select benefit_id, count(*) as n from analytics_benefit_user_totals
    where ${inWindow} group by benefit_id`;
  const search = q.search ? sql`title ilike ${`%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : sql`true`;
  const base = sql`
    with d as (
      select benefit_id, sum(n) filter (where kind = 'click') as clicks, sum(n) filter (where kind = 'submission') as subs
      from analytics_daily where kind in ('click', 'submission') and benefit_id <> '' and ${dayWindow(read)} group by benefit_id),
    -- Benefits with a booking in the window: events are few, and each looks for one booking by its event index.
    bk as (
      select distinct e.benefit_id from events e
      where e.benefit_id is not null
        and exists (select 1 from bookings b where b.event_id = e.id and ${bookingWindow(q)})),
    listed as (
      select coalesce(d.benefit_id, bk.benefit_id) as benefit_id, d.clicks, d.subs
      from d full join bk on bk.benefit_id = d.benefit_id),
    u as (${uniqueUsers}),
    report as (
      select l.benefit_id, coalesce(b.title, t.title, l.benefit_id) as title,
             coalesce(l.clicks, 0) as clicks, coalesce(l.subs, 0) as submissions, coalesce(u.n, 0) as unique_users
      from listed l left join u using (benefit_id) left join benefits b on b.id = l.benefit_id
             left join analytics_titles t on t.benefit_id = l.benefit_id)
    select * from report where ${search}`;
  const dir = q.sortDir === 'asc' ? sql`asc` : sql`desc`;
  const rows = rowsOf<{
    benefit_id: string;
    title: string;
    clicks: string;
    submissions: string;
    unique_users: string;
    total: string;
  }>(
    await db.execute(sql`select *, count(*) over () as total from (${base}) r
      order by ${SORT_SQL[q.sortBy]} ${dir}, lower(title) asc, benefit_id asc
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
  );
  const totalBenefits = rows.length > 0 ? Number(rows[0]?.total) : await countReport(db, base);
  const ids = rows.map((r) => r.benefit_id);
  const emails = ids.length
    ? await emailLists(db, ids, read, EMAIL_PREVIEW)
    : new Map<string, { click: string[]; submission: string[] }>();
  // Only the page's rows: attendance walks their bookings, never the logs.
  const attendance = await attendanceByBenefit(db, ids, { now: new Date(), ...q });
  const benefits: BenefitReportRow[] = rows.map((r) => ({
    benefitId: r.benefit_id,
    benefitTitle: r.title,
    totalClicks: Number(r.clicks),
    totalSubmissions: Number(r.submissions),
    uniqueUsers: Number(r.unique_users),
    totalInteractions: Number(r.clicks) + Number(r.submissions),
    clickEmails: emails.get(r.benefit_id)?.click ?? [],
    submissionEmails: emails.get(r.benefit_id)?.submission ?? [],
    attendance: attendance.get(r.benefit_id) ?? NO_ATTENDANCE,
  }));
  return {
    benefits,
    page: q.page,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(totalBenefits / q.pageSize)),
    totalBenefits,
  };
}

/** Every e-mail behind one benefit's clicks or submissions (the dialog's full list). */
export async function benefitEmails(db: Db, benefitId: string, kind: 'click' | 'submission', q: Dates) {
  const map = await emailLists(db, [benefitId], await rollupDays(db, q), EMAIL_FULL, kind);
  return map.get(benefitId)?.[kind] ?? [];
}

async function countReport(db: Db, base: SQL) {
  const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from (${base}) r`));
  return Number(row?.n ?? 0);
}

/** The first `limit` e-mails (alphabetical) per benefit and kind, each list an index walk. */
async function emailLists(
  db: Db,
  ids: string[],
  days: DayRange | null | undefined,
  limit: number,
  only?: 'click' | 'submission',
) {
  const pairs = ids.flatMap((id) =>
    only
      ? [[id, only]]
      : [
          [id, 'click'],
          [id, 'submission'],
        ],
  );
  const values = sql.join(
    pairs.map(([id, kind]) => sql`(${id}, ${kind})`),
    sql`, `,
  );
  const pick =
    days !== undefined
      ? sql`select distinct user_email from analytics_benefit_users a
          where a.benefit_id = p.benefit_id and a.kind = p.kind and ${dayWindow(days)} order by user_email limit ${limit}`
      : sql`select user_email from analytics_benefit_user_totals a
          where a.benefit_id = p.benefit_id and (case when p.kind = 'click' then a.clicked else a.submitted end)
          order by user_email limit ${limit}`;
  const rows = rowsOf<{ benefit_id: string; kind: 'click' | 'submission'; emails: string[] | null }>(
    await db.execute(sql`
      select p.benefit_id, p.kind, (select array_agg(user_email order by user_email) from (${pick}) e) as emails
      from (values ${values}) as p(benefit_id, kind)`),
  );
  const map = new Map<string, { click: string[]; submission: string[] }>();
  for (const r of rows) {
    const entry = map.get(r.benefit_id) ?? { click: [], submission: [] };
    entry[r.kind] = r.emails ?? [];
    map.set(r.benefit_id, entry);
  }
  return map;
}
