import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Benefit } from '#common/benefits.ts';
import { benefitListSchema, modalContentSchema } from '#common/benefits.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { fallbackOf, localise } from '#common/organiser-words.ts';
import type { Db } from '../../db/client.ts';
import { benefits } from '../../db/schema.ts';
import { BENEFITS_TAG, BENEFITS_TTL_MS, hotCache } from '../../lib/hot-cache.ts';
import { type EventFacts, eventFacts, eventFactsByBenefit } from './benefit-event.ts';

type Row = typeof benefits.$inferSelect;

export function toBenefit(
  row: Row,
  facts: EventFacts = { when: null, venue: null, endsAt: null },
  locale: Locale = DEFAULT_LOCALE,
): Benefit {
  const parsed = row.modal ? modalContentSchema.safeParse(row.modal) : null;
  // The organiser's words in the member's language, field by field over the English (decision 062).
  const record = {
    title: row.title,
    description: row.description,
    bookingText: row.bookingText,
    dateLabel: row.dateLabel,
    modal: parsed?.success ? parsed.data : defaultModal(row, facts),
    actionWording: facts.actionWording ?? {},
    translations: row.translations,
  };
  const words = localise(record, locale);
  const wording = Object.keys(words.actionWording).length > 0 ? words.actionWording : undefined;
  const fallback = fallbackIn(row, facts, words.dateLabel, fallbackOf(record, locale), locale);
  return {
    id: row.id,
    title: words.title,
    slug: row.slug,
    description: words.description,
    imageUrl: row.imageUrl,
    bookingText: words.bookingText,
    bookingUrl: row.bookingUrl,
    bookingMode: row.bookingMode as Benefit['bookingMode'],
    formDescription: row.formDescription,
    partnerContactEmail: row.partnerContactEmail,
    hasSlotLogic: row.hasSlotLogic,
    kind: row.kind === 'event' ? 'event' : 'benefit',
    ...cardOf(row),
    partnerPage: row.partnerPage,
    dateLabel: words.dateLabel || facts.when || '',
    venue: facts.venue,
    endsAt: facts.endsAt?.toISOString() ?? null,
    ...(!words.dateLabel && facts.when && facts.schedule ? { schedule: facts.schedule } : {}),
    displayOrder: row.displayOrder,
    modal: words.modal,
    ...(wording ? { actionWording: wording } : {}),
    ...(facts.eventIds ? { eventIds: facts.eventIds } : {}),
    ...(facts.eventTypes ? { eventTypes: facts.eventTypes } : {}),
    ...(facts.builtInForm ? { builtInForm: facts.builtInForm } : {}),
    ...(fallback ? { fallback } : {}),
  };
}

/**
 * Which of the benefit's words a read in `locale` serves in English (decision 073): the untranslated ones, the form's
 * description (not translated), and a date line the server wrote in English without a schedule to rewrite it.
 */
function fallbackIn(
  row: Row,
  facts: EventFacts,
  dateLabel: string,
  untranslated: string[] | undefined,
  locale: Locale,
) {
  if (locale === DEFAULT_LOCALE) return undefined;
  const english = [
    ...(untranslated ?? []),
    ...(row.formDescription?.trim() ? ['formDescription'] : []),
    ...(!dateLabel && facts.when && !facts.schedule ? ['dateLabel'] : []),
  ];
  return english.length > 0 ? english : undefined;
}

/**
 * What the card opens, as members follow it: an organiser's partner page is read as it is now (a page written,
 * renamed or removed later); a card meant for a page that is not written yet opens the benefit's modal meanwhile.
 */
function cardOf(row: Row): Pick<Benefit, 'action' | 'actionTarget'> {
  if (row.cardOpens === 'page')
    return row.partnerPage
      ? { action: 'page', actionTarget: row.partnerPage }
      : { action: 'modal', actionTarget: null };
  return { action: row.action === 'page' ? 'page' : 'modal', actionTarget: row.actionTarget };
}

/** An organiser's card that opens a modal not yet written books its event from the modal (its button, nothing else). */
function defaultModal(row: Row, facts: EventFacts): Benefit['modal'] {
  const primary = facts.eventIds?.[0];
  if ((row.cardOpens !== 'modal' && row.cardOpens !== 'page') || !primary) return null;
  return { paragraphs: [], details: [], links: [], actions: [primary] };
}

const visible = and(eq(benefits.isActive, true), isNull(benefits.deletedAt));

/** The dashboard's fixed order is data: displayOrder, then title for ties. */
export async function listBenefits(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<Benefit[]> {
  const rows = await db.select().from(benefits).where(visible).orderBy(asc(benefits.displayOrder), asc(benefits.title));
  const facts = await eventFactsByBenefit(db);
  return rows.map((row) => toBenefit(row, facts.get(row.id), locale));
}

/** The dashboard's list as the API answers it in a language, from the short cache that an admin edit drops. */
export const cachedBenefitList = (db: Db, locale: Locale = DEFAULT_LOCALE) =>
  hotCache(db).get(
    BENEFITS_TAG,
    locale === DEFAULT_LOCALE ? 'list' : `list:${locale}`,
    BENEFITS_TTL_MS,
    () => listBenefits(db, locale),
    benefitListSchema,
  );

export async function findBenefit(db: Db, idOrSlug: string, locale: Locale = DEFAULT_LOCALE): Promise<Benefit | null> {
  const [row] = await db
    .select()
    .from(benefits)
    .where(and(visible, or(eq(benefits.id, idOrSlug), eq(benefits.slug, idOrSlug))));
  if (!row) return null;
  return toBenefit(row, await eventFacts(db, row.id), locale);
}
