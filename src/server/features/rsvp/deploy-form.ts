import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTO_TAB1_NAME } from '#common/rsvp-config.ts';
import { DEPLOY_MSG } from '#common/sheets.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { benefits, formFields } from '../../db/schema.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type ConfigRow, draftToDeploy, publishDraft } from '../configurations/index.ts';
import { prepareColumns, readSlotLogic } from '../sheets/index.ts';
import { ensureDynamicEvent, fieldHeader, importSlots } from './dynamic-rsvp.ts';

/** Tab 1's column for every field, adding the missing ones to its header; the old mapping if unreadable. */
async function deployColumns(db: Db, sheets: AppDeps['sheets'], cfg: ConfigRow, warnings: string[]) {
  const { tab1Url, tab1Name, columns } = cfg.sheetMapping;
  if (!tab1Url) return columns;
  const fields = await db.select().from(formFields).where(eq(formFields.configId, cfg.id));
  try {
    const prepared = await prepareColumns(
      sheets,
      { url: tab1Url, tab: tab1Name || AUTO_TAB1_NAME },
      fields.map((f) => ({ field: f.fieldName, header: fieldHeader(f), index: columns[f.fieldName] ?? null })),
    );
    if (prepared.added.length > 0) warnings.push(DEPLOY_MSG.columnsAdded(prepared.added));
    return prepared.columns;
  } catch {
    warnings.push(DEPLOY_MSG.tab1Unreadable);
    return columns;
  }
}

/**
 * Makes a benefit's draft its next live version (decision 013): its event exists and Tab 2's slots are imported in
 * the same transaction, so the slots members are offered are the ones the form books. The wizard's Deploy refuses
 * an unreadable Tab 2; a save that publishes (the spec's `isActive: true`, `lenient`) publishes anyway, warning.
 */
export async function deployDraft(
  db: Db,
  sheets: AppDeps['sheets'],
  req: FastifyRequest,
  benefitId: string,
  opts: { lenient?: boolean } = {},
) {
  const cfg = await draftToDeploy(db, benefitId);
  const [benefit] = await db.select().from(benefits).where(eq(benefits.id, cfg.benefitId));
  // A save that publishes keeps working for a configuration saved before its benefit (the spec's 'default').
  if (!benefit && !opts.lenient)
    throw new HttpError(
      400,
      `There is no benefit with the id "${cfg.benefitId}". Set the Benefit ID in Configure RSVP.`,
    );
  const warnings: string[] = [];
  const mapping = cfg.sheetMapping;
  // The sheet is read before the transaction opens: no lock waits on Google.
  const read = mapping.tab2Url
    ? await readSlotLogic(sheets, mapping.tab2Url, mapping.tab2Name || null, cfg.slotConfig.maxBookingsPerSlot).catch(
        (err: unknown) => {
          if (!opts.lenient || !(err instanceof HttpError)) throw err;
          warnings.push(`${DEPLOY_MSG.tab2Unreadable} ${err.message}`);
          return null;
        },
      )
    : null;
  const columns = await deployColumns(db, sheets, cfg, warnings);
  const deployed = await audited(
    db,
    req,
    async (tx) => {
      const eventId = benefit ? await ensureDynamicEvent(tx, benefit) : null;
      if (read && eventId) {
        await importSlots(tx, eventId, read.slots);
        warnings.push(...read.warnings);
      }
      return publishDraft(tx, cfg.benefitId, adminOf(req).email, columns);
    },
    (v) => ({
      action: 'config.deploy',
      targetType: 'rsvp-config',
      targetId: v.id,
      details: { benefitId: cfg.benefitId, version: v.version },
    }),
  );
  return { benefitId: cfg.benefitId, version: deployed.version ?? 0, warnings };
}
