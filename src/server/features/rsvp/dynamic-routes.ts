import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as rsvpApi from '#common/api/rsvp.ts';
import type { BookingStatus } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { LOGIN_TO_RSVP } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { replyHot } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { dynMessagesIn, memberLocale } from '../../lib/member-i18n.ts';
import { answerLocale, answersIn, speak } from '../../lib/member-words.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { readSlotLogic } from '../sheets/index.ts';
import { alreadyRsvpd } from './booking-words.ts';
import { ensureDynamicEvent, importSlots, loadLiveForm, submitDynamic } from './dynamic-rsvp.ts';
import { cachedSlotLogic, formAnswer } from './live-form-answers.ts';

/** The generic dynamic RSVP (docs/spec/admin-and-rsvp.md §2, §7): configuration, slot logic and submissions. */
export const dynamicRsvpRoutes =
  ({ db, config, sheets }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const refreshing = singleFlight();
    // Every route here is a member's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireMember(db, config.cookieSecure, LOGIN_TO_RSVP));

    app.route({
      ...fromContract(rsvpApi.liveConfig),
      handler: async (req) => {
        return formAnswer(await loadLiveForm(db, req.params.benefitId), memberLocale(req));
      },
    });

    app.route({
      ...fromContract(rsvpApi.slotLogic),
      handler: (req, reply) => replyHot(req, reply, cachedSlotLogic(db, req.params.benefitId), 'private'),
    });

    // Re-imports capacities from Tab 2; bookings stay. A sheet outage keeps the last known figures.
    app.route({
      ...fromContract(rsvpApi.slotLogicRefresh),
      handler: async (req) => {
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
    });

    app.route({
      ...fromContract(rsvpApi.submitDynamic),
      handler: async (req, reply) => {
        const member = signedInMember(req, LOGIN_TO_RSVP);
        const locale = answerLocale(req);
        const messages = dynMessagesIn(locale);
        try {
          const outcome = await submitDynamic(db, req.params.benefitId, member, req.body.formData, {
            portalUrl: config.publicUrl,
            acceptTerms: req.body.acceptTerms === true,
            messages,
          });
          if ('errors' in outcome) {
            answersIn(reply, locale);
            return reply.code(400).send({
              error: outcome.summary ?? messages.validationTitle,
              code: ERROR_CODE.invalidForm,
              fields: outcome.errors ?? {},
            });
          }
          const { behavior } = outcome.config;
          const held = outcome.booking.status === 'confirmed';
          return reply.code(201).send({
            success: true,
            bookingId: outcome.booking.id,
            status: outcome.booking.status as BookingStatus,
            waitlistPosition: outcome.waitlistPosition,
            // A waitlisted or pending booking is not 'confirmed': the member is told where they stand instead.
            message: held ? (behavior.successMessage ?? '') : outcome.message ? speak(req, reply, outcome.message) : '',
            redirectAfterSubmission: behavior.redirectAfterSubmission ?? null,
          });
        } catch (err) {
          if (err instanceof HttpError && err.code === ERROR_CODE.alreadyBooked) {
            const live = await loadLiveForm(db, req.params.benefitId);
            throw new HttpError(409, alreadyRsvpd(live.benefit.partnerContactEmail), ERROR_CODE.alreadyBooked);
          }
          throw err;
        }
      },
    });
  };
