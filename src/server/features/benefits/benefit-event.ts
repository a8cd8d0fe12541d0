import { asc, eq } from 'drizzle-orm';
import { type EventDetails, type EventTimes, eventDetailsOf } from '../../../common/event-details.ts';
import { formatSchedule } from '../../../common/event-time.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { dynamicEventId } from '../rsvp/dynamic-rsvp.ts';

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

/** One benefit's primary event's when, written by the one formatter ('' when it has none). */
export async function scheduleLabel(db: Db, benefitId: string): Promise<string> {
  const event = await primaryEvent(db, benefitId);
  return (event && formatSchedule(event)) ?? '';
}

/** Each benefit's primary event's when, written by the one formatter (tiles show it when they have no label). */
export async function scheduleLabels(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(events).orderBy(asc(events.createdAt));
  const byBenefit = new Map<string, typeof rows>();
  for (const e of rows) if (e.benefitId) byBenefit.set(e.benefitId, [...(byBenefit.get(e.benefitId) ?? []), e]);
  const labels = new Map<string, string>();
  for (const [benefitId, list] of byBenefit) {
    const primary = pickPrimary(list, benefitId);
    const label = primary ? formatSchedule(primary) : null;
    if (label) labels.set(benefitId, label);
  }
  return labels;
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
  if (current) await tx.update(events).set(values).where(eq(events.id, current.id));
  else
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
