import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as versionsApi from '#common/api/config-versions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin } from '../auth/index.ts';
import { draftView, listVersions, restoreVersion } from './config-versions.ts';

/** Decision 013: the wizard opens a benefit's draft, compares it with live, lists and restores versions. */
export const configVersionRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.route({ ...fromContract(versionsApi.draft), handler: async (req) => draftView(db, req.params.id) });

    app.route({ ...fromContract(versionsApi.diff), handler: async (req) => (await draftView(db, req.params.id)).diff });

    app.route({
      ...fromContract(versionsApi.versions),
      handler: async (req) => ({ versions: await listVersions(db, req.params.id) }),
    });

    app.route({
      ...fromContract(versionsApi.restore),
      handler: async (req) => {
        const { id: benefitId, version } = req.params;
        return audited(
          db,
          req,
          (tx) => restoreVersion(tx, benefitId, version),
          (restored) => ({
            action: 'config.restore',
            targetType: 'rsvp-config',
            targetId: restored.id,
            details: { benefitId, version },
          }),
        );
      },
    });
  };
