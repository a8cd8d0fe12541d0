import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { offerPools } from '../../db/schema.ts';
import { visibleCode } from '../booking-rules/index.ts';
import { dailyCounts } from './daily-counts.ts';

/**
 * An offer's codes for its partner report (decision 029): claimed → redeemed, in total and per day in the report's zone
 * (quiet days as zero, at most the last REPORT_MAX_DAYS). Undefined for a benefit without a pool of codes.
 */
export async function offerCodeReport(db: Db, benefitId: string, timeZone: string) {
  const [pool] = await db.select().from(offerPools).where(eq(offerPools.benefitId, benefitId));
  if (pool?.mode !== 'codes') return undefined;
  const [totals] = rowsOf<{ total: string; claimed: string; redeemed: string }>(
    await db.execute(sql`select count(*) as total, count(booking_id) as claimed, count(redeemed_at) as redeemed
      from offer_codes where benefit_id = ${benefitId} and ${visibleCode}`),
  );
  const codes = sql`from offer_codes where benefit_id = ${benefitId}`;
  const days = await dailyCounts(db, {
    first: sql`select (claimed_at at time zone ${timeZone})::date ${codes} and claimed_at is not null`,
    second: sql`select (redeemed_at at time zone ${timeZone})::date ${codes} and redeemed_at is not null`,
  });
  return {
    total: Number(totals?.total ?? 0),
    claimed: Number(totals?.claimed ?? 0),
    redeemed: Number(totals?.redeemed ?? 0),
    daily: days.map((d) => ({ day: d.day, claimed: d.first, redeemed: d.second })),
  };
}
