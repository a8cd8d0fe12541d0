import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as messagesApi from '#common/api/messages.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { requireAdmin } from '../auth/index.ts';
import { listMessages, previewMessage, sendMessage } from './attendee-messages.ts';

/** Messages to an event's attendees: admins only (door staff get 403), every send audited. */
export const attendeeMessageRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));
    app.route({
      ...fromContract(messagesApi.list),
      handler: async (req) => ({ data: await listMessages(db, req.params.eventId) }),
    });

    app.route({
      ...fromContract(messagesApi.preview),
      handler: async (req) => previewMessage(db, req.params.eventId, req.body, config.publicUrl),
    });

    app.route({
      ...fromContract(messagesApi.send),
      handler: async (req, reply) => {
        const message = await audited(
          db,
          req,
          (tx) => sendMessage(tx, req.params.eventId, req.body, adminOf(req).email, config.publicUrl),
          (m) => ({
            action: 'attendees.message',
            // A message frees no place: the remembered "sold out" stays (decision 014).
            leavesPlaces: true,
            targetType: 'event',
            targetId: m.eventId,
            details: {
              messageId: m.id,
              audience: m.audience,
              slotId: m.slotId,
              recipients: m.recipients,
              subject: m.subject,
            },
          }),
        );
        const [listed] = await listMessages(db, req.params.eventId, message.id);
        if (!listed) throw new Error('sent message not found');
        return reply.code(201).send(listed);
      },
    });
  };
