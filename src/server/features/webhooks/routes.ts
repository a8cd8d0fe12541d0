import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODE } from '#common/error-codes.ts';
import { successSchema } from '#common/route-answers.ts';
import {
  WEBHOOK_MSG,
  webhookDeliveryListSchema,
  webhookDeliveryParams,
  webhookEndpointBody,
  webhookEndpointListSchema,
  webhookEndpointPatch,
  webhookEndpointSchema,
  webhookIdParams,
} from '#common/webhooks.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
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

    app.get(
      '/api/admin/webhooks',
      { config: OWN, schema: { response: { 200: webhookEndpointListSchema } } },
      async (req) => ({ endpoints: await listEndpoints(db, await viewer(req)) }),
    );

    app.post(
      '/api/admin/webhooks',
      { config: OWN, schema: { body: webhookEndpointBody, response: { 201: webhookEndpointSchema } } },
      async (req, reply) => {
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
    );

    app.patch(
      '/api/admin/webhooks/:id',
      {
        config: OWN,
        schema: { params: webhookIdParams, body: webhookEndpointPatch, response: { 200: webhookEndpointSchema } },
      },
      async (req) => {
        checkUrl(req.body.url, config.webhooks.httpsOnly);
        const who = await viewer(req);
        return audited(db, req, (tx) => updateEndpoint(tx, who, req.params.id, req.body), {
          action: 'webhook.update',
          ...target(req.params.id),
          details: { ...req.body },
        });
      },
    );

    app.delete(
      '/api/admin/webhooks/:id',
      { config: OWN, schema: { params: webhookIdParams, response: { 200: successSchema } } },
      async (req) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => deleteEndpoint(tx, who, req.params.id), {
          action: 'webhook.delete',
          ...target(req.params.id),
        });
        return { success: true };
      },
    );

    app.post(
      '/api/admin/webhooks/:id/rotate',
      { config: OWN, schema: { params: webhookIdParams, response: { 200: webhookEndpointSchema } } },
      async (req) => {
        const who = await viewer(req);
        return audited(db, req, (tx) => rotateSecret(tx, who, req.params.id), {
          action: 'webhook.rotate',
          ...target(req.params.id),
        });
      },
    );

    app.post(
      '/api/admin/webhooks/:id/test',
      { config: OWN, schema: { params: webhookIdParams, response: { 202: successSchema } } },
      async (req, reply) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => queueTestEvent(tx, who, req.params.id), {
          action: 'webhook.test',
          ...target(req.params.id),
        });
        return reply.code(202).send({ success: true });
      },
    );

    app.get(
      '/api/admin/webhooks/:id/deliveries',
      { config: OWN, schema: { params: webhookIdParams, response: { 200: webhookDeliveryListSchema } } },
      async (req) => ({ deliveries: await listDeliveries(db, await viewer(req), req.params.id) }),
    );

    app.post(
      '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
      { config: OWN, schema: { params: webhookDeliveryParams, response: { 202: successSchema } } },
      async (req, reply) => {
        const who = await viewer(req);
        await audited(db, req, (tx) => resendDelivery(tx, who, req.params.id, req.params.deliveryId), {
          action: 'webhook.resend',
          ...target(req.params.id),
          details: { deliveryId: req.params.deliveryId },
        });
        return reply.code(202).send({ success: true });
      },
    );
  };
