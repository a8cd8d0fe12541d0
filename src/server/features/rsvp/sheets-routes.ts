import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as benefitsApi from '#common/api/admin-benefits.ts';
import * as exportsApi from '#common/api/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin } from '../auth/index.ts';
import { benefitOfConfig } from '../configurations/index.ts';
import { listOutbox, retryFailed } from '../outbox/index.ts';
import { processSheets, SHEETS_APPEND } from '../sheets/index.ts';
import { deployDraft } from './deploy-form.ts';

/** Admin side of the Sheets integration: process, deploy, and watch the exports. */
export const sheetsRoutes =
  ({ db, config, sheets }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.route({ ...fromContract(benefitsApi.processSheets), handler: async (req) => processSheets(sheets, req.body) });

    // Deploy makes the benefit's draft its next live version: its event exists and Tab 2's capacities are imported.
    app.route({
      ...fromContract(benefitsApi.deploy),
      handler: async (req) => {
        // The id names the benefit's configuration (its draft or any version); what deploys is the draft.
        const deployed = await deployDraft(db, sheets, req, await benefitOfConfig(db, req.params.id));
        return { success: true, ...deployed, url: `/rsvp/${deployed.benefitId}` };
      },
    });

    app.route({
      ...fromContract(exportsApi.list),
      handler: async () => {
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
    });

    app.route({
      ...fromContract(exportsApi.retry),
      handler: async (req) => {
        await audited(db, req, (tx) => retryFailed(tx, SHEETS_APPEND), {
          action: 'exports.retry',
          targetType: 'outbox',
          leavesPlaces: true,
        });
        return { success: true };
      },
    });
  };
