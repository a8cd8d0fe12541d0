import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AUTO_TAB1_NAME } from '#common/rsvp-config.ts';
import { DEPLOY_MSG } from '#common/sheets.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db, Tx } from '../../db/client.ts';
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

/** A draft with its sheet read: what a deploy publishes, in a transaction that waits on no sheet. */
export type ReadDraft = Awaited<ReturnType<typeof readDraftSheets>>;

/**
 * A deploy's first half: the benefit's draft, Tab 2's slots and Tab 1's columns (missing ones added to its header).
 * The wizard's Deploy refuses an unreadable Tab 2; a save that publishes (`lenient`) goes on without it, warning.
 */
export async function readDraftSheets(
  db: Db,
  sheets: AppDeps['sheets'],
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
  return { cfg, benefit, read, columns, warnings };
}

/**
 * A deploy's second half, in the caller's transaction (decision 013): the benefit's event exists, Tab 2's slots are
 * imported and the draft becomes the next live version, so the slots members are offered are the ones it books.
 */
export async function publishReadDraft(tx: Tx, draft: ReadDraft, by: string) {
  const { cfg, benefit, read, columns } = draft;
  const warnings = [...draft.warnings];
  const eventId = benefit ? await ensureDynamicEvent(tx, benefit) : null;
  if (read && eventId) {
    await importSlots(tx, eventId, read.slots);
    warnings.push(...read.warnings);
  }
  const deployed = await publishDraft(tx, cfg.benefitId, by, columns);
  return { benefitId: cfg.benefitId, version: deployed.version ?? 0, id: deployed.id, warnings };
}

/** Deploy from the wizard or a save that publishes: the sheets are read before the transaction opens. */
export async function deployDraft(
  db: Db,
  sheets: AppDeps['sheets'],
  req: FastifyRequest,
  benefitId: string,
  opts: { lenient?: boolean } = {},
) {
  const draft = await readDraftSheets(db, sheets, benefitId, opts);
  const { id: _id, ...deployed } = await audited(
    db,
    req,
    (tx) => publishReadDraft(tx, draft, adminOf(req).email),
    (v) => ({
      action: 'config.deploy',
      targetType: 'rsvp-config',
      targetId: v.id,
      details: { benefitId: v.benefitId, version: v.version },
    }),
  );
  return deployed;
}
