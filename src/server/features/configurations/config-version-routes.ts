import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configAnswerSchema } from '#common/rsvp-config.ts';
import {
  configDiffSchema,
  configDraftAnswerSchema,
  versionListSchema,
  versionParamsSchema,
} from '#common/rsvp-config-versions.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { requireAdmin } from '../auth/index.ts';
import { draftView, listVersions, restoreVersion } from './config-versions.ts';

const params = z.object({ id: z.string().min(1).max(200) });

/** Decision 013: the wizard opens a benefit's draft, compares it with live, lists and restores versions. */
export const configVersionRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.get(
      '/api/admin/benefits/:id/rsvp-config/draft',
      { schema: { params, response: { 200: configDraftAnswerSchema } } },
      async (req) => draftView(db, req.params.id),
    );

    app.get(
      '/api/admin/benefits/:id/rsvp-config/diff',
      { schema: { params, response: { 200: configDiffSchema } } },
      async (req) => (await draftView(db, req.params.id)).diff,
    );

    app.get(
      '/api/admin/benefits/:id/rsvp-config/versions',
      { schema: { params, response: { 200: versionListSchema } } },
      async (req) => ({ versions: await listVersions(db, req.params.id) }),
    );

    app.post(
      '/api/admin/benefits/:id/rsvp-config/versions/:version/restore',
      { schema: { params: versionParamsSchema, response: { 200: configAnswerSchema } } },
      async (req) => {
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
    );
  };
