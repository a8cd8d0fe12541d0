import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as drawsApi from '#common/api/draws.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { requireAdmin } from '../auth/index.ts';
import { adminDraw, publicDraw, readDraw, setDraw } from '../booking-rules/index.ts';
import { getEvent, lockEvent } from '../rsvp/index.ts';
import { requestDraw } from './draw-run.ts';

/** Fair draws (decision 031): the public page's data, and the organiser's settings and early run. */
export const drawRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Anyone may check a draw: the commitment from the start, the seed and the order once it is made.
    app.route({
      ...fromContract(drawsApi.publicDraw),
      handler: async (req, reply) => {
        const event = await getEvent(db, req.params.eventId);
        const draw = await readDraw(db, event.id);
        if (!draw) throw new HttpError(404, words('srv.draw.notFound'), ERROR_CODE.drawNotFound);
        reply.header('cache-control', 'no-store');
        return publicDraw(db, event, draw);
      },
    });

    // The organiser's settings and early run, behind one admin guard for the scope (decision 032).
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(drawsApi.settings),
        handler: async (req) => adminDraw(db, await getEvent(db, req.params.eventId)),
      });

      app.route({
        ...fromContract(drawsApi.saveSettings),
        handler: async (req) => {
          const { eventId } = req.params;
          await audited(db, req, async (tx) => setDraw(tx, await lockEvent(tx, eventId), req.body), {
            action: 'draw.configure',
            targetType: 'event',
            targetId: eventId,
            details: { ...req.body },
          });
          return adminDraw(db, await getEvent(db, eventId));
        },
      });

      // Run it now, before its time: made at once once entries have closed (200), else brought forward to their
      // close (202, decision 050); a draw already made is 409 draw_already_run.
      app.route({
        ...fromContract(drawsApi.run),
        handler: async (req, reply) => {
          const out = await requestDraw(db, req.params.eventId, adminOf(req).email, config.publicUrl);
          if ('scheduledFor' in out) reply.code(202);
          return out;
        },
      });
    });
  };
