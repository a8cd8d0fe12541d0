import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BENEFIT_EVENT_MSG,
  type BenefitEvent,
  type benefitEventInputSchema,
  type EventSlotInput,
} from '#common/benefit-events.ts';
import { bookingFormOf, DEFAULT_BOOKED_THROUGH } from '#common/benefit-type.ts';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { eventDetailsOf, eventTimes } from '#common/event-details.ts';
import { memberActionWordingSchema } from '#common/member-action-wording.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { attendeeMessages, benefits, bookings, eventDraws, eventSlots, events, partnerPages } from '../../db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockEvent } from '../rsvp/index.ts';
import { bookedThroughOf } from './admin-catalogue.ts';
import { eventColumnsOf, pickPrimary } from './benefit-event.ts';

const BUILT_IN_FORMS = new Set(['evening', 'concierge']);

async function benefitEvents(db: Db | Tx, benefitId: string) {
  const [benefit] = await db
    .select({ id: benefits.id })
    .from(benefits)
    .where(and(eq(benefits.id, benefitId), isNull(benefits.deletedAt)));
  if (!benefit) throw new HttpError(404, BENEFIT_EVENT_MSG.eventNotFound, ERROR_CODE.notFound);
  const rows = await db.select().from(events).where(eq(events.benefitId, benefitId)).orderBy(asc(events.createdAt));
  const primary = pickPrimary(rows, benefitId);
  return primary ? [primary, ...rows.filter((e) => e.id !== primary.id)] : rows;
}

/** Every event of a benefit as an organiser reads it back (its own first), with a built-in form's slots. */
export async function listBenefitEvents(db: Db, benefitId: string): Promise<BenefitEvent[]> {
  const rows = await benefitEvents(db, benefitId);
  return Promise.all(
    rows.map(async (e, i) => {
      const wording = e.actionWording ? memberActionWordingSchema.safeParse(e.actionWording) : null;
      const slots = await db
        .select()
        .from(eventSlots)
        .where(and(eq(eventSlots.eventId, e.id), eq(eventSlots.isActive, true)))
        .orderBy(asc(eventSlots.sortKey));
      return {
        id: e.id,
        title: e.title,
        description: e.description,
        primary: i === 0,
        event: eventDetailsOf(e),
        benefitType: e.benefitType,
        bookedThrough: bookedThroughOf(e),
        ...(wording?.success ? { actionWording: wording.data } : {}),
        slots: BUILT_IN_FORMS.has(e.bookingForm)
          ? slots.map((s) => ({ date: s.slotDate, time: s.slotTime, capacity: s.capacity, id: s.id, booked: s.booked }))
          : [],
      };
    }),
  );
}

/**
 * A further event of a benefit (the gallery's opening night beside its pass): it tells the partner as the benefit's
 * own event does, and is what the benefit is unless said otherwise. `id` keeps the spec's ids in the seed.
 */
export async function addBenefitEvent(
  tx: Tx | Db,
  benefitId: string,
  input: z.output<typeof benefitEventInputSchema>,
  id: string = randomUUID(),
) {
  const [own] = await benefitEvents(tx, benefitId);
  const times = eventTimes(input);
  await tx.insert(events).values({
    id,
    benefitId,
    title: input.title,
    description: input.description ?? '',
    bookingForm: bookingFormOf(input.bookedThrough ?? DEFAULT_BOOKED_THROUGH, false),
    benefitType: input.benefitType ?? own?.benefitType ?? 'event',
    partnerContactEmail: own?.partnerContactEmail ?? null,
    ...(input.actionWording ? { actionWording: input.actionWording } : {}),
    ...(times && eventColumnsOf(times)),
  });
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
  return id;
}

/** Adds the slots a built-in form's event does not have yet (a Sheet's form takes its slots from Tab 2). */
export async function addEventSlots(tx: Tx | Db, eventId: string, slots: EventSlotInput[]) {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(404, BENEFIT_EVENT_MSG.eventNotFound, ERROR_CODE.notFound);
  if (!BUILT_IN_FORMS.has(event.bookingForm))
    throw new HttpError(400, BENEFIT_EVENT_MSG.slotsOnlyBuiltIn, ERROR_CODE.badRequest);
  const [{ last } = { last: null }] = await tx
    .select({ last: max(eventSlots.sortKey) })
    .from(eventSlots)
    .where(eq(eventSlots.eventId, eventId));
  const first = (last ?? -1) + 1;
  for (const [i, s] of slots.entries()) {
    const same = and(
      eq(eventSlots.eventId, eventId),
      s.date ? eq(eventSlots.slotDate, s.date) : isNull(eventSlots.slotDate),
      eq(eventSlots.slotTime, s.time),
      eq(eventSlots.isActive, false),
    );
    // A slot removed earlier but kept for its past bookings comes back with the new capacity.
    await tx
      .update(eventSlots)
      .set({ isActive: true, capacity: s.capacity, sortKey: first + i })
      .where(same);
    await tx
      .insert(eventSlots)
      .values({ eventId, slotDate: s.date ?? null, slotTime: s.time, capacity: s.capacity, sortKey: first + i })
      .onConflictDoNothing();
  }
  afterCommit(tx, (root) => hotCache(root).invalidate(eventId));
}

/**
 * Removes a slot nothing is booked in (a waitlisted or entered booking counts); the event is locked as a booking
 * locks it, so none lands meanwhile. A slot cancelled bookings still name is hidden, not deleted.
 */
export async function removeEventSlot(tx: Tx, eventId: string, slotId: string) {
  await lockEvent(tx, eventId);
  const [slot] = await tx
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.id, slotId), eq(eventSlots.eventId, eventId), eq(eventSlots.isActive, true)));
  if (!slot) throw new HttpError(404, BENEFIT_EVENT_MSG.slotNotFound, ERROR_CODE.notFound);
  const held = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.slotId, slotId), inArray(bookings.status, ACTIVE_STATUSES)));
  if ((held[0]?.n ?? 0) > 0) throw new HttpError(409, BENEFIT_EVENT_MSG.slotHeld, ERROR_CODE.slotHeld);
  const [booked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.slotId, slotId)).limit(1);
  const [told] = await tx
    .select({ id: attendeeMessages.id })
    .from(attendeeMessages)
    .where(eq(attendeeMessages.slotId, slotId))
    .limit(1);
  if (booked || told) await tx.update(eventSlots).set({ isActive: false }).where(eq(eventSlots.id, slotId));
  else await tx.delete(eventSlots).where(eq(eventSlots.id, slotId));
  afterCommit(tx, (root) => hotCache(root).invalidate(eventId));
}

/**
 * Removes a further event of a benefit (a second date added by mistake) while nothing names it: no booking (a
 * cancelled one too), draw or message, no partner page's button; its slots go with it, and the modal's button too.
 */
export async function removeBenefitEvent(tx: Tx, benefitId: string, eventId: string) {
  const [own, ...further] = await benefitEvents(tx, benefitId);
  if (own?.id === eventId) throw new HttpError(400, BENEFIT_EVENT_MSG.ownEventStays, ERROR_CODE.badRequest);
  if (!further.some((e) => e.id === eventId))
    throw new HttpError(404, BENEFIT_EVENT_MSG.eventNotFound, ERROR_CODE.notFound);
  await lockEvent(tx, eventId);
  const named = await Promise.all(
    [bookings, eventDraws, attendeeMessages].map((table) =>
      tx.select({ n: count() }).from(table).where(eq(table.eventId, eventId)),
    ),
  );
  if (named.some(([row]) => (row?.n ?? 0) > 0))
    throw new HttpError(409, BENEFIT_EVENT_MSG.eventHeld, ERROR_CODE.eventHeld);
  const [page] = await tx
    .select({ slug: partnerPages.slug })
    .from(partnerPages)
    .where(sql`${partnerPages.content}::text like ${`%${JSON.stringify(eventId)}%`}`)
    .limit(1);
  if (page) throw new HttpError(409, BENEFIT_EVENT_MSG.eventOnPage, ERROR_CODE.eventHeld);
  await tx.delete(eventSlots).where(eq(eventSlots.eventId, eventId));
  await tx.delete(events).where(eq(events.id, eventId));
  const [benefit] = await tx.select({ modal: benefits.modal }).from(benefits).where(eq(benefits.id, benefitId));
  const actions = benefit?.modal?.actions;
  if (Array.isArray(actions) && actions.includes(eventId))
    await tx
      .update(benefits)
      .set({ modal: { ...benefit?.modal, actions: actions.filter((a) => a !== eventId) } })
      .where(eq(benefits.id, benefitId));
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
}
