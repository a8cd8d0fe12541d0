import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as integrationsApi from '#common/api/integrations.ts';
import {
  apiAttendeesAnswer,
  apiBookingsAnswer,
  apiCheckInsAnswer,
  apiCodesAnswer,
  apiCodesQuery,
  apiPageQuery,
} from '#common/api-tokens.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin } from '../auth/index.ts';
import { apiAttendees, apiBookings, apiCheckIns, apiCodes } from './api-reads.ts';
import { type ApiCaller, requireApiToken } from './api-token-guard.ts';
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
    const guard = (scope: Parameters<typeof requireApiToken>[1]) =>
      requireApiToken(db, scope, config.apiTokenPerMinute);
    const caller = (req: { apiCaller: ApiCaller | null }) => {
      if (!req.apiCaller) throw new Error('the token guard did not run');
      return req.apiCaller;
    };

    app.get(
      '/api/v1/bookings',
      { preValidation: guard('bookings'), schema: { querystring: apiPageQuery, response: { 200: apiBookingsAnswer } } },
      async (req) => ({ data: await apiBookings(db, caller(req), req.query) }),
    );
    app.get(
      '/api/v1/attendees',
      {
        preValidation: guard('attendees'),
        schema: { querystring: apiPageQuery, response: { 200: apiAttendeesAnswer } },
      },
      async (req) => ({ data: await apiAttendees(db, caller(req), req.query) }),
    );
    app.get(
      '/api/v1/check-ins',
      {
        preValidation: guard('check-ins'),
        schema: { querystring: apiPageQuery, response: { 200: apiCheckInsAnswer } },
      },
      async (req) => ({ data: await apiCheckIns(db, caller(req), req.query) }),
    );
    app.get(
      '/api/v1/codes',
      { preValidation: guard('codes'), schema: { querystring: apiCodesQuery, response: { 200: apiCodesAnswer } } },
      async (req) => ({ data: await apiCodes(db, caller(req), req.query) }),
    );
  };
