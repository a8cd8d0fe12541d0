import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Makes the roll-ups count whole days in the organiser's zone (ORGANISER_TIME_ZONE), so a report's startDate and
 * endDate are that zone's days: rebuilt from the logs in one transaction when the zone changed, else one row read.
 */
export async function countDaysIn(db: Db, timeZone: string): Promise<void> {
  await db.execute(sql`select analytics_use_zone(${timeZone})`);
}

/** The instant a day (YYYY-MM-DD, plus `after` days) starts in the roll-ups' zone: a report's window over instants. */
export const dayStart = (date: string, after = 0) =>
  sql`(${date}::date + ${after}::int)::timestamp at time zone (select time_zone from analytics_zone)`;
