import { asc, eq } from 'drizzle-orm';
import { type BenefitType, DEFAULT_BENEFIT_TYPE } from '#common/benefit-type.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { type EventDetails, type EventTimes, eventDetailsOf } from '#common/event-details.ts';
import { type EventSchedule, formatSchedule } from '#common/event-time.ts';
import {
  type ActionWordingByEvent,
  type MemberActionWording,
  memberActionWordingSchema,
  WORDING_MSG,
} from '#common/member-action-wording.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { events } from '../../db/schema.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { venueOf } from '../booking-rules/index.ts';
import { dynamicEventId, scheduleOf } from '../rsvp/index.ts';

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

/**
 * What a tile and a modal say of a benefit's primary event: when (the one formatter), where, and its end; and the
 * button wording of those of its events that have their own (decision 033).
 */
export type EventFacts = {
  when: string | null;
  venue: string | null;
  endsAt: Date | null;
  /** The primary event's schedule, which `when` was written from (a member's language writes it again). */
  schedule?: { schedule: EventSchedule['schedule']; startsAt: string | null; endsAt: string | null; timeZone: string };
  actionWording?: ActionWordingByEvent;
  /** Every event the benefit books, its primary first: a tile that opens a page shows their states too. */
  eventIds?: string[];
  eventTypes?: Record<string, BenefitType>;
  builtInForm?: 'evening' | 'concierge';
};

const NO_EVENT: EventFacts = { when: null, venue: null, endsAt: null };

function factsOf(event: typeof events.$inferSelect | null, all: (typeof events.$inferSelect)[] = []): EventFacts {
  const actionWording = wordingOf(all);
  if (!event) return actionWording ? { ...NO_EVENT, actionWording } : NO_EVENT;
  return {
    when: formatSchedule(event),
    venue: venueOf(event) || null,
    endsAt: event.endsAt,
    schedule: {
      schedule: event.schedule as EventSchedule['schedule'],
      startsAt: event.startsAt?.toISOString() ?? null,
      endsAt: event.endsAt?.toISOString() ?? null,
      timeZone: event.timeZone,
    },
    ...(actionWording ? { actionWording } : {}),
    eventIds: [event.id, ...all.filter((e) => e.id !== event.id).map((e) => e.id)],
    ...typesOf(all),
    ...(event.bookingForm === 'evening' || event.bookingForm === 'concierge' ? { builtInForm: event.bookingForm } : {}),
  };
}

/** The types of those events that are not plain events (an event's words are the spec's generic ones). */
function typesOf(list: (typeof events.$inferSelect)[]): { eventTypes?: Record<string, BenefitType> } {
  const typed = list.filter((e) => e.benefitType !== DEFAULT_BENEFIT_TYPE);
  return typed.length > 0 ? { eventTypes: Object.fromEntries(typed.map((e) => [e.id, e.benefitType])) } : {};
}

/** Stored JSON is read through its schema: wording saved before a rule existed is left out, not a failed list. */
export function wordingOf(list: (typeof events.$inferSelect)[]): ActionWordingByEvent | undefined {
  const byEvent: ActionWordingByEvent = {};
  for (const e of list) {
    const wording = e.actionWording ? memberActionWordingSchema.safeParse(e.actionWording) : null;
    if (wording?.success && Object.keys(wording.data).length > 0) byEvent[e.id] = wording.data;
  }
  return Object.keys(byEvent).length > 0 ? byEvent : undefined;
}

export async function eventFacts(db: Db, benefitId: string): Promise<EventFacts> {
  const rows = await db.select().from(events).where(eq(events.benefitId, benefitId)).orderBy(asc(events.createdAt));
  return factsOf(pickPrimary(rows, benefitId), rows);
}

async function eventsByBenefit(db: Db) {
  const rows = await db.select().from(events).orderBy(asc(events.createdAt));
  const byBenefit = new Map<string, typeof rows>();
  for (const e of rows) if (e.benefitId) byBenefit.set(e.benefitId, [...(byBenefit.get(e.benefitId) ?? []), e]);
  return byBenefit;
}

/** Each benefit's primary event, for a whole list of benefits in one read. */
export async function primaryEventsByBenefit(db: Db): Promise<Map<string, typeof events.$inferSelect>> {
  const byBenefit = await eventsByBenefit(db);
  const primary = new Map<string, typeof events.$inferSelect>();
  for (const [benefitId, list] of byBenefit) {
    const event = pickPrimary(list, benefitId);
    if (event) primary.set(benefitId, event);
  }
  return primary;
}

/** Each benefit's primary event's facts, for the whole dashboard in one read. */
export async function eventFactsByBenefit(db: Db): Promise<Map<string, EventFacts>> {
  const byBenefit = await eventsByBenefit(db);
  return new Map([...byBenefit].map(([benefitId, list]) => [benefitId, factsOf(pickPrimary(list, benefitId), list)]));
}

/** When and where as an event's columns. */
export const eventColumnsOf = (times: EventTimes) => ({
  schedule: times.schedule,
  timeZone: times.timeZone,
  startsAt: times.startsAt,
  endsAt: times.endsAt,
  location: times.venueName,
  venueAddress: times.venueAddress,
  mapUrl: times.mapUrl,
  capacity: times.capacity,
});

/**
 * Stores when and where on the benefit's event, creating one when it has none: its dynamic form's by default, or
 * of the given id and booking form (decision 053).
 */
export async function saveEventTimes(
  tx: Tx | Db,
  benefit: BenefitFacts,
  times: EventTimes,
  created: { eventId?: string; bookingForm?: string } = {},
) {
  const values = eventColumnsOf(times);
  const current = await primaryEvent(tx, benefit.id);
  const eventId = current?.id ?? created.eventId ?? dynamicEventId(benefit.id);
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
      bookingForm: created.bookingForm ?? 'dynamic',
      partnerContactEmail: benefit.partnerContactEmail,
      ...values,
    });
  afterCommit(tx, (root) => hotCache(root).invalidate(eventId));
}

/** The benefit's when and where as the admin form shows them (null when it has no event), and its wording. */
export async function eventDetailsFor(
  db: Db,
  benefitId: string,
): Promise<{ event: EventDetails | null; actionWording?: MemberActionWording }> {
  const event = await primaryEvent(db, benefitId);
  if (!event) return { event: null };
  const wording = event.actionWording ? memberActionWordingSchema.safeParse(event.actionWording) : null;
  return { event: eventDetailsOf(event), ...(wording?.success ? { actionWording: wording.data } : {}) };
}

/**
 * Stores the button and message wording on the benefit's primary event (the one its form edits; decision 033).
 * {} is the spec's defaults, kept as such: only a never-set null is filled by the seed.
 */
export async function saveActionWording(tx: Tx | Db, benefitId: string, wording: MemberActionWording) {
  const event = await primaryEvent(tx, benefitId);
  if (!event && Object.keys(wording).length === 0) return; // the defaults, and nothing to say them of
  if (!event) throw new HttpError(400, WORDING_MSG.noEvent, ERROR_CODE.badRequest);
  await tx.update(events).set({ actionWording: wording }).where(eq(events.id, event.id));
  afterCommit(tx, (root) => hotCache(root).invalidate(event.id));
}
