import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type ModalContent, modalContentSchema } from '#common/benefits.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatSchedule } from '#common/event-time.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { fallbackOf, fallbackPaths, localise } from '#common/organiser-words.ts';
import {
  capacityEventIds,
  type EventChoice,
  type ModalInput,
  modalInputSchema,
  PAGE_MSG,
  type PageInput,
  type PartnerPage,
  pageInputSchema,
  partnerPageContentSchema,
} from '#common/partner-pages.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, events, partnerPages } from '../../db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { wordingOf } from './benefit-event.ts';

type Row = typeof partnerPages.$inferSelect;
const BLANK = { eyebrow: '', title: '', subtitle: '', heroImage: '', sections: [], buttons: [] };

/**
 * A page as the admin edits it (with its translations), or, given the member's language, as the member reads it:
 * its words in that language, field by field over the English (decision 062).
 */
function toPage(row: Row, locale?: Locale): PartnerPage {
  // Stored JSON is read through its schema: a page saved before a rule existed still renders.
  const parsed = partnerPageContentSchema.safeParse(row.content);
  const content = parsed.success ? parsed.data : { ...BLANK, title: row.slug };
  const fallback = fallbackOf({ ...content, translations: row.translations }, locale);
  return {
    slug: row.slug,
    benefitId: row.benefitId,
    layout: row.layout,
    content: locale ? localise({ ...content, translations: row.translations }, locale) : content,
    updatedAt: row.updatedAt.toISOString(),
    ...(!locale && row.translations ? { translations: row.translations } : {}),
    ...(fallback ? { fallback } : {}),
  };
}

/** A page by its address: the admin's (no language) or a member's in theirs. */
export async function findPage(db: Db, slug: string, locale?: Locale): Promise<PartnerPage | null> {
  const [row] = await db.select().from(partnerPages).where(eq(partnerPages.slug, slug));
  if (!row) return null;
  const page = toPage(row, locale);
  // Its RSVP buttons speak their events' own words (decision 033).
  const eventIds = page.content.buttons.flatMap((b) => (b.type === 'rsvp' ? [b.eventId] : []));
  if (eventIds.length === 0) return page;
  const actionWording = wordingOf(await db.select().from(events).where(inArray(events.id, eventIds)));
  if (!actionWording) return page;
  // Their wording is the events' own, not translated on a page: in another language it is declared English (073).
  const english =
    locale && locale !== DEFAULT_LOCALE ? fallbackPaths(actionWording, undefined, 'actionWording') : undefined;
  const fallback = english ? [...(page.fallback ?? []), ...english] : page.fallback;
  return { ...page, actionWording, ...(fallback ? { fallback } : {}) };
}

export async function listPages(db: Db) {
  const rows = await db.select().from(partnerPages).orderBy(asc(partnerPages.slug));
  return rows.map((r) => ({
    slug: r.slug,
    title: r.content.title,
    benefitId: r.benefitId,
    layout: r.layout,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** What the schema cannot know: the benefit and every RSVP button's event must exist. */
async function checkReferences(tx: Tx, input: ReturnType<typeof pageInputSchema.parse>) {
  if (input.benefitId) {
    const [benefit] = await tx
      .select({ id: benefits.id })
      .from(benefits)
      .where(and(eq(benefits.id, input.benefitId), isNull(benefits.deletedAt)));
    if (!benefit) throw new HttpError(400, PAGE_MSG.unknownBenefit, ERROR_CODE.badRequest);
  }
  for (const b of input.content.buttons) if (b.type === 'rsvp') await refuseUnknownEvent(tx, b.eventId);
  // A capacity placeholder names an event too: one that does not exist would print nothing a member can read.
  for (const section of input.content.sections)
    for (const fact of section.facts) for (const id of capacityEventIds(fact.value)) await refuseUnknownEvent(tx, id);
}

async function refuseUnknownEvent(tx: Tx, eventId: string) {
  const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw new HttpError(400, PAGE_MSG.unknownEvent(eventId), ERROR_CODE.badRequest);
}

/** A benefit not deleted, or 404. */
export async function liveBenefit(db: Db | Tx, benefitId: string) {
  const [row] = await db
    .select()
    .from(benefits)
    .where(and(eq(benefits.id, benefitId), isNull(benefits.deletedAt)));
  if (!row) throw new HttpError(404, PAGE_MSG.benefitNotFound);
  return row;
}

/** Every event, soonest first: what a page's or modal's RSVP button may book. */
export async function eventChoices(db: Db): Promise<EventChoice[]> {
  const rows = await db
    .select()
    .from(events)
    .where(ne(events.bookingForm, 'external'))
    .orderBy(sql`${events.startsAt} asc nulls last`, asc(events.title));
  return rows.map((e) => ({ id: e.id, title: e.title, when: formatSchedule(e), benefitId: e.benefitId }));
}

/** A tile's modal as stored (null: the tile has none). */
export async function readModal(db: Db, benefitId: string): Promise<ModalContent | null> {
  const row = await liveBenefit(db, benefitId);
  const modal = row.modal ? modalContentSchema.safeParse(row.modal) : null;
  return modal?.success ? modal.data : null;
}

/** Replaces a tile's modal content; each action must name an event that exists. */
export async function saveModal(tx: Tx, benefitId: string, raw: ModalInput | null): Promise<ModalContent | null> {
  await liveBenefit(tx, benefitId);
  const modal = raw ? modalContentSchema.parse(modalInputSchema.parse(raw)) : null;
  for (const eventId of modal?.actions ?? []) await refuseUnknownEvent(tx, eventId);
  await tx.update(benefits).set({ modal, updatedAt: new Date() }).where(eq(benefits.id, benefitId));
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
  return modal;
}

/**
 * Creates or replaces the page at /{slug}. A benefit without an information page links to this one from its modal
 * at once, so a page an admin writes for a new benefit is reachable the same day.
 */
export async function savePage(tx: Tx, slug: string, raw: PageInput): Promise<PartnerPage> {
  const input = pageInputSchema.parse(raw);
  await checkReferences(tx, input);
  const values = {
    benefitId: input.benefitId,
    layout: input.layout,
    content: input.content,
    ...(input.translations !== undefined ? { translations: input.translations } : {}),
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(partnerPages)
    .values({ slug, ...values })
    .onConflictDoUpdate({ target: partnerPages.slug, set: values })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  // The page's benefit links here; one that did before and is no longer its benefit stops linking.
  const link = `/${slug}`;
  await tx
    .update(benefits)
    .set({ partnerPage: null, updatedAt: new Date() })
    .where(and(eq(benefits.partnerPage, link), input.benefitId ? ne(benefits.id, input.benefitId) : undefined));
  if (input.benefitId)
    await tx.update(benefits).set({ partnerPage: link, updatedAt: new Date() }).where(eq(benefits.id, input.benefitId));
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
  return toPage(row);
}

/** Removes the page; a benefit whose modal linked to it no longer does. */
export async function deletePage(tx: Tx, slug: string) {
  const [gone] = await tx.delete(partnerPages).where(eq(partnerPages.slug, slug)).returning();
  if (!gone) throw new HttpError(404, PAGE_MSG.notFound);
  await tx
    .update(benefits)
    .set({ partnerPage: null })
    .where(eq(benefits.partnerPage, `/${slug}`));
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
}
