import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_MSG, addBenefitSchema } from '#common/admin.ts';
import * as benefitsApi from '#common/api/admin-benefits.ts';
import * as imagesApi from '#common/api/images.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { type AuditEntry, audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { HttpError } from '../../lib/http-error.ts';
import { acceptMultipart, readMultipart } from '../../lib/multipart.ts';
import { requireAdmin } from '../auth/index.ts';
import {
  createBenefit,
  deleteBenefit,
  getAdminBenefit,
  listAdminBenefits,
  loadImage,
  storeImage,
  updateBenefit,
} from '../benefits/index.ts';
import { createConfig, draftView, updateConfig } from '../configurations/index.ts';
import { deployDraft } from '../rsvp/index.ts';
import { benefitEventRoutes } from './benefit-event-routes.ts';
import { benefitWordsRoutes } from './benefit-words-routes.ts';

/** docs/spec/admin-and-rsvp.md §7: benefits, images and RSVP configurations, all behind the admin guard. */
export const adminBenefitRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, sheets } = deps;
    await acceptMultipart(app); // the image upload and the benefit form with its logo
    await app.register(benefitEventRoutes(deps));
    await app.register(benefitWordsRoutes(deps));
    // The admin's routes, in one encapsulated scope that registers the guard once; the image route below is public.
    await app.register(async (scope) => {
      const app = scope.withTypeProvider<ZodTypeProvider>();
      app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

      app.route({ ...fromContract(benefitsApi.list), handler: async () => listAdminBenefits(db) });

      app.route({ ...fromContract(benefitsApi.one), handler: async (req) => getAdminBenefit(db, req.params.id) });

      app.route({
        ...fromContract(benefitsApi.create),
        handler: async (req, reply) => {
          const { fields, file } = await readMultipart(req, 'logo');
          const parsed = addBenefitSchema.safeParse(fields);
          if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? ADMIN_MSG.nameRequired);
          if (!file) throw new HttpError(400, ADMIN_MSG.imageRequired);
          const input = parsed.data;
          const { id, warnings } = await audited(
            db,
            req,
            async (tx) => {
              const { imageUrl, warnings } = await storeImage(tx, file, 'add');
              return { id: await createBenefit(tx, input, imageUrl), warnings };
            },
            (made) => ({
              action: 'benefit.create',
              targetType: 'benefit',
              targetId: made.id,
              details: { benefitName: input.benefitName },
            }),
          );
          return reply.code(201).send({ id, warnings });
        },
      });

      app.route({
        ...fromContract(benefitsApi.save),
        handler: async (req) => {
          const entry: AuditEntry = { action: 'benefit.update', targetType: 'benefit', targetId: req.params.id };
          await audited(db, req, (tx) => updateBenefit(tx, req.params.id, req.body), {
            ...entry,
            details: { benefitName: req.body.benefitName },
          });
          return { id: req.params.id };
        },
      });

      app.route({
        ...fromContract(benefitsApi.remove),
        handler: async (req) => {
          const entry: AuditEntry = { action: 'benefit.delete', targetType: 'benefit', targetId: req.params.id };
          await audited(db, req, (tx) => deleteBenefit(tx, req.params.id), entry);
          return { success: true as const };
        },
      });

      app.route({
        ...fromContract(benefitsApi.uploadImage),
        handler: async (req) => {
          const { file } = await readMultipart(req, 'image');
          if (!file) throw new HttpError(400, ADMIN_MSG.imageRequired);
          return audited(
            db,
            req,
            (tx) => storeImage(tx, file, 'edit'),
            (stored) => ({
              action: 'image.upload',
              targetType: 'image',
              targetId: stored.imageUrl,
              leavesPlaces: true,
            }),
          );
        },
      });

      app.route({
        ...fromContract(benefitsApi.rsvpConfig),
        handler: async (req) => {
          // The configuration's identity is its draft (decision 013); draftView answers 404 without one.
          const { id, benefitId, configName } = await draftView(db, req.params.id);
          return { id, benefitId, configName };
        },
      });

      app.route({
        ...fromContract(benefitsApi.createConfig),
        handler: async (req, reply) => {
          // Saved as the draft, then published like a Deploy: Tab 2's slots come with it (DESIGN §8, decision 049).
          const made = await audited(
            db,
            req,
            (tx) => createConfig(tx, { ...req.body, isActive: false }, adminOf(req).email),
            (cfg) => ({
              action: 'config.create',
              targetType: 'rsvp-config',
              targetId: cfg.id,
              details: { configName: req.body.configName, benefitId: req.body.benefitId },
            }),
          );
          if (!req.body.isActive) return reply.code(201).send(made);
          const { warnings } = await deployDraft(db, sheets, req, made.benefitId, { lenient: true });
          return reply.code(201).send(warnings.length > 0 ? { ...made, warnings } : made);
        },
      });

      app.route({
        ...fromContract(benefitsApi.updateConfig),
        handler: async (req) => {
          const entry: AuditEntry = { action: 'config.update', targetType: 'rsvp-config', targetId: req.params.id };
          const details = req.body.configName ? { configName: req.body.configName } : undefined;
          const patch = { ...req.body, isActive: false };
          const saved = await audited(db, req, (tx) => updateConfig(tx, req.params.id, patch, adminOf(req).email), {
            ...entry,
            details,
          });
          if (!req.body.isActive) return saved;
          const { warnings } = await deployDraft(db, sheets, req, saved.benefitId, { lenient: true });
          return warnings.length > 0 ? { ...saved, warnings } : saved;
        },
      });
    });

    // Content-addressed: the URL changes with the bytes, so browsers may keep it for a year.
    app.route({
      ...fromContract(imagesApi.image),
      handler: async (req, reply) => {
        const image = await loadImage(db, req.params.file.slice(0, 64));
        if (!image) throw new HttpError(404, 'Not found');
        return reply
          .type(image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image.data);
      },
    });
  };
