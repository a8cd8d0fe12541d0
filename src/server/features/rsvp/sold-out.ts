import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '#common/bookings.ts';
import type { SoldOutAnswer } from '#common/rsvp.ts';
import type { Db } from '../../db/client.ts';
import { bookings, events, offerCodes, offerPools } from '../../db/schema.ts';
import { loadPolicy, visibleCode } from '../booking-rules/index.ts';

/** Events whose places are all held and that take no waitlist: one grouped read, then the policy of the full ones. */
export async function soldOutEvents(db: Db): Promise<SoldOutAnswer> {
  const taken = db
    .select({ eventId: bookings.eventId, n: sql<number>`sum(${bookings.places})`.as('n') })
    .from(bookings)
    .where(inArray(bookings.status, HOLDING_STATUSES))
    .groupBy(bookings.eventId)
    .as('taken');
  const full = await db
    .select({ event: events })
    .from(events)
    .innerJoin(taken, sql`${taken.eventId} = ${events.id}`)
    .where(and(isNotNull(events.capacity), sql`${taken.n} >= ${events.capacity}`));
  // Offers whose code pool is empty (decision 029) are sold out the same way.
  const emptyPools = await db
    .select({ event: events })
    .from(events)
    .innerJoin(offerPools, sql`${offerPools.benefitId} = ${events.benefitId} and ${offerPools.mode} = 'codes'`)
    .where(
      sql`not exists (select 1 from ${offerCodes} where ${offerCodes.benefitId} = ${events.benefitId} and ${offerCodes.bookingId} is null and ${visibleCode})`,
    );
  const eventIds: string[] = [];
  for (const { event } of [...full, ...emptyPools])
    if (!eventIds.includes(event.id) && !(await loadPolicy(db, event)).allowWaitlist) eventIds.push(event.id);
  return { eventIds };
}
