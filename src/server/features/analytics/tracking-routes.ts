import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clickSchema, submissionSchema } from '#common/analytics.ts';
import { errorSchema, okSchema } from '#common/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
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

    app.post(
      '/api/analytics/click',
      { schema: { body: clickSchema, response: { 201: okSchema, 404: errorSchema } } },
      async (req, reply) => {
        await recordClick(db, req.body, meta(req));
        return reply.code(201).send({ success: true as const });
      },
    );

    app.post(
      '/api/analytics/submission',
      { schema: { body: submissionSchema, response: { 201: okSchema, 404: errorSchema } } },
      async (req, reply) => {
        await recordSubmission(db, req.body, meta(req));
        return reply.code(201).send({ success: true as const });
      },
    );
  };
