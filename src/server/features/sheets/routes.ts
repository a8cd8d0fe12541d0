import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '../../../common/admin.ts';
import { deployAnswerSchema, exportJobsSchema, successSchema } from '../../../common/route-answers.ts';
import { processSheetsAnswerSchema, processSheetsSchema } from '../../../common/sheets.ts';
import type { AppDeps } from '../../app.ts';
import { benefits, rsvpConfigurations } from '../../db/schema.ts';
import { audited } from '../../lib/audited.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../auth/admin-guard.ts';
import { listOutbox, retryFailed } from '../outbox/outbox.ts';
import { activateConfig, ensureDynamicEvent, importSlots } from '../rsvp/dynamic-rsvp.ts';
import { SHEETS_APPEND } from './export-row.ts';
import { processSheets, readSlotLogic } from './process-sheets.ts';

/** Admin side of the Sheets integration: process, deploy, and watch the exports. */
export const sheetsRoutes =
  ({ db, config, sheets }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const guard = requireAdmin(db, config.cookieSecure);

    app.post(
      '/api/sheets/process',
      { preValidation: guard, schema: { body: processSheetsSchema, response: { 200: processSheetsAnswerSchema } } },
      async (req) => processSheets(sheets, req.body),
    );

    // Deploy makes the configuration live: its event exists and Tab 2's capacities are imported.
    app.post(
      '/api/admin/rsvp-config/:id/deploy',
      {
        preValidation: guard,
        schema: { params: z.object({ id: z.uuid(ADMIN_MSG.configNotFound) }), response: { 200: deployAnswerSchema } },
      },
      async (req) => {
        const [cfg] = await db.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.id, req.params.id));
        if (!cfg) throw new HttpError(404, ADMIN_MSG.configNotFound);
        const [benefit] = await db.select().from(benefits).where(eq(benefits.id, cfg.benefitId));
        if (!benefit)
          throw new HttpError(
            400,
            `There is no benefit with the id "${cfg.benefitId}". Set the Benefit ID in Configure RSVP.`,
          );
        const warnings: string[] = [];
        const mapping = cfg.sheetMapping as { tab2Url?: string | null; tab2Name?: string | null };
        // The sheet is read before the transaction opens: no lock waits on Google.
        const read = mapping.tab2Url
          ? await readSlotLogic(sheets, mapping.tab2Url, mapping.tab2Name || 'Slot Logic')
          : null;
        const entry = { action: 'config.deploy', targetType: 'rsvp-config', targetId: cfg.id };
        await audited(
          db,
          req,
          async (tx) => {
            const eventId = await ensureDynamicEvent(tx, benefit);
            if (read) {
              await importSlots(tx, eventId, read.slots);
              warnings.push(...read.warnings);
            }
            await activateConfig(tx, cfg);
          },
          { ...entry, details: { benefitId: cfg.benefitId } },
        );
        return { success: true, benefitId: cfg.benefitId, url: `/rsvp/${cfg.benefitId}`, warnings };
      },
    );

    app.get(
      '/api/admin/exports',
      { preValidation: guard, schema: { response: { 200: exportJobsSchema } } },
      async () => {
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
      },
    );

    app.post(
      '/api/admin/exports/retry',
      { preValidation: guard, schema: { response: { 200: successSchema } } },
      async (req) => {
        await audited(db, req, (tx) => retryFailed(tx, SHEETS_APPEND), {
          action: 'exports.retry',
          targetType: 'outbox',
        });
        return { success: true };
      },
    );
  };
