import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../common/bookings.ts';
import type { SoldOutAnswer } from '../../../common/rsvp.ts';
import type { Db } from '../../db/client.ts';
import { bookings, events } from '../../db/schema.ts';
import { loadPolicy } from './booking-policy.ts';

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
  const eventIds: string[] = [];
  for (const { event } of full) if (!(await loadPolicy(db, event)).allowWaitlist) eventIds.push(event.id);
  return { eventIds };
}
