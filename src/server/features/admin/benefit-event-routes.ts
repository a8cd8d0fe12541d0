import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as eventsApi from '#common/api/benefit-events.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { eventQueue } from '../../lib/keyed-queue.ts';
import { requireAdmin } from '../auth/index.ts';
import {
  addBenefitEvent,
  addEventSlots,
  listBenefitEvents,
  removeBenefitEvent,
  removeEventSlot,
} from '../benefits/index.ts';

/** A benefit's events and a built-in form's slots (decisions 053, 064): the seed's calls and the admin screen's. */
export const benefitEventRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(eventsApi.list),
        handler: async (req) => ({ events: await listBenefitEvents(db, req.params.id) }),
      });

      app.route({
        ...fromContract(eventsApi.add),
        handler: async (req, reply) => {
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
      });

      app.route({
        ...fromContract(eventsApi.remove),
        handler: async (req) => {
          const { id, eventId } = req.params;
          const entry = {
            action: 'benefit.event.remove' as const,
            targetType: 'event',
            targetId: eventId,
            details: { benefitId: id },
          };
          await eventQueue(db)(eventId, () => audited(db, req, (tx) => removeBenefitEvent(tx, id, eventId), entry));
          return { success: true as const };
        },
      });

      app.route({
        ...fromContract(eventsApi.addSlots),
        handler: async (req) => {
          const { eventId } = req.params;
          const entry = { action: 'event.slots' as const, targetType: 'event', targetId: eventId };
          await audited(db, req, (tx) => addEventSlots(tx, eventId, req.body.slots), entry);
          return { success: true as const };
        },
      });

      app.route({
        ...fromContract(eventsApi.removeSlot),
        handler: async (req) => {
          const { eventId, slotId } = req.params;
          const entry = {
            action: 'event.slot.remove' as const,
            targetType: 'slot',
            targetId: slotId,
            details: { eventId },
          };
          // In the event's line, as its bookings are: none lands between the check and the removal.
          await eventQueue(db)(eventId, () => audited(db, req, (tx) => removeEventSlot(tx, eventId, slotId), entry));
          return { success: true as const };
        },
      });
    });
  };
