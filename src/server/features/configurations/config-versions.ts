import { and, asc, count, desc, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { ADMIN_MSG } from '#common/admin.ts';
import type { FieldType } from '#common/rsvp-config.ts';
import {
  type ConfigContent,
  diffConfigs,
  type StoredField,
  VERSION_MSG,
  type VersionSummary,
} from '#common/rsvp-config-versions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { formFields, rsvpConfigurations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type ConfigRow, readConfig } from './config-row.ts';

/** Decision 013: a benefit's one configuration is its draft row; each deploy freezes it as a numbered version. */

type Content = Omit<ConfigContent, 'formFields'>;
const contentOf = (row: ConfigRow): Content => {
  const c = readConfig(row);
  return {
    configName: c.configName,
    slotConfig: c.slotConfig,
    notifications: c.notifications,
    behavior: c.behavior,
    sheetMapping: c.sheetMapping,
  };
};
const ofBenefit = (benefitId: string) => eq(rsvpConfigurations.benefitId, benefitId);

async function copyFields(tx: Tx, fromId: string, toId: string) {
  const fields = await tx.select().from(formFields).where(eq(formFields.configId, fromId));
  await tx.delete(formFields).where(eq(formFields.configId, toId));
  if (fields.length === 0) return;
  await tx
    .insert(formFields)
    .values(fields.map(({ id: _id, createdAt: _at, configId: _from, ...f }) => ({ ...f, configId: toId })));
}

const selectDraft = (db: Db | Tx, benefitId: string) =>
  db
    .select()
    .from(rsvpConfigurations)
    .where(and(ofBenefit(benefitId), eq(rsvpConfigurations.isDraft, true)));

/** The live row of a benefit, else its newest: what a draft starts from when it has none. */
async function newestRow(db: Db | Tx, benefitId: string) {
  const [row] = await db
    .select()
    .from(rsvpConfigurations)
    .where(ofBenefit(benefitId))
    .orderBy(desc(rsvpConfigurations.isActive), desc(rsvpConfigurations.updatedAt))
    .limit(1);
  return row ?? null;
}

/**
 * The benefit's draft, locked for this transaction. Without one, it is copied from the live (else newest) row, or
 * made from `initial`; null when the benefit has no configuration and no `initial` is given.
 */
export async function lockDraft(tx: Tx, benefitId: string, initial?: Content): Promise<ConfigRow | null> {
  const [held] = await selectDraft(tx, benefitId).for('update');
  if (held) return held;
  const source = await newestRow(tx, benefitId);
  const content = source ? contentOf(source) : initial;
  if (!content) return null;
  // Two first saves at once: the unique draft index lets one insert, the other waits and then reads it.
  const [made] = await tx
    .insert(rsvpConfigurations)
    .values({ benefitId, ...content, isActive: false, isDraft: true })
    .onConflictDoNothing({ target: rsvpConfigurations.benefitId, where: sql`${rsvpConfigurations.isDraft}` })
    .returning();
  if (made && source) await copyFields(tx, source.id, made.id);
  const [draft] = await selectDraft(tx, benefitId).for('update');
  return draft ?? null;
}

async function lockedDraftOrThrow(tx: Tx, benefitId: string) {
  const draft = await lockDraft(tx, benefitId);
  if (!draft) throw new HttpError(404, ADMIN_MSG.configNotFound);
  return draft;
}

/** The benefit a configuration id (its draft or any version) belongs to. */
export async function benefitOfConfig(db: Db | Tx, id: string): Promise<string> {
  const [row] = await db
    .select({ benefitId: rsvpConfigurations.benefitId })
    .from(rsvpConfigurations)
    .where(eq(rsvpConfigurations.id, id));
  if (!row) throw new HttpError(404, ADMIN_MSG.configNotFound);
  return row.benefitId;
}

/** Deploy's last step: the draft becomes the next numbered version, live; the previous one steps down. */
export async function publishDraft(
  tx: Tx,
  benefitId: string,
  by: string,
  columns?: Record<string, number>,
): Promise<ConfigRow> {
  const draft = await lockedDraftOrThrow(tx, benefitId);
  const content = contentOf(draft);
  if (columns) {
    content.sheetMapping = { ...content.sheetMapping, columns };
    // The draft keeps what deploy learnt about Tab 1, so the next deploy starts from it.
    await tx
      .update(rsvpConfigurations)
      .set({ sheetMapping: content.sheetMapping })
      .where(eq(rsvpConfigurations.id, draft.id));
  }
  const [{ last } = { last: 0 }] = await tx
    .select({ last: max(rsvpConfigurations.version) })
    .from(rsvpConfigurations)
    .where(ofBenefit(benefitId));
  await tx
    .update(rsvpConfigurations)
    .set({ isActive: false })
    .where(and(ofBenefit(benefitId), eq(rsvpConfigurations.isActive, true)));
  const [version] = await tx
    .insert(rsvpConfigurations)
    .values({
      benefitId,
      ...content,
      isActive: true,
      isDraft: false,
      version: (last ?? 0) + 1,
      deployedAt: new Date(),
      deployedBy: by || null,
    })
    .returning();
  if (!version) throw new Error('insert returned no row');
  await copyFields(tx, draft.id, version.id);
  return version;
}

/** Restore: a deployed version's content is copied into the draft (the organiser then deploys it). */
export async function restoreVersion(tx: Tx, benefitId: string, version: number) {
  const draft = await lockedDraftOrThrow(tx, benefitId);
  const [source] = await tx
    .select()
    .from(rsvpConfigurations)
    .where(and(ofBenefit(benefitId), eq(rsvpConfigurations.version, version)));
  if (!source) throw new HttpError(404, VERSION_MSG.versionNotFound(version));
  const content = contentOf(source);
  // Columns deploy recorded since that version still describe the sheet: they are kept.
  const columns = { ...content.sheetMapping.columns, ...contentOf(draft).sheetMapping.columns };
  await tx
    .update(rsvpConfigurations)
    .set({ ...content, sheetMapping: { ...content.sheetMapping, columns }, updatedAt: new Date() })
    .where(eq(rsvpConfigurations.id, draft.id));
  await copyFields(tx, source.id, draft.id);
  return { id: draft.id, benefitId, configName: content.configName };
}

export const toStoredField = (f: typeof formFields.$inferSelect): StoredField => ({
  fieldName: f.fieldName,
  displayName: f.displayName,
  fieldType: f.fieldType as FieldType,
  isRequired: f.isRequired,
  isVisible: f.isVisible,
  placeholder: f.placeholder,
  helpText: f.helpText,
  options: f.options,
  validation: f.validation,
  ordering: f.ordering,
  columnMapping: f.columnMapping,
});

async function contentWithFields(db: Db, row: ConfigRow): Promise<ConfigContent> {
  const fields = await db
    .select()
    .from(formFields)
    .where(eq(formFields.configId, row.id))
    .orderBy(asc(formFields.ordering));
  return { ...contentOf(row), formFields: fields.map(toStoredField) };
}

/** Deployed versions of a benefit, newest first, with who deployed them and when. */
export async function listVersions(db: Db, benefitId: string): Promise<VersionSummary[]> {
  const rows = await db
    .select()
    .from(rsvpConfigurations)
    .where(and(ofBenefit(benefitId), isNotNull(rsvpConfigurations.version)))
    .orderBy(desc(rsvpConfigurations.version));
  const counts = rows.length
    ? await db
        .select({ configId: formFields.configId, n: count() })
        .from(formFields)
        .where(
          inArray(
            formFields.configId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(formFields.configId)
    : [];
  return rows.map((r) => summary(r, counts.find((c) => c.configId === r.id)?.n ?? 0));
}

const summary = (r: ConfigRow, fieldCount: number): VersionSummary => ({
  version: r.version ?? 0,
  configName: r.configName,
  fieldCount,
  deployedAt: r.deployedAt?.toISOString() ?? null,
  deployedBy: r.deployedBy,
  live: r.isActive,
});

/** What the wizard opens: the draft (the live row stands in until the first save), the live summary, the diff. */
export async function draftView(db: Db, benefitId: string) {
  const [draft] = await selectDraft(db, benefitId);
  const row = draft ?? (await newestRow(db, benefitId));
  if (!row) throw new HttpError(404, ADMIN_MSG.configNotFound);
  const [liveRow] = await db
    .select()
    .from(rsvpConfigurations)
    .where(and(ofBenefit(benefitId), eq(rsvpConfigurations.isActive, true)));
  const content = await contentWithFields(db, row);
  const live = liveRow ? await contentWithFields(db, liveRow) : null;
  return {
    id: row.id,
    benefitId,
    updatedAt: row.updatedAt.toISOString(),
    ...content,
    live: liveRow ? summary(liveRow, live?.formFields.length ?? 0) : null,
    diff: diffConfigs(live, content),
  };
}

/** The draft a deploy reads its sheet work from (the live row stands in before the first save), unlocked. */
export async function draftToDeploy(db: Db, benefitId: string): Promise<ConfigRow> {
  const [draft] = await selectDraft(db, benefitId);
  const row = draft ?? (await newestRow(db, benefitId));
  if (!row) throw new HttpError(404, ADMIN_MSG.configNotFound);
  return readConfig(row);
}
