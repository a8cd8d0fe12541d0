import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Benefit } from '#common/benefits.ts';
import { benefitListSchema, modalContentSchema } from '#common/benefits.ts';
import type { Db } from '../../db/client.ts';
import { benefits } from '../../db/schema.ts';
import { BENEFITS_TAG, BENEFITS_TTL_MS, hotCache } from '../../lib/hot-cache.ts';
import { type EventFacts, eventFacts, eventFactsByBenefit } from './benefit-event.ts';

type Row = typeof benefits.$inferSelect;

export function toBenefit(row: Row, facts: EventFacts = { when: null, venue: null, endsAt: null }): Benefit {
  const modal = row.modal ? modalContentSchema.safeParse(row.modal) : null;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    imageUrl: row.imageUrl,
    bookingText: row.bookingText,
    bookingUrl: row.bookingUrl,
    bookingMode: row.bookingMode as Benefit['bookingMode'],
    formDescription: row.formDescription,
    partnerContactEmail: row.partnerContactEmail,
    hasSlotLogic: row.hasSlotLogic,
    kind: row.kind === 'event' ? 'event' : 'benefit',
    ...cardOf(row),
    partnerPage: row.partnerPage,
    dateLabel: row.dateLabel || facts.when || '',
    venue: facts.venue,
    endsAt: facts.endsAt?.toISOString() ?? null,
    ...(!row.dateLabel && facts.when && facts.schedule ? { schedule: facts.schedule } : {}),
    displayOrder: row.displayOrder,
    modal: modal?.success ? modal.data : defaultModal(row, facts),
    ...(facts.actionWording ? { actionWording: facts.actionWording } : {}),
    ...(facts.eventIds ? { eventIds: facts.eventIds } : {}),
    ...(facts.eventTypes ? { eventTypes: facts.eventTypes } : {}),
    ...(facts.builtInForm ? { builtInForm: facts.builtInForm } : {}),
  };
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
export async function listBenefits(db: Db): Promise<Benefit[]> {
  const rows = await db.select().from(benefits).where(visible).orderBy(asc(benefits.displayOrder), asc(benefits.title));
  const facts = await eventFactsByBenefit(db);
  return rows.map((row) => toBenefit(row, facts.get(row.id)));
}

/** The dashboard's list as the API answers it, from the short cache that an admin edit drops. */
export const cachedBenefitList = (db: Db) =>
  hotCache(db).get(BENEFITS_TAG, 'list', BENEFITS_TTL_MS, () => listBenefits(db), benefitListSchema);

export async function findBenefit(db: Db, idOrSlug: string): Promise<Benefit | null> {
  const [row] = await db
    .select()
    .from(benefits)
    .where(and(visible, or(eq(benefits.id, idOrSlug), eq(benefits.slug, idOrSlug))));
  if (!row) return null;
  return toBenefit(row, await eventFacts(db, row.id));
}
