import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as benefitsApi from '#common/api/benefits.ts';
import * as pagesApi from '#common/api/pages.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import { PAGE_MSG } from '#common/partner-pages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditEntry, audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { memberLocale } from '../../lib/member-i18n.ts';
import { loadMember, requireAdmin } from '../auth/index.ts';
import { deletePage, eventChoices, findPage, listPages, readModal, saveModal, savePage } from './partner-pages.ts';

/** Partner pages: members read them at /{slug}; admins write them (decision 010). */
export const partnerPageRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The terms page opens in a new tab from a partner page and is public; every other page is for members. That a
    // page exists is not a secret: an unknown address is a 404 for anyone, as the portal's other unknown paths are.
    app.route({
      ...fromContract(benefitsApi.page),
      handler: async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        const page = await findPage(db, req.params.slug, memberLocale(req));
        if (!page) throw new HttpError(404, PAGE_MSG.notFound);
        if (page.layout !== 'terms' && !member)
          return reply.code(401).send({ error: MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
        return page;
      },
    });

    // The admin's page and modal editing: one guard for the scope (decision 032).
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(pagesApi.list),
        handler: async () => ({
          pages: await listPages(db),
        }),
      });

      app.route({
        ...fromContract(pagesApi.one),
        handler: async (req) => {
          const page = await findPage(db, req.params.slug);
          if (!page) throw new HttpError(404, PAGE_MSG.notFound);
          return page;
        },
      });

      app.route({
        ...fromContract(pagesApi.save),
        handler: async (req) => {
          const { slug } = req.params;
          const entry: AuditEntry = {
            action: 'page.save',
            targetType: 'page',
            targetId: slug,
            details: { benefitId: req.body.benefitId },
            leavesPlaces: true as const,
          };
          return audited(db, req, (tx) => savePage(tx, slug, req.body), entry);
        },
      });

      app.route({
        ...fromContract(pagesApi.events),
        handler: async () => ({
          data: await eventChoices(db),
        }),
      });

      app.route({
        ...fromContract(pagesApi.modal),
        handler: async (req) => ({ modal: await readModal(db, req.params.benefitId) }),
      });

      app.route({
        ...fromContract(pagesApi.saveModal),
        handler: async (req) => {
          const { benefitId } = req.params;
          const entry: AuditEntry = {
            action: 'benefit.modal',
            targetType: 'benefit',
            targetId: benefitId,
            leavesPlaces: true as const,
          };
          return { modal: await audited(db, req, (tx) => saveModal(tx, benefitId, req.body.modal), entry) };
        },
      });

      app.route({
        ...fromContract(pagesApi.remove),
        handler: async (req) => {
          const entry: AuditEntry = {
            action: 'page.delete',
            targetType: 'page',
            targetId: req.params.slug,
            leavesPlaces: true as const,
          };
          await audited(db, req, (tx) => deletePage(tx, req.params.slug), entry);
          return { success: true as const };
        },
      });
    });
  };
