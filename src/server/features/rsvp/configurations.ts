import { asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_MSG } from '../../../common/admin.ts';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import type { createConfigSchema, updateConfigSchema } from '../../../common/rsvp-config.ts';
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

export async function createConfig(db: Db, body: z.output<typeof createConfigSchema>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rsvpConfigurations)
      .values({ benefitId: body.benefitId, ...parts(body) })
      .returning();
    if (!row) throw new Error('insert returned no row');
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
        configName: patch.configName,
        ...defined({
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
    if (patch.formFields) await writeFields(tx, row.id, patch.formFields);
    return { id: row.id, benefitId: row.benefitId, configName: row.configName };
  });
}

/** A benefit's live configuration (else its newest draft), with its fields in order. */
export async function findConfigForBenefit(db: Db, benefitId: string) {
  const [config] = await db
    .select()
    .from(rsvpConfigurations)
    .where(eq(rsvpConfigurations.benefitId, benefitId))
    .orderBy(desc(rsvpConfigurations.isActive), desc(rsvpConfigurations.updatedAt)) // a live form beats a newer draft
    .limit(1);
  if (!config) return null;
  const fields = await db
    .select()
    .from(formFields)
    .where(eq(formFields.configId, config.id))
    .orderBy(asc(formFields.ordering));
  return { config, fields };
}
