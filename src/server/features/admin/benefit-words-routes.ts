import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as wordsApi from '#common/api/organiser-words.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { requireAdmin } from '../auth/index.ts';
import { benefitWords, missingWordsByBenefit, saveBenefitWords } from '../benefits/index.ts';

/** The organiser's words in each language (decision 062): a benefit's, and what each benefit leaves in English. */
export const benefitWordsRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(wordsApi.benefitWords),
        handler: (req) => benefitWords(db, req.params.benefitId),
      });

      app.route({
        ...fromContract(wordsApi.saveBenefitWords),
        handler: (req) =>
          audited(db, req, (tx) => saveBenefitWords(tx, req.params.benefitId, req.body.translations), {
            action: 'benefit.translations',
            targetType: 'benefit',
            targetId: req.params.benefitId,
            details: { locales: Object.keys(req.body.translations) },
          }),
      });

      app.route({
        ...fromContract(wordsApi.missingWords),
        handler: async () => ({ data: await missingWordsByBenefit(db) }),
      });
    });
  };
