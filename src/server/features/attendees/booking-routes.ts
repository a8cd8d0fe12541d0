import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as adminBookingsApi from '#common/api/admin-bookings.ts';
import * as bookingsApi from '#common/api/bookings.ts';
import { LOGIN_TO_RSVP } from '#common/rsvp.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Tx } from '../../db/client.ts';
import { type AuditEntry, recordAudit } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { memberLocale } from '../../lib/member-i18n.ts';
import { words } from '../../lib/member-words.ts';
import { requireAdmin, requireMember, signedInMember } from '../auth/index.ts';
import { calendarFeed, feedToken, feedUrls, renewFeedToken } from '../notify/index.ts';
import { cancelBooking, changeBooking, decideBooking, memberBookingDetail, myBookings } from '../rsvp/index.ts';
import { listAdminBookings } from './admin-bookings.ts';

/** A member's own booking (CHANGE/CANCEL BOOKING) and the admin's approvals. */
export const bookingRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const member = (req: FastifyRequest) => signedInMember(req, LOGIN_TO_RSVP).email;
    const portalUrl = config.publicUrl;

    // Calendar apps poll this without a session: the token in the URL is the secret.
    app.route({
      ...fromContract(bookingsApi.calendarFile),
      handler: async (req, reply) => {
        const feed = await calendarFeed(db, req.params.file.replace(/\.ics$/, ''), portalUrl);
        if (feed === null) throw new HttpError(404, 'Calendar feed not found');
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(feed);
      },
    });

    // The member's own bookings and calendar feed: one guard for the scope (decision 032).
    await guardedScope(app, requireMember(db, config.cookieSecure, LOGIN_TO_RSVP), (app) => {
      app.route({
        ...fromContract(bookingsApi.mine),
        handler: async (req) => ({
          data: await myBookings(db, member(req), config.releaseLinkSecret, memberLocale(req)),
          wallets: { apple: config.wallet.apple !== undefined, google: config.wallet.google !== undefined },
        }),
      });

      app.route({
        ...fromContract(bookingsApi.calendarFeed),
        handler: async (req) => feedUrls(portalUrl, await feedToken(db, member(req))),
      });

      app.route({
        ...fromContract(bookingsApi.renewCalendarFeed),
        handler: async (req) => feedUrls(portalUrl, await renewFeedToken(db, member(req))),
      });

      app.route({
        ...fromContract(bookingsApi.one),
        handler: async (req) => memberBookingDetail(db, req.params.bookingId, member(req), memberLocale(req)),
      });

      app.route({
        ...fromContract(bookingsApi.change),
        handler: async (req) => {
          await changeBooking(db, req.params.bookingId, { member: member(req) }, req.body, portalUrl);
          return memberBookingDetail(db, req.params.bookingId, member(req), memberLocale(req));
        },
      });

      app.route({
        ...fromContract(bookingsApi.cancel),
        handler: async (req) => {
          await cancelBooking(db, req.params.bookingId, { member: member(req) }, portalUrl);
          return { success: true as const, status: 'cancelled' as const };
        },
      });
    });

    // The admin's approvals: one guard for the scope.
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(adminBookingsApi.list),
        handler: async (req) => ({ data: await listAdminBookings(db, req.query) }),
      });

      for (const [route, action, approve] of [
        [adminBookingsApi.approve, 'approve', true],
        [adminBookingsApi.decline, 'decline', false],
      ] as const) {
        app.route({
          ...fromContract(route),
          handler: async (req) => {
            const entry: AuditEntry = {
              action: `booking.${action}`,
              targetType: 'booking',
              targetId: req.params.bookingId,
            };
            const record = (tx: Tx) => recordAudit(tx, req, entry);
            const booking = await decideBooking(db, req.params.bookingId, approve, portalUrl, { admin: true, record });
            const [row] = await listAdminBookings(db, { status: 'all', bookingId: booking.id });
            if (!row) throw new HttpError(404, words('srv.booking.notFound'));
            return row;
          },
        });
      }
    });
  };
