import { type SQL, sql } from 'drizzle-orm';
import {
  type Activity,
  type BenefitReportQuery,
  type BenefitReportRow,
  RECENT_ACTIVITY_LIMIT,
  type Summary,
} from '../../../common/analytics-report.ts';
import type { Db } from '../../db/client.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const DAILY_WINDOW_DAYS = 14;

/** Totals, the newest activity and daily counts, each one aggregate query (no loops over rows). */
export async function summary(db: Db): Promise<Summary> {
  const [totals] = rowsOf<{ a: string; c: string; s: string }>(
    await db.execute(sql`select
      (select count(*) from portal_access_logs) as a,
      (select count(*) from benefit_click_logs) as c,
      (select count(*) from form_submission_logs) as s`),
  );
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
      with latest as (
        select greatest(
          (select max(access_time) from portal_access_logs),
          (select max(click_time) from benefit_click_logs),
          (select max(submission_time) from form_submission_logs)) as t),
      span as (select generate_series(date_trunc('day', coalesce(t, now())) - interval '${sql.raw(String(DAILY_WINDOW_DAYS - 1))} days',
                                      date_trunc('day', coalesce(t, now())), interval '1 day') as day from latest),
      counts as (
        select date_trunc('day', access_time) d, 'a' k, count(*) n from portal_access_logs, latest
          where access_time >= date_trunc('day', coalesce(t, now())) - interval '${sql.raw(String(DAILY_WINDOW_DAYS))} days' group by 1
        union all
        select date_trunc('day', click_time), 'c', count(*) from benefit_click_logs, latest
          where click_time >= date_trunc('day', coalesce(t, now())) - interval '${sql.raw(String(DAILY_WINDOW_DAYS))} days' group by 1
        union all
        select date_trunc('day', submission_time), 's', count(*) from form_submission_logs, latest
          where submission_time >= date_trunc('day', coalesce(t, now())) - interval '${sql.raw(String(DAILY_WINDOW_DAYS))} days' group by 1)
      select to_char(span.day, 'YYYY-MM-DD') as day,
        coalesce(sum(n) filter (where k = 'a'), 0) as portal_access,
        coalesce(sum(n) filter (where k = 'c'), 0) as benefit_click,
        coalesce(sum(n) filter (where k = 's'), 0) as form_submission
      from span left join counts on counts.d = span.day
      group by span.day order by span.day`),
  );
  return {
    totalPortalAccesses: Number(totals?.a ?? 0),
    totalBenefitClicks: Number(totals?.c ?? 0),
    totalFormSubmissions: Number(totals?.s ?? 0),
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

function windowOf(column: SQL, q: Pick<BenefitReportQuery, 'startDate' | 'endDate'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.startDate) parts.push(sql`${column} >= ${q.startDate}::date`);
  if (q.endDate) parts.push(sql`${column} < ${q.endDate}::date + 1`);
  return sql.join(parts, sql` and `);
}

/** The per-benefit report: counts in SQL, then e-mail lists for the page's rows only. */
export async function benefitReport(db: Db, q: BenefitReportQuery) {
  const clickWhere = windowOf(sql`click_time`, q);
  const subWhere = windowOf(sql`submission_time`, q);
  const search = q.search ? sql`title ilike ${`%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`}` : sql`true`;
  const base = sql`
    with c as (select benefit_id, count(*) as n, max(benefit_title) as t from benefit_click_logs where ${clickWhere} group by benefit_id),
    s as (select benefit_id, count(*) as n, max(benefit_title) as t from form_submission_logs where benefit_id is not null and ${subWhere} group by benefit_id),
    u as (select benefit_id, count(distinct user_email) as n from (
            select benefit_id, user_email from benefit_click_logs where ${clickWhere}
            union all
            select benefit_id, user_email from form_submission_logs where benefit_id is not null and ${subWhere}) x group by benefit_id),
    report as (
      select u.benefit_id, coalesce(b.title, c.t, s.t, u.benefit_id) as title,
             coalesce(c.n, 0) as clicks, coalesce(s.n, 0) as submissions, u.n as unique_users
      from u left join c using (benefit_id) left join s using (benefit_id) left join benefits b on b.id = u.benefit_id)
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
    ? await emailLists(db, ids, clickWhere, subWhere)
    : new Map<string, { click: string[]; sub: string[] }>();
  const benefits: BenefitReportRow[] = rows.map((r) => ({
    benefitId: r.benefit_id,
    benefitTitle: r.title,
    totalClicks: Number(r.clicks),
    totalSubmissions: Number(r.submissions),
    uniqueUsers: Number(r.unique_users),
    totalInteractions: Number(r.clicks) + Number(r.submissions),
    clickEmails: emails.get(r.benefit_id)?.click ?? [],
    submissionEmails: emails.get(r.benefit_id)?.sub ?? [],
  }));
  return {
    benefits,
    page: q.page,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(totalBenefits / q.pageSize)),
    totalBenefits,
  };
}

async function countReport(db: Db, base: SQL) {
  const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from (${base}) r`));
  return Number(row?.n ?? 0);
}

async function emailLists(db: Db, ids: string[], clickWhere: SQL, subWhere: SQL) {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = rowsOf<{ benefit_id: string; kind: 'click' | 'sub'; emails: string[] }>(
    await db.execute(sql`
      select benefit_id, 'click' as kind, array_agg(distinct user_email order by user_email) as emails
        from benefit_click_logs where benefit_id in (${list}) and ${clickWhere} group by benefit_id
      union all
      select benefit_id, 'sub', array_agg(distinct user_email order by user_email)
        from form_submission_logs where benefit_id in (${list}) and ${subWhere} group by benefit_id`),
  );
  const map = new Map<string, { click: string[]; sub: string[] }>();
  for (const r of rows) {
    const entry = map.get(r.benefit_id) ?? { click: [], sub: [] };
    entry[r.kind] = r.emails;
    map.set(r.benefit_id, entry);
  }
  return map;
}
