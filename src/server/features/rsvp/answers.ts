import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { formFields } from '../../db/schema.ts';
import { liveConfigFor } from './configurations.ts';

/** One answer as the organiser reads it: the form's own label and what the member gave. */
export type Answer = { label: string; value: string };

// Stored with every dynamic booking; the sheet's own column, not something the member said.
const NOT_ANSWERS = new Set(['submissionTimestamp']);

/** A benefit's live form's labels by field name, in the form's order (empty without a live form). */
export async function fieldLabels(db: Db | Tx, benefitId: string | null): Promise<Map<string, string>> {
  const live = benefitId ? await liveConfigFor(db, benefitId) : null;
  if (!live) return new Map();
  const rows = await db
    .select({ name: formFields.fieldName, label: formFields.displayName })
    .from(formFields)
    .where(eq(formFields.configId, live.id))
    .orderBy(asc(formFields.ordering));
  return new Map(rows.map((r) => [r.name, r.label]));
}

// 'selectedDate' -> 'Selected date', for answers of the fixed forms (the tours, the evening).
const humanize = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** An answer as the member gave it: text as typed, a number as written, a list joined. */
export const answerText = (v: unknown): string =>
  v === undefined || v === null ? '' : Array.isArray(v) ? v.map(answerText).join('; ') : String(v);

/** What the member answered, labelled as the form asked it, in its order; empty answers left out. */
export function answerList(data: Record<string, unknown> | null, labels: Map<string, string>): Answer[] {
  if (!data) return [];
  const keys = [...labels.keys(), ...Object.keys(data).filter((k) => !labels.has(k))];
  return keys
    .filter((k) => !NOT_ANSWERS.has(k) && answerText(data[k]).trim() !== '')
    .map((k) => ({ label: labels.get(k) ?? humanize(k), value: answerText(data[k]) }));
}

/** The answer columns of a list: the live form's fields in its order, then any other key a booking holds. */
export function answerColumns(
  rows: (Record<string, unknown> | null)[],
  labels: Map<string, string>,
): { key: string; label: string }[] {
  const keys = new Set(labels.keys());
  for (const data of rows) for (const k of Object.keys(data ?? {})) keys.add(k);
  return [...keys].filter((k) => !NOT_ANSWERS.has(k)).map((k) => ({ key: k, label: labels.get(k) ?? humanize(k) }));
}
