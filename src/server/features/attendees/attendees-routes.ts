import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as attendeesApi from '#common/api/attendees.ts';
import { ATTENDEE_ACTIONS, EXPORT_FORMATS } from '#common/attendees.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { downloadName } from '../../lib/download.ts';
import { requireAdmin } from '../auth/index.ts';
import { formAnswer, setSlotCapacity, slotLogicAnswer } from '../rsvp/index.ts';
import { attendeeEvent, findAttendee, listAttendees } from './attendees.ts';
import { actOnAttendee, addAttendee, attendeeLiveForm, bulkAct } from './attendees-actions.ts';
import { exportAttendees } from './attendees-export.ts';

/** An event's attendees for admins: the list, the engine's actions on it, and its exports. */
export const attendeeRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));
    app.route({
      ...fromContract(attendeesApi.list),
      handler: async (req) => listAttendees(db, req.params.eventId, req.query),
    });

    // The form a member fills in to book this event, for the admin's Add booking: the same fields and slots.
    app.route({
      ...fromContract(attendeesApi.form),
      handler: async (req) => {
        const form = await attendeeLiveForm(db, await attendeeEvent(db, req.params.eventId));
        if (!form) return { form: null, slots: null };
        return { form: formAnswer(form), slots: await slotLogicAnswer(db, form.benefit.id) };
      },
    });

    app.route({
      ...fromContract(attendeesApi.add),
      handler: async (req, reply) => {
        const ctx = { db, req, portalUrl: config.publicUrl };
        const booking = await addAttendee(ctx, req.params.eventId, req.body);
        return reply.code(201).send(await findAttendee(db, req.params.eventId, booking.id));
      },
    });

    for (const action of ATTENDEE_ACTIONS) {
      app.route({
        ...fromContract(attendeesApi.actions[action]),
        handler: async (req) => {
          const { eventId, bookingId } = req.params;
          const slotId = (req.body as { slotId?: string } | undefined)?.slotId;
          await actOnAttendee({ db, req, portalUrl: config.publicUrl }, eventId, bookingId, action, slotId);
          return findAttendee(db, eventId, bookingId);
        },
      });
    }

    app.route({
      ...fromContract(attendeesApi.bulk),
      handler: async (req) => {
        const { action, bookingIds, slotId } = req.body;
        return bulkAct({ db, req, portalUrl: config.publicUrl }, req.params.eventId, bookingIds, action, slotId);
      },
    });

    // An organiser changes a slot's places here rather than in the sheet; Tab 2 is written back.
    app.route({
      ...fromContract(attendeesApi.slotCapacity),
      handler: async (req) => {
        const { eventId, slotId } = req.params;
        return setSlotCapacity({ db, req, portalUrl: config.publicUrl }, eventId, slotId, req.body.capacity);
      },
    });

    for (const format of EXPORT_FORMATS) {
      app.route({
        ...fromContract(attendeesApi.exportOf[format]),
        handler: async (req, reply) => {
          const file = await audited(
            db,
            req,
            (tx) => exportAttendees(tx, req.params.eventId, req.query, format),
            (f) => ({
              action: 'attendees.export',
              targetType: 'event',
              targetId: f.event.id,
              details: { format, rows: f.rows, filters: req.query },
              leavesPlaces: true,
            }),
          );
          return reply
            .type(file.contentType)
            .header('cache-control', 'private, no-store')
            .header(
              'content-disposition',
              `attachment; filename="attendees-${downloadName(file.event.title, 'event')}.${format}"`,
            )
            .send(file.body);
        },
      });
    }
  };
