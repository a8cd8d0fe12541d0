import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '#common/admin.ts';
import { deployAnswerSchema, exportJobsSchema, successSchema } from '#common/route-answers.ts';
import { AUTO_TAB1_NAME } from '#common/rsvp-config.ts';
import { DEPLOY_MSG, processSheetsAnswerSchema, processSheetsSchema } from '#common/sheets.ts';
import type { AppDeps } from '../../app-deps.ts';
import { benefits, formFields } from '../../db/schema.ts';
import { audited } from '../../lib/audited.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../auth/index.ts';
import { benefitOfConfig, type ConfigRow, draftToDeploy, publishDraft } from '../configurations/index.ts';
import { listOutbox, retryFailed } from '../outbox/index.ts';
import { prepareColumns, processSheets, readSlotLogic, SHEETS_APPEND } from '../sheets/index.ts';
import { ensureDynamicEvent, fieldHeader, importSlots } from './dynamic-rsvp.ts';

/** Admin side of the Sheets integration: process, deploy, and watch the exports. */
export const sheetsRoutes =
  ({ db, config, sheets }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    /** Tab 1's column for every field, adding the missing ones to its header; the old mapping if unreadable. */
    async function deployColumns(cfg: ConfigRow, warnings: string[]): Promise<Record<string, number>> {
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

    app.post(
      '/api/sheets/process',
      { schema: { body: processSheetsSchema, response: { 200: processSheetsAnswerSchema } } },
      async (req) => processSheets(sheets, req.body),
    );

    // Deploy makes the benefit's draft its next live version: its event exists and Tab 2's capacities are imported.
    app.post(
      '/api/admin/rsvp-config/:id/deploy',
      { schema: { params: z.object({ id: z.uuid(ADMIN_MSG.configNotFound) }), response: { 200: deployAnswerSchema } } },
      async (req) => {
        // The id names the benefit's configuration (its draft or any version); what deploys is the draft.
        const cfg = await draftToDeploy(db, await benefitOfConfig(db, req.params.id));
        const [benefit] = await db.select().from(benefits).where(eq(benefits.id, cfg.benefitId));
        if (!benefit)
          throw new HttpError(
            400,
            `There is no benefit with the id "${cfg.benefitId}". Set the Benefit ID in Configure RSVP.`,
          );
        const warnings: string[] = [];
        const mapping = cfg.sheetMapping;
        // The sheet is read before the transaction opens: no lock waits on Google.
        const read = mapping.tab2Url
          ? await readSlotLogic(
              sheets,
              mapping.tab2Url,
              mapping.tab2Name || 'Slot Logic',
              cfg.slotConfig.maxBookingsPerSlot,
            )
          : null;
        const columns = await deployColumns(cfg, warnings);
        const deployed = await audited(
          db,
          req,
          async (tx) => {
            const eventId = await ensureDynamicEvent(tx, benefit);
            if (read) {
              await importSlots(tx, eventId, read.slots);
              warnings.push(...read.warnings);
            }
            return publishDraft(tx, cfg.benefitId, req.admin?.email ?? '', columns);
          },
          (v) => ({
            action: 'config.deploy',
            targetType: 'rsvp-config',
            targetId: v.id,
            details: { benefitId: cfg.benefitId, version: v.version },
          }),
        );
        const url = `/rsvp/${cfg.benefitId}`;
        return { success: true, benefitId: cfg.benefitId, url, version: deployed.version ?? 0, warnings };
      },
    );

    app.get('/api/admin/exports', { schema: { response: { 200: exportJobsSchema } } }, async () => {
      // Only the Sheets copies: mail has its own Outbox page.
      const jobs = await listOutbox(db, undefined, [SHEETS_APPEND]);
      return {
        jobs: jobs.map((j) => ({
          id: j.id,
          kind: j.kind,
          status: j.status,
          attempts: j.attempts,
          lastError: j.lastError,
          createdAt: j.createdAt.toISOString(),
          nextAttemptAt: j.nextAttemptAt.toISOString(),
        })),
      };
    });

    app.post('/api/admin/exports/retry', { schema: { response: { 200: successSchema } } }, async (req) => {
      await audited(db, req, (tx) => retryFailed(tx, SHEETS_APPEND), {
        action: 'exports.retry',
        targetType: 'outbox',
        leavesPlaces: true,
      });
      return { success: true };
    });
  };
