import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as apiV1 from '#common/api/api-v1.ts';
import * as integrationsApi from '#common/api/integrations.ts';
import type { ApiTokenScope } from '#common/api-tokens.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin } from '../auth/index.ts';
import { apiAttendees, apiBookings, apiCheckIns, apiCodes } from './api-reads.ts';
import { apiCallerOf, requireApiToken } from './api-token-guard.ts';
import { createToken, listTokens, revokeToken } from './api-tokens.ts';
import { OWN, viewerOf } from './endpoints.ts';

/** Managing API tokens: an admin's, or a partner's own (decision 030 'own'; the service scopes by owner). */
export const apiTokenRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));
    const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(db, req);

    app.route({
      ...fromContract(integrationsApi.tokens),
      config: OWN,
      handler: async (req) => ({
        tokens: await listTokens(db, await viewer(req)),
      }),
    });

    app.route({
      ...fromContract(integrationsApi.createToken),
      config: OWN,
      handler: async (req, reply) => {
        const who = await viewer(req);
        const created = await audited(
          db,
          req,
          (tx) => createToken(tx, who, req.body),
          (t) => ({
            action: 'api_token.create',
            targetType: 'api_token',
            targetId: t.id,
            details: { name: t.name, scopes: t.scopes },
            leavesPlaces: true,
          }),
        );
        return reply.code(201).send(created);
      },
    });

    app.route({
      ...fromContract(integrationsApi.revokeToken),
      config: OWN,
      handler: async (req) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => revokeToken(tx, who, req.params.id), {
          action: 'api_token.revoke',
          targetType: 'api_token',
          targetId: req.params.id,
          leavesPlaces: true,
        });
        return { success: true };
      },
    });
  };

/** What another system reads with a token (decision 058): each route its own scope, a partner's token their benefits. */
export const apiV1Routes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The scope a route needs is its definition's, so the document and the guard cannot disagree.
    const guard = (def: { tokenScope: ApiTokenScope }) => requireApiToken(db, def.tokenScope, config.apiTokenPerMinute);
    app.route({
      ...fromContract(apiV1.bookings),
      preValidation: guard(apiV1.bookings),
      handler: async (req) => ({ data: await apiBookings(db, apiCallerOf(req), req.query) }),
    });
    app.route({
      ...fromContract(apiV1.attendees),
      preValidation: guard(apiV1.attendees),
      handler: async (req) => ({ data: await apiAttendees(db, apiCallerOf(req), req.query) }),
    });
    app.route({
      ...fromContract(apiV1.checkIns),
      preValidation: guard(apiV1.checkIns),
      handler: async (req) => ({ data: await apiCheckIns(db, apiCallerOf(req), req.query) }),
    });
    app.route({
      ...fromContract(apiV1.codes),
      preValidation: guard(apiV1.codes),
      handler: async (req) => ({ data: await apiCodes(db, apiCallerOf(req), req.query) }),
    });
  };
