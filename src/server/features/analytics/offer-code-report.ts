import { eq, sql } from 'drizzle-orm';
import { REPORT_MAX_DAYS } from '../../../common/partner-report.ts';
import { type Db, rowsOf } from '../../db/client.ts';
import { offerPools } from '../../db/schema.ts';

/**
 * An offer's codes for its partner report (issue 34): claimed → redeemed, in total and per day in the report's zone
 * (quiet days as zero, at most the last REPORT_MAX_DAYS). Undefined for a benefit without a pool of codes.
 */
export async function offerCodeReport(db: Db, benefitId: string, timeZone: string) {
  const [pool] = await db.select().from(offerPools).where(eq(offerPools.benefitId, benefitId));
  if (pool?.mode !== 'codes') return undefined;
  const [totals] = rowsOf<{ total: string; claimed: string; redeemed: string }>(
    await db.execute(sql`select count(*) as total, count(booking_id) as claimed, count(redeemed_at) as redeemed
      from offer_codes where benefit_id = ${benefitId}`),
  );
  const rows = rowsOf<{ day: string; claimed: string; redeemed: string }>(
    await db.execute(sql`
      with d as (
        select (claimed_at at time zone ${timeZone})::date as day, 1 as c, 0 as r
          from offer_codes where benefit_id = ${benefitId} and claimed_at is not null
        union all
        select (redeemed_at at time zone ${timeZone})::date, 0, 1
          from offer_codes where benefit_id = ${benefitId} and redeemed_at is not null),
      agg as (select day, sum(c) as claimed, sum(r) as redeemed from d group by day),
      span as (
        select generate_series(greatest(min(day), max(day) - ${REPORT_MAX_DAYS - 1}::int)::timestamp,
                               max(day)::timestamp, interval '1 day')::date as day from agg)
      select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(agg.claimed, 0) as claimed,
             coalesce(agg.redeemed, 0) as redeemed
      from span left join agg on agg.day = span.day order by span.day`),
  );
  return {
    total: Number(totals?.total ?? 0),
    claimed: Number(totals?.claimed ?? 0),
    redeemed: Number(totals?.redeemed ?? 0),
    daily: rows.map((r) => ({ day: r.day, claimed: Number(r.claimed), redeemed: Number(r.redeemed) })),
  };
}
