import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '#common/auth.ts';
import { benefitIdParams, benefitSchema } from '#common/benefits.ts';
import { MSG } from '#common/messages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireMember } from '../auth/index.ts';
import { benefitListSchema, cachedBenefitList, findBenefit } from './catalogue.ts';

export const benefitRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is a member's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireMember(db, config.cookieSecure));

    // Every dashboard load asks for it: a short cache that an admin edit drops, with an ETag.
    app.get('/api/benefits', { schema: { response: { 200: benefitListSchema, 401: errorSchema } } }, (req, reply) =>
      replyHot(req, reply, cachedBenefitList(db), 'private'),
    );

    app.get(
      '/api/benefits/:benefitId',
      { schema: { params: benefitIdParams, response: { 200: benefitSchema, 401: errorSchema } } },
      async (req) => {
        const benefit = await findBenefit(db, req.params.benefitId);
        if (!benefit) throw new HttpError(404, MSG.benefitNotFound);
        return benefit;
      },
    );
  };
