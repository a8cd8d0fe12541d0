import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_MSG } from '../../../common/admin.ts';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import {
  behaviorSchema,
  type createConfigSchema,
  notificationsSchema,
  sheetMappingSchema,
  slotConfigSchema,
  type updateConfigSchema,
} from '../../../common/rsvp-config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { formFields, rsvpConfigurations } from '../../db/schema.ts';
import { patternProblem } from '../../lib/admin-pattern.ts';
import { HttpError } from '../../lib/http-error.ts';

type ConfigBody = z.output<typeof createConfigSchema>;
type ConfigPatch = z.output<typeof updateConfigSchema>;

/** Every field's pattern must be safe to run on members' answers (lib/admin-pattern.ts). */
function refuseUnsafePatterns(fields: ConfigBody['formFields']) {
  for (const f of fields) {
    const problem = f.validation?.pattern ? patternProblem(f.validation.pattern) : null;
    if (problem) throw new HttpError(400, `The pattern of "${f.displayName}" ${problem}`, ERROR_CODE.invalidForm);
  }
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
  isActive: body.isActive,
});

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * Saves a benefit's configuration: one per benefit (issue 14), so a second save for the same benefit updates the
 * one it has instead of forking another; a live one stays live (what members book through is never taken offline
 * by an edit).
 */
export async function createConfig(db: Db, body: z.output<typeof createConfigSchema>) {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(rsvpConfigurations)
      .where(eq(rsvpConfigurations.benefitId, body.benefitId))
      .orderBy(desc(rsvpConfigurations.isActive), desc(rsvpConfigurations.updatedAt))
      .limit(1)
      .for('update');
    const values = { ...parts(body), isActive: body.isActive || Boolean(existing?.isActive) };
    const [row] = existing
      ? await tx
          .update(rsvpConfigurations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(rsvpConfigurations.id, existing.id))
          .returning()
      : await tx
          .insert(rsvpConfigurations)
          .values({ benefitId: body.benefitId, ...values })
          .returning();
    if (!row) throw new Error('insert returned no row');
    await keepOneLive(tx, row);
    await writeFields(tx, row.id, body.formFields);
    return { id: row.id, benefitId: row.benefitId, configName: row.configName };
  });
}

export async function updateConfig(db: Db, id: string, patch: ConfigPatch) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.id, id)).for('update');
    if (!current) throw new HttpError(404, ADMIN_MSG.configNotFound);
    const sheetMapping = patch.sheetMapping ? { ...current.sheetMapping, ...defined(patch.sheetMapping) } : undefined;
    const [row] = await tx
      .update(rsvpConfigurations)
      .set({
        ...defined({
          configName: patch.configName,
          slotConfig: patch.slotConfig,
          notifications: patch.notifications,
          behavior: patch.behavior,
          isActive: patch.isActive,
          sheetMapping,
        }),
        updatedAt: new Date(),
      })
      .where(eq(rsvpConfigurations.id, id))
      .returning();
    if (!row) throw new HttpError(404, ADMIN_MSG.configNotFound);
    if (patch.isActive) await keepOneLive(tx, row);
    if (patch.formFields) await writeFields(tx, row.id, patch.formFields);
    return { id: row.id, benefitId: row.benefitId, configName: row.configName };
  });
}

export type ConfigRow = typeof rsvpConfigurations.$inferSelect;

/** A stored configuration read through its schemas: settings saved before a rule or default existed fill in. */
export function readConfig(row: ConfigRow): ConfigRow {
  const read = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, value: unknown, empty: T) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : empty;
  };
  return {
    ...row,
    slotConfig: read(slotConfigSchema, row.slotConfig, slotConfigSchema.parse({})),
    notifications: read(notificationsSchema, row.notifications, notificationsSchema.parse({})),
    behavior: read(behaviorSchema, row.behavior, behaviorSchema.parse({})),
    sheetMapping: read(sheetMappingSchema, row.sheetMapping, sheetMappingSchema.parse({})),
  };
}

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

/** Only one configuration of a benefit is live: making one live takes the others off. */
async function keepOneLive(tx: Tx, row: ConfigRow) {
  if (!row.isActive) return;
  await tx
    .update(rsvpConfigurations)
    .set({ isActive: false })
    .where(and(eq(rsvpConfigurations.benefitId, row.benefitId), ne(rsvpConfigurations.id, row.id)));
}

/** A benefit's live configuration (else its newest draft), with its fields in order: what the wizard edits. */
export async function findConfigForBenefit(db: Db, benefitId: string) {
  const [stored] = await db
    .select()
    .from(rsvpConfigurations)
    .where(eq(rsvpConfigurations.benefitId, benefitId))
    .orderBy(desc(rsvpConfigurations.isActive), desc(rsvpConfigurations.updatedAt)) // a live form beats a newer draft
    .limit(1);
  if (!stored) return null;
  const config = readConfig(stored);
  const fields = await db
    .select()
    .from(formFields)
    .where(eq(formFields.configId, config.id))
    .orderBy(asc(formFields.ordering));
  return { config, fields };
}
