import { asc, eq } from 'drizzle-orm';
import { identityFields, rolesFor, standardKey } from '#common/dynamic-form.ts';
import type { Db, Tx } from '../../db/client.ts';
import { formFields } from '../../db/schema.ts';
import { toStoredField } from './config-versions.ts';
import { liveConfigFor } from './configurations.ts';

/** One answer as the organiser reads it: the form's own label and what the member gave. */
export type Answer = { label: string; value: string };

// Stored with every dynamic booking; the sheet's own column, not something the member said.
const NOT_ANSWERS = new Set(['submissionTimestamp']);

/** A benefit's live form's labels by field name, in the form's order (empty without a live form). */
export async function fieldLabels(db: Db | Tx, benefitId: string | null): Promise<Map<string, string>> {
  return (await answerFields(db, benefitId)).labels;
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

// The fixed forms' keys for what a list's own Name, Email, Phone and Guests columns already show.
const FIXED_COLUMN_KEYS = ['fullName', 'email', 'phoneNumber', 'guestCount', 'totalAttendees'];

/**
 * A benefit's live form's labels by field name, in its order, and the fields a list's fixed columns already show
 * (decided by role: the e-mail field, the name and phone the booking reads, the guest count), so no list or export
 * repeats them as answers.
 */
export async function answerFields(db: Db | Tx, benefitId: string | null) {
  const shown = new Set(FIXED_COLUMN_KEYS);
  const live = benefitId ? await liveConfigFor(db, benefitId) : null;
  if (!live) return { labels: new Map<string, string>(), shown };
  const rows = await db
    .select()
    .from(formFields)
    .where(eq(formFields.configId, live.id))
    .orderBy(asc(formFields.ordering));
  const fields = rows.map(toStoredField);
  const { name, phone } = identityFields(fields);
  const { guestCount } = rolesFor(fields, live.slotConfig);
  for (const f of fields) if (f.fieldType === 'email' || standardKey(f) === 'email') shown.add(f.fieldName);
  for (const k of [name, phone, guestCount]) if (k) shown.add(k);
  return { labels: new Map(fields.map((f) => [f.fieldName, f.displayName])), shown };
}

/** The answer columns of a list: the live form's fields in its order, then any other key a booking holds. */
export function answerColumns(
  rows: (Record<string, unknown> | null)[],
  labels: Map<string, string>,
  shown: Set<string> = new Set(),
): { key: string; label: string }[] {
  const keys = new Set(labels.keys());
  for (const data of rows) for (const k of Object.keys(data ?? {})) keys.add(k);
  return [...keys]
    .filter((k) => !NOT_ANSWERS.has(k) && !shown.has(k))
    .map((k) => ({ key: k, label: labels.get(k) ?? humanize(k) }));
}
