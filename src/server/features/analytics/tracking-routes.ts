import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as analyticsApi from '#common/api/analytics.ts';
import * as dashboardApi from '#common/api/dashboard.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireMember } from '../auth/index.ts';
import { recordClick, recordSubmission } from './tracking.ts';

export const trackingRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is a member's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireMember(db, config.cookieSecure));
    const meta = (req: { member: { email: string } | null; headers: Record<string, unknown>; ip: string }) => ({
      userEmail: req.member?.email ?? '',
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
      ipAddress: req.ip,
    });

    app.route({
      ...fromContract(dashboardApi.trackClick),
      handler: async (req, reply) => {
        await recordClick(db, req.body, meta(req));
        return reply.code(201).send({ success: true as const });
      },
    });

    app.route({
      ...fromContract(analyticsApi.trackSubmission),
      handler: async (req, reply) => {
        await recordSubmission(db, req.body, meta(req));
        return reply.code(201).send({ success: true as const });
      },
    });
  };
