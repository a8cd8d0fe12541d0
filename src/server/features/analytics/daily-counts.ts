import { type SQL, sql } from 'drizzle-orm';
import { REPORT_MAX_DAYS } from '#common/partner-report.ts';
import { type Db, rowsOf } from '../../db/client.ts';

/**
 * Two counts per day for a report's chart (bookings and check-ins, codes claimed and redeemed): `first` and `second`
 * each select one date column (a day in the report's zone) per thing counted, `withs` may name what they read
 * (`name as (...)`). Every day from the first to the last with either, the last REPORT_MAX_DAYS of them, so quiet
 * days show as zero.
 */
export async function dailyCounts(
  db: Db,
  q: { withs?: SQL; first: SQL; second: SQL },
): Promise<{ day: string; first: number; second: number }[]> {
  const rows = rowsOf<{ day: string; first: string; second: string }>(
    await db.execute(sql`
      with ${q.withs ? sql`${q.withs},` : sql``}
      d as (
        select day, 1 as one, 0 as two from (${q.first}) f(day)
        union all
        select day, 0, 1 from (${q.second}) s(day)),
      agg as (select day, sum(one) as first, sum(two) as second from d group by day),
      span as (
        select generate_series(greatest(min(day), max(day) - ${REPORT_MAX_DAYS - 1}::int)::timestamp,
                               max(day)::timestamp, interval '1 day')::date as day from agg)
      select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(agg.first, 0) as first,
             coalesce(agg.second, 0) as second
      from span left join agg on agg.day = span.day order by span.day`),
  );
  return rows.map((r) => ({ day: r.day, first: Number(r.first), second: Number(r.second) }));
}
