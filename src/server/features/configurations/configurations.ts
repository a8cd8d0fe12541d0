import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_MSG } from '#common/admin.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import {
  type createConfigSchema,
  type FieldType,
  roleTypeProblems,
  type SlotConfig,
  type updateConfigSchema,
} from '#common/rsvp-config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { formFields, rsvpConfigurations } from '../../db/schema.ts';
import { patternProblem } from '../../lib/admin-pattern.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type ConfigRow, readConfig } from './config-row.ts';
import { benefitOfConfig, lockDraft, publishDraft, toStoredField } from './config-versions.ts';

type ConfigBody = z.output<typeof createConfigSchema>;
type ConfigPatch = z.output<typeof updateConfigSchema>;

/** Every field's pattern must be safe to run on members' answers (lib/admin-pattern.ts). */
function refuseUnsafePatterns(fields: ConfigBody['formFields']) {
  for (const f of fields) {
    const problem = f.validation?.pattern ? patternProblem(f.validation.pattern) : null;
    if (problem) throw new HttpError(400, `The pattern of "${f.displayName}" ${problem}`, ERROR_CODE.invalidPattern);
  }
}

/** Every role names a field of a type it can take (a number is never an RSVP status): else 400 invalid_roles. */
function refuseRoleTypes(
  fields: readonly { fieldName: string; displayName: string; fieldType: FieldType }[],
  slots: SlotConfig,
) {
  const problems = roleTypeProblems(fields, slots);
  const first = problems[0];
  if (first)
    throw new HttpError(400, first.message, ERROR_CODE.invalidRoles, {
      extra: { fields: Object.fromEntries(problems.map((p) => [`slotConfig.${p.key}`, p.message])) },
    });
}

async function writeFields(tx: Tx, configId: string, fields: ConfigBody['formFields']) {
  refuseUnsafePatterns(fields);
  await tx.delete(formFields).where(eq(formFields.configId, configId));
  if (fields.length === 0) return;
  await tx.insert(formFields).values(
    fields.map((f, i) => ({
      configId,
      fieldName: f.fieldName,
      displayName: f.displayName,
      fieldType: f.fieldType,
      isRequired: f.isRequired,
      isVisible: f.isVisible,
      placeholder: f.placeholder ?? null,
      helpText: f.helpText ?? null,
      validation: f.validation ?? null,
      options: f.options ?? null,
      grouping: f.grouping ?? null,
      ordering: f.ordering || i,
      columnMapping: f.columnMapping ?? null,
    })),
  );
}

const parts = (body: ConfigBody) => ({
  configName: body.configName,
  slotConfig: body.slotConfig,
  notifications: body.notifications,
  behavior: body.behavior,
  sheetMapping: body.sheetMapping,
});

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const answer = (row: ConfigRow) => ({ id: row.id, benefitId: row.benefitId, configName: row.configName });

/**
 * Saves a benefit's configuration into its draft (decision 013): one per benefit, so a second save updates the same
 * draft instead of forking another. Members keep the live version until a deploy; `isActive: true` (API clients
 * that save and publish in one call) publishes the saved draft as the next version at once.
 */
export async function createConfig(db: Db, body: ConfigBody, by = '') {
  refuseRoleTypes(body.formFields, body.slotConfig);
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, body.benefitId, parts(body));
    if (!draft) throw new Error('no draft');
    // Columns deploy recorded stay with the draft: a save never forgets where answers go.
    const columns = { ...readConfig(draft).sheetMapping.columns, ...body.sheetMapping.columns };
    const [row] = await tx
      .update(rsvpConfigurations)
      .set({ ...parts(body), sheetMapping: { ...body.sheetMapping, columns }, updatedAt: new Date() })
      .where(eq(rsvpConfigurations.id, draft.id))
      .returning();
    if (!row) throw new Error('update returned no row');
    await writeFields(tx, row.id, body.formFields);
    if (body.isActive) await publishDraft(tx, row.benefitId, by);
    return answer(row);
  });
}

/** Edits the draft of the benefit whose configuration `id` names (its draft or any version); only what is sent. */
export async function updateConfig(db: Db, id: string, patch: ConfigPatch, by = '') {
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, await benefitOfConfig(tx, id));
    if (!draft) throw new HttpError(404, ADMIN_MSG.configNotFound);
    const current = readConfig(draft);
    if (patch.slotConfig || patch.formFields) {
      const stored = () => tx.select().from(formFields).where(eq(formFields.configId, draft.id));
      const fields = patch.formFields ?? (await stored()).map(toStoredField);
      refuseRoleTypes(fields, patch.slotConfig ?? current.slotConfig);
    }
    const sheetMapping = patch.sheetMapping ? { ...current.sheetMapping, ...defined(patch.sheetMapping) } : undefined;
    const [row] = await tx
      .update(rsvpConfigurations)
      .set({
        ...defined({
          configName: patch.configName,
          slotConfig: patch.slotConfig,
          notifications: patch.notifications,
          behavior: patch.behavior,
          sheetMapping,
        }),
        updatedAt: new Date(),
      })
      .where(eq(rsvpConfigurations.id, draft.id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_MSG.configNotFound);
    if (patch.formFields) await writeFields(tx, row.id, patch.formFields);
    if (patch.isActive) await publishDraft(tx, row.benefitId, by);
    return answer(row);
  });
}

export { type ConfigRow, readConfig } from './config-row.ts';

/** The one live configuration of a benefit (what members book through), or null. */
export async function liveConfigFor(db: Db | Tx, benefitId: string): Promise<ConfigRow | null> {
  const [row] = await db
    .select()
    .from(rsvpConfigurations)
    .where(and(eq(rsvpConfigurations.benefitId, benefitId), eq(rsvpConfigurations.isActive, true)))
    .orderBy(desc(rsvpConfigurations.updatedAt))
    .limit(1);
  return row ? readConfig(row) : null;
}

/** A benefit's live configuration with its fields in order (what members book through), or null. */
export async function liveFormFor(db: Db, benefitId: string) {
  const config = await liveConfigFor(db, benefitId);
  if (!config) return null;
  const fields = await db
    .select()
    .from(formFields)
    .where(eq(formFields.configId, config.id))
    .orderBy(asc(formFields.ordering));
  return { config, fields };
}
