import { asc, eq } from 'drizzle-orm';
import { type EventDetails, type EventTimes, eventDetailsOf } from '../../../common/event-details.ts';
import { formatSchedule } from '../../../common/event-time.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { venueOf } from '../rsvp/booking-policy.ts';
import { dynamicEventId, scheduleOf } from '../rsvp/dynamic-rsvp.ts';

type BenefitFacts = { id: string; title: string; description: string; partnerContactEmail: string | null };

/**
 * The event a benefit's schedule and venue belong to: the one with the benefit's own id (the seeded catalogue),
 * else its dynamic form's, else its first. A benefit an admin creates books through its dynamic form's event.
 */
export function pickPrimary<E extends { id: string }>(rows: E[], benefitId: string): E | null {
  return (
    rows.find((e) => e.id === benefitId) ?? rows.find((e) => e.id === dynamicEventId(benefitId)) ?? rows[0] ?? null
  );
}

export async function primaryEvent(db: Db | Tx, benefitId: string) {
  const rows = await db.select().from(events).where(eq(events.benefitId, benefitId)).orderBy(asc(events.createdAt));
  return pickPrimary(rows, benefitId);
}

/** What a tile and a modal say of a benefit's primary event: when (the one formatter), where, and its end. */
export type EventFacts = { when: string | null; venue: string | null; endsAt: Date | null };

const NO_EVENT: EventFacts = { when: null, venue: null, endsAt: null };

function factsOf(event: typeof events.$inferSelect | null): EventFacts {
  if (!event) return NO_EVENT;
  return { when: formatSchedule(event), venue: venueOf(event) || null, endsAt: event.endsAt };
}

export async function eventFacts(db: Db, benefitId: string): Promise<EventFacts> {
  return factsOf(await primaryEvent(db, benefitId));
}

/** Each benefit's primary event, for a whole list of benefits in one read. */
export async function primaryEventsByBenefit(db: Db): Promise<Map<string, typeof events.$inferSelect>> {
  const rows = await db.select().from(events).orderBy(asc(events.createdAt));
  const byBenefit = new Map<string, typeof rows>();
  for (const e of rows) if (e.benefitId) byBenefit.set(e.benefitId, [...(byBenefit.get(e.benefitId) ?? []), e]);
  const primary = new Map<string, typeof events.$inferSelect>();
  for (const [benefitId, list] of byBenefit) {
    const event = pickPrimary(list, benefitId);
    if (event) primary.set(benefitId, event);
  }
  return primary;
}

/** Each benefit's primary event's facts, for the whole dashboard in one read. */
export async function eventFactsByBenefit(db: Db): Promise<Map<string, EventFacts>> {
  const primary = await primaryEventsByBenefit(db);
  return new Map([...primary].map(([benefitId, event]) => [benefitId, factsOf(event)]));
}

/** Stores when and where on the benefit's event, creating its dynamic form's event when it has none. */
export async function saveEventTimes(tx: Tx | Db, benefit: BenefitFacts, times: EventTimes) {
  const values = {
    schedule: times.schedule,
    timeZone: times.timeZone,
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    location: times.venueName,
    venueAddress: times.venueAddress,
    mapUrl: times.mapUrl,
    capacity: times.capacity,
  };
  const current = await primaryEvent(tx, benefit.id);
  const eventId = current?.id ?? dynamicEventId(benefit.id);
  if (current) {
    const [updated] = await tx.update(events).set(values).where(eq(events.id, current.id)).returning();
    // A form on the benefit's own event books through an event that follows its when and where.
    if (updated && current.id !== dynamicEventId(benefit.id)) {
      await tx
        .update(events)
        .set(scheduleOf(updated))
        .where(eq(events.id, dynamicEventId(benefit.id)));
      afterCommit(tx, (root) => hotCache(root).invalidate(dynamicEventId(benefit.id)));
    }
  } else
    await tx.insert(events).values({
      id: eventId,
      benefitId: benefit.id,
      title: benefit.title,
      description: benefit.description,
      bookingForm: 'dynamic',
      partnerContactEmail: benefit.partnerContactEmail,
      ...values,
    });
  afterCommit(tx, (root) => hotCache(root).invalidate(eventId));
}

/** The benefit's when and where as the admin form shows them, or null when it has no event. */
export async function eventDetailsFor(db: Db, benefitId: string): Promise<EventDetails | null> {
  const event = await primaryEvent(db, benefitId);
  return event ? eventDetailsOf(event) : null;
}
