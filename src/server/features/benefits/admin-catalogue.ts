import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, like, max, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_MSG,
  type AdminBenefit,
  type AdminBenefitRow,
  type addBenefitSchema,
  type BenefitFormState,
  type editBenefitSchema,
} from '#common/admin.ts';
import {
  type BenefitType,
  type BookedThrough,
  bookingFormOf,
  bookingModeOf,
  type CardTarget,
  DEFAULT_BENEFIT_TYPE,
  DEFAULT_BOOKED_THROUGH,
  listedUnderOf,
} from '#common/benefit-type.ts';
import { eventTimes } from '#common/event-details.ts';
import { transferSettingsSchema } from '#common/transfers.ts';
import { isWebUrl } from '#common/urls.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db } from '../../db/client.ts';
import { benefits, events, rsvpConfigurations } from '../../db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  eventDetailsFor,
  primaryEvent,
  primaryEventsByBenefit,
  saveActionWording,
  saveEventTimes,
} from './benefit-event.ts';
import { isStoredImageUrl } from './images.ts';

const notDeleted = isNull(benefits.deletedAt);

export async function listAdminBenefits(db: Db): Promise<AdminBenefitRow[]> {
  const rows = await db
    .select()
    .from(benefits)
    .where(notDeleted)
    .orderBy(asc(benefits.displayOrder), asc(benefits.title));
  const [primary, live] = await Promise.all([
    primaryEventsByBenefit(db),
    db
      .select({ benefitId: rsvpConfigurations.benefitId })
      .from(rsvpConfigurations)
      .where(eq(rsvpConfigurations.isActive, true))
      .then((r) => new Set(r.map((c) => c.benefitId))),
  ]);
  return rows.map((b) => {
    const eventId = primary.get(b.id)?.id ?? null;
    return {
      id: b.id,
      name: b.title,
      description: b.description,
      sheetUrl: b.excelTab1Link,
      imageUrl: b.imageUrl,
      eventId,
      timeZone: primary.get(b.id)?.timeZone ?? null,
      formState: formStateOf(b, live.has(b.id), eventId),
    };
  });
}

/**
 * What a member finds on a benefit that opens its own RSVP form: the form once deployed, until then a one-click
 * booking of its event (the quick RSVP route takes it until a form is live), or, with no event, nothing to book.
 */
function formStateOf(
  b: Pick<typeof benefits.$inferSelect, 'id' | 'action' | 'actionTarget'>,
  hasLiveForm: boolean,
  eventId: string | null,
): BenefitFormState | null {
  // The seeded evening and concierge pages sit on /rsvp/{id} too, but book through an event of their own id.
  if (b.action !== 'page' || b.actionTarget !== `/rsvp/${b.id}` || eventId === b.id) return null;
  return hasLiveForm ? 'live' : eventId ? 'one-click' : 'unavailable';
}

async function findRow(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(benefits)
    .where(and(eq(benefits.id, id), notDeleted));
  if (!row) throw new HttpError(404, ADMIN_MSG.benefitNotFound);
  return row;
}

export async function getAdminBenefit(db: Db, id: string): Promise<AdminBenefit> {
  const b = await findRow(db, id);
  const cardOpens = cardTargetOf(b);
  const primary = await primaryEvent(db, b.id);
  return {
    id: b.id,
    title: b.title,
    description: b.description,
    bookingText: b.bookingText,
    partnerContactEmail: b.partnerContactEmail,
    excelTab1Link: b.excelTab1Link,
    excelTab2Link: b.excelTab2Link,
    imageUrl: b.imageUrl,
    ...(await eventDetailsFor(db, b.id)),
    benefitType: primary?.benefitType ?? DEFAULT_BENEFIT_TYPE,
    listedUnder: b.kind === 'event' ? 'EVENTS' : 'BENEFITS',
    cardOpens,
    cardLink: cardOpens === 'link' ? b.actionTarget : null,
    transfers: transferSettingsSchema.parse(b.transferSettings ?? {}),
    bookedThrough: bookedThroughOf(primary),
    notifyPartner: !primary || Boolean(primary.partnerContactEmail),
    ...(primary ? { eventTitle: primary.title, eventDescription: primary.description } : {}),
    bookingUrl: b.bookingUrl,
    dateLabel: b.dateLabel,
  };
}

/** How an event is taken up, read back from its stored booking form. */
export function bookedThroughOf(event: { bookingForm: string } | null): BookedThrough {
  const form = event?.bookingForm;
  if (form === 'evening' || form === 'concierge') return form;
  return form === 'external' ? 'partner' : DEFAULT_BOOKED_THROUGH;
}

/** Where the card leads, as the admin chose it or, for a benefit from before the choice, as its action says. */
export function cardTargetOf(
  b: Pick<typeof benefits.$inferSelect, 'cardOpens' | 'action' | 'actionTarget' | 'partnerPage'>,
): CardTarget {
  if (b.cardOpens) return b.cardOpens;
  if (b.action === 'modal') return 'modal';
  if (b.actionTarget && b.actionTarget === b.partnerPage) return 'page';
  return b.actionTarget && isWebUrl(b.actionTarget) ? 'link' : 'form';
}

type ModelInput = Pick<
  z.output<typeof addBenefitSchema>,
  'benefitType' | 'listedUnder' | 'cardOpens' | 'cardLink' | 'bookingUrl' | 'dateLabel'
>;

/** The benefit's columns for what its card opens: a form at /rsvp/{id}, its modal, its page (read as it is), a link. */
function cardColumns(id: string, opens: CardTarget, link: string | undefined) {
  if (opens === 'modal') return { cardOpens: opens, action: 'modal', actionTarget: null };
  if (opens === 'page') return { cardOpens: opens, action: 'page', actionTarget: null };
  if (opens === 'link') return { cardOpens: opens, action: 'page', actionTarget: link ?? null };
  return { cardOpens: opens, action: 'page', actionTarget: `/rsvp/${id}` };
}

/** What an organiser chose of the model, as columns: only what was sent (an edit without it leaves it). */
function modelColumns(id: string, input: ModelInput) {
  const listed = input.listedUnder ?? (input.benefitType ? listedUnderOf(input.benefitType) : undefined);
  return {
    ...(listed ? { kind: listed === 'EVENTS' ? 'event' : 'benefit' } : {}),
    ...(input.cardOpens ? cardColumns(id, input.cardOpens, input.cardLink) : {}),
    ...(input.bookingUrl !== undefined ? { bookingUrl: input.bookingUrl } : {}),
    ...(input.dateLabel !== undefined ? { dateLabel: input.dateLabel } : {}),
  };
}

/** Every event of the benefit is what the organiser says the benefit is (its words, mails and pass follow). */
async function saveBenefitType(db: Db, id: string, type: BenefitType | undefined) {
  if (!type) return;
  await db.update(events).set({ benefitType: type }).where(eq(events.benefitId, id));
  afterCommit(db, (root) => hotCache(root).invalidate(BENEFITS_TAG));
}

const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'benefit';

/** A slug no other benefit (deleted ones included) has: 'name', 'name-2', 'name-3'... */
async function uniqueSlug(db: Db, name: string) {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .select({ slug: benefits.slug })
        .from(benefits)
        .where(or(eq(benefits.slug, base), like(benefits.slug, `${base}-%`)))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Where a benefit sits: the seed keeps the spec's ids, addresses and order (decision 053); the admin API lets the
 * server choose (a new id, a slug from the name, after the last tile, its event `dynamic:{id}`).
 */
export type Placement = { id?: string; slug?: string; displayOrder?: number; eventId?: string };

/** A new benefit is by default a tile that opens its own dynamic RSVP page (/rsvp/{id}). */
export async function createBenefit(
  db: Db,
  input: z.output<typeof addBenefitSchema>,
  imageUrl: string,
  placement: Placement = {},
) {
  const id = placement.id ?? randomUUID();
  const [{ top } = { top: 0 }] = await db.select({ top: max(benefits.displayOrder) }).from(benefits);
  const through = input.bookedThrough ?? DEFAULT_BOOKED_THROUGH;
  const opensForm = (input.cardOpens ?? 'form') === 'form';
  await db.insert(benefits).values({
    id,
    slug: placement.slug ?? (await uniqueSlug(db, input.benefitName)),
    title: input.benefitName,
    description: input.benefitDescription,
    bookingText: input.buttonText,
    partnerContactEmail: input.partnerContactEmail,
    excelTab1Link: input.excelTab1Link,
    excelTab2Link: input.excelTab2Link ?? null,
    hasSlotLogic: Boolean(input.excelTab2Link),
    imageUrl,
    kind: 'benefit',
    ...cardColumns(id, 'form', undefined),
    bookingMode: bookingModeOf(through, opensForm, input.bookingUrl ?? ''),
    displayOrder: placement.displayOrder ?? (top ?? 0) + 10,
    ...modelColumns(id, input),
    ...(input.transfers ? { transferSettings: input.transfers } : {}),
  });
  const times = eventTimes(input);
  const newEvent = { eventId: placement.eventId, bookingForm: bookingFormOf(through, opensForm) };
  if (times) await saveEventTimes(db, { id, ...benefitFacts(input) }, times, newEvent);
  await saveBenefitType(db, id, input.benefitType);
  if (input.actionWording) await saveActionWording(db, id, input.actionWording);
  afterCommit(db, (root) => hotCache(root).invalidate(BENEFITS_TAG));
  return id;
}

const benefitFacts = (input: z.output<typeof addBenefitSchema> | z.output<typeof editBenefitSchema>) => ({
  title: input.eventTitle ?? input.benefitName,
  description: input.eventDescription ?? input.benefitDescription,
  // A new event tells the partner of each booking unless the organiser said not to.
  partnerContactEmail: input.notifyPartner === false ? null : input.partnerContactEmail,
});

export async function updateBenefit(db: Db, id: string, input: z.output<typeof editBenefitSchema>) {
  const current = await findRow(db, id);
  // The form sends the card's target back as it read it: only a change rewrites where the card leads.
  const sameCard =
    input.cardOpens === cardTargetOf(current) &&
    (input.cardOpens !== 'link' || input.cardLink === current.actionTarget);
  const times = eventTimes(input);
  if (times) await saveEventTimes(db, { id, ...benefitFacts(input) }, times);
  await saveBenefitType(db, id, input.benefitType);
  if (input.actionWording !== undefined) await saveActionWording(db, id, input.actionWording ?? {});
  if (input.imageUrl && !isStoredImageUrl(input.imageUrl)) throw new HttpError(400, ADMIN_MSG.imageInvalidType);
  const bookingMode = await saveBookingWay(db, current, input);
  await db
    .update(benefits)
    .set({
      ...(bookingMode ? { bookingMode } : {}),
      title: input.benefitName,
      description: input.benefitDescription,
      bookingText: input.buttonText,
      partnerContactEmail: input.partnerContactEmail,
      ...(input.excelTab1Link !== undefined ? { excelTab1Link: input.excelTab1Link } : {}),
      ...(input.excelTab2Link !== undefined
        ? { excelTab2Link: input.excelTab2Link, hasSlotLogic: Boolean(input.excelTab2Link) }
        : {}),
      ...(input.imageUrl ? { imageUrl: input.imageUrl } : {}),
      ...modelColumns(id, sameCard ? { ...input, cardOpens: undefined } : input),
      ...(input.transfers ? { transferSettings: input.transfers } : {}),
      updatedAt: new Date(),
    })
    .where(eq(benefits.id, id));
  afterCommit(db, (root) => hotCache(root).invalidate(BENEFITS_TAG));
}

/**
 * How members take the benefit up, on an edit that says: its event's booking form and whom it notifies, and the
 * benefit's booking mode (returned). An edit that says nothing of it leaves it.
 */
async function saveBookingWay(
  db: Db,
  current: typeof benefits.$inferSelect,
  input: z.output<typeof editBenefitSchema>,
) {
  const { bookedThrough, cardOpens, bookingUrl, notifyPartner, eventTitle, eventDescription } = input;
  const said = [bookedThrough, cardOpens, bookingUrl, notifyPartner, eventTitle, eventDescription];
  if (!said.some((v) => v !== undefined)) return null;
  const event = await primaryEvent(db, current.id);
  const through = bookedThrough ?? bookedThroughOf(event);
  const opensForm = (cardOpens ?? cardTargetOf(current)) === 'form';
  // The form sends its card's target back unchanged: only a new target or way rewrites the event's booking form.
  const changed = bookedThrough !== undefined || (cardOpens !== undefined && cardOpens !== cardTargetOf(current));
  const eventColumns = {
    ...(input.eventTitle ? { title: input.eventTitle } : {}),
    ...(input.eventDescription ? { description: input.eventDescription } : {}),
    ...(changed ? { bookingForm: bookingFormOf(through, opensForm) } : {}),
    ...(notifyPartner !== undefined ? { partnerContactEmail: notifyPartner ? input.partnerContactEmail : null } : {}),
  };
  if (event && Object.keys(eventColumns).length > 0) {
    await db.update(events).set(eventColumns).where(eq(events.id, event.id));
    afterCommit(db, (root) => hotCache(root).invalidate(event.id));
  }
  return bookingModeOf(through, opensForm, bookingUrl ?? current.bookingUrl);
}

/** Hides the benefit everywhere; its bookings, submissions and logs stay (docs/spec/DESIGN.md §4). */
export async function deleteBenefit(db: Db, id: string) {
  await findRow(db, id);
  await db.update(benefits).set({ deletedAt: new Date(), isActive: false }).where(eq(benefits.id, id));
  afterCommit(db, (root) => hotCache(root).invalidate(BENEFITS_TAG));
}
