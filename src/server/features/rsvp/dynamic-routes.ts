import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '#common/auth.ts';
import type { BookingStatus } from '#common/bookings.ts';
import { boundedRecord } from '#common/bounded-json.ts';
import { alreadyRsvpdText, refreshAnswerSchema } from '#common/concierge.ts';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import {
  dynamicConfigAnswerSchema,
  dynamicSubmitAnswerSchema,
  formRefusalSchema,
  slotLogicAnswerSchema,
} from '#common/route-answers.ts';
import { LOGIN_TO_RSVP } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import { replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { readSlotLogic } from '../sheets/index.ts';
import { ensureDynamicEvent, importSlots, loadLiveForm, submitDynamic } from './dynamic-rsvp.ts';
import { cachedSlotLogic, formAnswer } from './live-form-answers.ts';

const params = z.object({ benefitId: z.string().min(1).max(200) });
const submitBody = z.object(
  {
    benefitId: z.string().max(200).optional(),
    formData: boundedRecord('formData').refine((d) => Object.keys(d).length <= 200, 'Too many fields'),
    totalAttendees: z.coerce.number().int().min(1).max(11).optional(),
    /** The member ticked the terms box (required when the form asks for it). */
    acceptTerms: z.boolean().optional(),
  },
  { error: 'formData is required' },
);

/** The generic dynamic RSVP (docs/spec/admin-and-rsvp.md §2, §7): configuration, slot logic and submissions. */
export const dynamicRsvpRoutes =
  ({ db, config, sheets }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const refreshing = singleFlight();
    // Every route here is a member's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireMember(db, config.cookieSecure, LOGIN_TO_RSVP));

    app.get(
      '/api/rsvp/configuration/:benefitId',
      { schema: { params, response: { 200: dynamicConfigAnswerSchema } } },
      async (req) => {
        return formAnswer(await loadLiveForm(db, req.params.benefitId));
      },
    );

    app.get(
      '/api/rsvp/slot-logic/:benefitId',
      { schema: { params, response: { 200: slotLogicAnswerSchema } } },
      (req, reply) => replyHot(req, reply, cachedSlotLogic(db, req.params.benefitId), 'private'),
    );

    // Re-imports capacities from Tab 2; bookings stay. A sheet outage keeps the last known figures.
    app.post(
      '/api/rsvp/slot-logic/:benefitId/refresh',
      { schema: { params, response: { 200: refreshAnswerSchema } } },
      async (req) => {
        const live = await loadLiveForm(db, req.params.benefitId);
        const mapping = live.config.sheetMapping;
        if (!mapping.tab2Url) return { success: true };
        const { tab2Url, tab2Name } = mapping;
        try {
          // One sheet read per benefit at a time in this process, however many members press refresh.
          await refreshing(live.benefit.id, async () => {
            const capacity = live.config.slotConfig.maxBookingsPerSlot;
            const { slots } = await readSlotLogic(sheets, tab2Url, tab2Name || null, capacity);
            await importSlots(db, await ensureDynamicEvent(db, live.benefit), slots);
          });
          return { success: true };
        } catch (err) {
          return {
            success: false,
            error: err instanceof HttpError ? err.message : 'Unable to refresh slot availability',
          };
        }
      },
    );

    app.post(
      '/api/rsvp/dynamic/:benefitId',
      {
        schema: {
          params,
          body: submitBody,
          response: { 201: dynamicSubmitAnswerSchema, 400: formRefusalSchema.or(errorSchema) },
        },
      },
      async (req, reply) => {
        const member = signedInMember(req, LOGIN_TO_RSVP);
        try {
          const outcome = await submitDynamic(db, req.params.benefitId, member, req.body.formData, {
            portalUrl: config.publicUrl,
            acceptTerms: req.body.acceptTerms === true,
          });
          if ('errors' in outcome)
            return reply.code(400).send({
              error: outcome.summary ?? DYN_MSG.validationTitle,
              code: ERROR_CODE.invalidForm,
              fields: outcome.errors ?? {},
            });
          const { behavior } = outcome.config;
          const held = outcome.booking.status === 'confirmed';
          return reply.code(201).send({
            success: true,
            bookingId: outcome.booking.id,
            status: outcome.booking.status as BookingStatus,
            waitlistPosition: outcome.waitlistPosition,
            // A waitlisted or pending booking is not 'confirmed': the member is told where they stand instead.
            message: held ? (behavior.successMessage ?? '') : (outcome.message ?? ''),
            redirectAfterSubmission: behavior.redirectAfterSubmission ?? null,
          });
        } catch (err) {
          if (err instanceof HttpError && err.code === ERROR_CODE.alreadyBooked) {
            const live = await loadLiveForm(db, req.params.benefitId);
            throw new HttpError(
              409,
              alreadyRsvpdText(live.benefit.partnerContactEmail ?? 'the concierge'),
              ERROR_CODE.alreadyBooked,
            );
          }
          throw err;
        }
      },
    );
  };
