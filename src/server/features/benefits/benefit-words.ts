import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { modalContentSchema } from '#common/benefits.ts';
import { WORDING_TEXT_FIELDS } from '#common/member-action-wording.ts';
import {
  type BenefitBaseWords,
  type BenefitTranslations,
  type BenefitWordsAnswer,
  benefitTranslationsSchema,
  type MissingWords,
  missingByLocale,
} from '#common/organiser-words.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, events, formFields, rsvpConfigurations } from '../../db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../lib/hot-cache.ts';
import { pickPrimary, wordingOf } from './benefit-event.ts';
import { liveBenefit } from './partner-pages.ts';

type BenefitRow = typeof benefits.$inferSelect;
type EventRow = typeof events.$inferSelect;
type FieldRow = typeof formFields.$inferSelect;

/** The English words a benefit shows members, in the shape its translations take (decision 062). */
function baseWords(row: BenefitRow, list: EventRow[], fields: FieldRow[]): BenefitBaseWords {
  const modal = row.modal ? modalContentSchema.safeParse(row.modal) : null;
  const m = modal?.success ? modal.data : null;
  const wording = wordingOf(list) ?? {};
  const primary = pickPrimary(list, row.id);
  return {
    title: row.title,
    description: row.description,
    bookingText: row.bookingText,
    dateLabel: row.dateLabel,
    // The event's own name, where it has one apart from the benefit's.
    eventTitle: primary && primary.title !== row.title ? primary.title : '',
    modal: {
      paragraphs: m?.paragraphs ?? [],
      details: m?.details ?? [],
      links: (m?.links ?? []).map((l) => ({ label: l.label })),
    },
    actionWording: Object.fromEntries(
      Object.entries(wording).map(([id, w]) => [
        id,
        Object.fromEntries(WORDING_TEXT_FIELDS.flatMap((k) => (w[k] ? [[k, w[k]]] : []))),
      ]),
    ),
    form: Object.fromEntries(
      fields
        .filter((f) => f.isVisible)
        .map((f) => [
          f.fieldName,
          {
            displayName: f.displayName,
            helpText: f.helpText ?? '',
            placeholder: f.placeholder ?? '',
            options: f.options ?? [],
          },
        ]),
    ),
  };
}

/** Stored translations read through their schema: words saved before a rule existed are left out, not an error. */
const storedTranslations = (row: BenefitRow): BenefitTranslations => {
  const parsed = benefitTranslationsSchema.safeParse(row.translations ?? {});
  return parsed.success ? parsed.data : {};
};

/** Events and live form fields of some benefits, grouped by benefit: one query each. */
async function wordSources(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return { eventsOf: () => [], fieldsOf: () => [] };
  const [eventRows, fieldRows] = await Promise.all([
    db.select().from(events).where(inArray(events.benefitId, ids)).orderBy(asc(events.createdAt)),
    db
      .select({ benefitId: rsvpConfigurations.benefitId, field: formFields })
      .from(formFields)
      .innerJoin(rsvpConfigurations, eq(rsvpConfigurations.id, formFields.configId))
      .where(and(eq(rsvpConfigurations.isActive, true), inArray(rsvpConfigurations.benefitId, ids)))
      .orderBy(asc(formFields.ordering)),
  ]);
  return {
    eventsOf: (id: string) => eventRows.filter((e) => e.benefitId === id),
    fieldsOf: (id: string) => fieldRows.filter((f) => f.benefitId === id).map((f) => f.field),
  };
}

/** A benefit's English words, its words in each language, and how many each language leaves in English. */
export async function benefitWords(db: Db | Tx, id: string): Promise<BenefitWordsAnswer> {
  const row = await liveBenefit(db, id);
  const { eventsOf, fieldsOf } = await wordSources(db, [id]);
  const base = baseWords(row, eventsOf(id), fieldsOf(id));
  const translations = storedTranslations(row);
  return { base, translations, missing: missingByLocale(base, translations) };
}

/** Replaces a benefit's words in other languages (checked by the route's schema); the English stays as it is. */
export async function saveBenefitWords(tx: Tx, id: string, translations: BenefitTranslations) {
  await liveBenefit(tx, id);
  const said = Object.values(translations).some((w) => w && Object.keys(w).length > 0);
  await tx
    .update(benefits)
    .set({ translations: said ? translations : null, updatedAt: new Date() })
    .where(eq(benefits.id, id));
  afterCommit(tx, (root) => hotCache(root).invalidate(BENEFITS_TAG));
  return benefitWords(tx, id);
}

/** Every benefit's count of words left in English, in each language begun (one never begun is English only). */
export async function missingWordsByBenefit(db: Db): Promise<Record<string, Partial<MissingWords>>> {
  const rows = await db.select().from(benefits).where(isNull(benefits.deletedAt));
  const { eventsOf, fieldsOf } = await wordSources(
    db,
    rows.map((r) => r.id),
  );
  return Object.fromEntries(
    rows.map((r) => {
      const translations = storedTranslations(r);
      const missing = missingByLocale(baseWords(r, eventsOf(r.id), fieldsOf(r.id)), translations);
      return [r.id, Object.fromEntries(Object.entries(missing).filter(([l]) => l in translations))];
    }),
  );
}
