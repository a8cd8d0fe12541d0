import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as integrationsApi from '#common/api/integrations.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { WEBHOOK_MSG } from '#common/webhooks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../auth/index.ts';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  OWN,
  queueTestEvent,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
  viewerOf,
} from './endpoints.ts';

/** https only in production (lib/safe-request.ts refuses the rest too; saying so at once spares a silent failure). */
function checkUrl(url: string | undefined, httpsOnly: boolean) {
  if (url && !(url.startsWith('https://') || (!httpsOnly && url.startsWith('http://'))))
    throw new HttpError(400, WEBHOOK_MSG.badUrl, ERROR_CODE.badRequest);
}
const target = (targetId: string) => ({ targetType: 'webhook', targetId, leavesPlaces: true }) as const;

/** An organiser's (or partner's) webhook endpoints, their log, resend and test event (decision 058). */
export const webhookRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));
    const viewer = (req: Parameters<typeof viewerOf>[1]) => viewerOf(db, req);

    app.route({
      ...fromContract(integrationsApi.webhooks),
      config: OWN,
      handler: async (req) => ({ endpoints: await listEndpoints(db, await viewer(req)) }),
    });

    app.route({
      ...fromContract(integrationsApi.addWebhook),
      config: OWN,
      handler: async (req, reply) => {
        checkUrl(req.body.url, config.webhooks.httpsOnly);
        const who = await viewer(req);
        const created = await audited(
          db,
          req,
          (tx) => createEndpoint(tx, who, req.body),
          (e) => ({ action: 'webhook.create', ...target(e.id), details: { url: e.url, eventTypes: e.eventTypes } }),
        );
        return reply.code(201).send(created);
      },
    });

    app.route({
      ...fromContract(integrationsApi.changeWebhook),
      config: OWN,
      handler: async (req) => {
        checkUrl(req.body.url, config.webhooks.httpsOnly);
        const who = await viewer(req);
        return audited(db, req, (tx) => updateEndpoint(tx, who, req.params.id, req.body), {
          action: 'webhook.update',
          ...target(req.params.id),
          details: { ...req.body },
        });
      },
    });

    app.route({
      ...fromContract(integrationsApi.deleteWebhook),
      config: OWN,
      handler: async (req) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => deleteEndpoint(tx, who, req.params.id), {
          action: 'webhook.delete',
          ...target(req.params.id),
        });
        return { success: true };
      },
    });

    app.route({
      ...fromContract(integrationsApi.rotateWebhook),
      config: OWN,
      handler: async (req) => {
        const who = await viewer(req);
        return audited(db, req, (tx) => rotateSecret(tx, who, req.params.id), {
          action: 'webhook.rotate',
          ...target(req.params.id),
        });
      },
    });

    app.route({
      ...fromContract(integrationsApi.testWebhook),
      config: OWN,
      handler: async (req, reply) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => queueTestEvent(tx, who, req.params.id), {
          action: 'webhook.test',
          ...target(req.params.id),
        });
        return reply.code(202).send({ success: true });
      },
    });

    app.route({
      ...fromContract(integrationsApi.deliveries),
      config: OWN,
      handler: async (req) => ({ deliveries: await listDeliveries(db, await viewer(req), req.params.id) }),
    });

    app.route({
      ...fromContract(integrationsApi.resend),
      config: OWN,
      handler: async (req, reply) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => resendDelivery(tx, who, req.params.id, req.params.deliveryId), {
          action: 'webhook.resend',
          ...target(req.params.id),
          details: { deliveryId: req.params.deliveryId },
        });
        return reply.code(202).send({ success: true });
      },
    });
  };
