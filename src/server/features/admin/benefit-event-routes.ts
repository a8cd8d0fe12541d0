import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '#common/auth.ts';
import {
  benefitEventInputSchema,
  benefitEventsSchema,
  eventCreatedSchema,
  eventSlotsInputSchema,
} from '#common/benefit-events.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { requireAdmin } from '../auth/index.ts';
import { addBenefitEvent, addEventSlots, listBenefitEvents } from '../benefits/index.ts';

const idParams = z.object({ id: z.string().min(1).max(200) });
const eventParams = z.object({ eventId: z.string().min(1).max(200) });

/** A benefit's events and a built-in form's slots (decision 053): what the seed builds its week with. */
export const benefitEventRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.get(
        '/api/admin/benefits/:id/events',
        { schema: { params: idParams, response: { 200: benefitEventsSchema } } },
        async (req) => ({ events: await listBenefitEvents(db, req.params.id) }),
      );

      app.post(
        '/api/admin/benefits/:id/events',
        { schema: { params: idParams, body: benefitEventInputSchema, response: { 201: eventCreatedSchema } } },
        async (req, reply) => {
          const id = await audited(
            db,
            req,
            (tx) => addBenefitEvent(tx, req.params.id, req.body),
            (made) => ({
              action: 'benefit.event',
              targetType: 'event',
              targetId: made,
              details: { benefitId: req.params.id },
            }),
          );
          return reply.code(201).send({ id });
        },
      );

      app.post(
        '/api/admin/events/:eventId/slots',
        { schema: { params: eventParams, body: eventSlotsInputSchema, response: { 200: okSchema } } },
        async (req) => {
          const { eventId } = req.params;
          const entry = { action: 'event.slots' as const, targetType: 'event', targetId: eventId };
          await audited(db, req, (tx) => addEventSlots(tx, eventId, req.body.slots), entry);
          return { success: true as const };
        },
      );
    });
  };
