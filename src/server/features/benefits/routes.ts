import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as benefitsApi from '#common/api/benefits.ts';
import * as dashboardApi from '#common/api/dashboard.ts';
import { MSG } from '#common/messages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { memberLocale } from '../../lib/member-i18n.ts';
import { requireMember } from '../auth/index.ts';
import { cachedBenefitList, findBenefit } from './catalogue.ts';

export const benefitRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is a member's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireMember(db, config.cookieSecure));

    // Every dashboard load asks for it: a short cache that an admin edit drops, with an ETag.
    app.route({
      ...fromContract(dashboardApi.benefits),
      handler: (req, reply) => replyHot(req, reply, cachedBenefitList(db, memberLocale(req)), 'private'),
    });

    app.route({
      ...fromContract(benefitsApi.one),
      handler: async (req) => {
        const benefit = await findBenefit(db, req.params.benefitId, memberLocale(req));
        if (!benefit) throw new HttpError(404, MSG.benefitNotFound);
        return benefit;
      },
    });
  };
