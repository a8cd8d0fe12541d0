import { and, desc, eq, gte, notInArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as bookingsApi from '#common/api/bookings.ts';
import * as walletApi from '#common/api/wallet.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { WALLET_MSG } from '#common/passes.ts';
import { LOGIN_TO_RSVP } from '#common/rsvp.ts';
import { WALLET_LOG_LIMITS } from '#common/wallet.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppleWalletConfig } from '../../config.ts';
import { bookings, walletRegistrations } from '../../db/schema.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { requireMember, signedInMember } from '../auth/index.ts';
import { applePass, validPassAuth } from './apple-pass.ts';
import { googleWalletUrl } from './google-wallet.ts';
import { walletPassData } from './pass-data.ts';

const PKPASS_TYPE = 'application/vnd.apple.pkpass';
/** Devices one pass keeps updates for (decision 046): a registration past it drops the pass's oldest. */
export const WALLET_DEVICES_PER_PASS = 10;
export { WALLET_LOG_LIMITS };

/** Registrations per address a minute: loose, as every phone at a venue shares its Wi-Fi's address. */
const REGISTRATIONS_PER_IP = 300;
const registration = (device: string, type: string, bookingId: string) =>
  and(
    eq(walletRegistrations.deviceId, device),
    eq(walletRegistrations.passTypeId, type),
    eq(walletRegistrations.bookingId, bookingId),
  );

/**
 * Passes in the phone's wallet (decision 025): the member's .pkpass download, and the pass web service
 * Apple Wallet calls to register a device and fetch a pass's latest version (developer.apple.com "Wallet Passes").
 */
export const walletRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { authSecret } = config.wallet;
    const appleConfig = (): AppleWalletConfig => {
      if (!config.wallet.apple)
        throw new HttpError(404, words('srv.pass.notConfigured'), ERROR_CODE.walletNotConfigured);
      return config.wallet.apple;
    };
    const sendPass = async (reply: FastifyReply, apple: AppleWalletConfig, pass: Parameters<typeof applePass>[1]) =>
      reply
        .header('content-type', PKPASS_TYPE)
        .header('content-disposition', `attachment; filename="pass-${pass.serial.slice(0, 8)}.pkpass"`)
        .header('cache-control', 'private, no-store')
        .header('last-modified', pass.updatedAt.toUTCString())
        .send(await applePass(apple, pass, { publicUrl: config.publicUrl, authSecret }));

    // The member's own passes: one guard for the scope (decision 032).
    await guardedScope(app, requireMember(db, config.cookieSecure, LOGIN_TO_RSVP), (app) => {
      // The member's own confirmed booking with a door: anything else is not found (another member's too).
      app.route({
        ...fromContract(bookingsApi.appleWallet),
        handler: async (req, reply) => {
          const apple = appleConfig();
          const email = signedInMember(req, LOGIN_TO_RSVP).email;
          const pass = await walletPassData(db, req.params.bookingId, email);
          if (!pass?.admitted) throw new HttpError(404, words('srv.pass.noPass'), ERROR_CODE.notFound);
          return sendPass(reply, apple, pass);
        },
      });

      // Save to Google Wallet: a redirect to Google's save page with a JWT signed now, from the booking as it is now.
      app.route({
        ...fromContract(bookingsApi.googleWallet),
        handler: async (req, reply) => {
          const google = config.wallet.google;
          if (!google) throw new HttpError(404, words('srv.pass.notConfigured'), ERROR_CODE.walletNotConfigured);
          const email = signedInMember(req, LOGIN_TO_RSVP).email;
          const pass = await walletPassData(db, req.params.bookingId, email);
          if (!pass?.admitted) throw new HttpError(404, words('srv.pass.noPass'), ERROR_CODE.notFound);
          const url = await googleWalletUrl(google, pass, config.publicUrl);
          return reply.header('cache-control', 'private, no-store').redirect(url, 303);
        },
      });
    });

    // ---- the pass web service (webServiceURL = PUBLIC_URL + /api/wallet; Apple fixes the paths under it) ----
    /** The pass of the request's serial, if the request carries its authenticationToken and our pass type. */
    const authorized = async (req: FastifyRequest, type: string, id: string) => {
      const apple = appleConfig();
      if (type !== apple.passTypeId || !validPassAuth(authSecret, id, req.headers.authorization))
        throw new HttpError(401, WALLET_MSG.unauthorized, ERROR_CODE.notAuthorized);
      const pass = await walletPassData(db, id);
      if (!pass) throw new HttpError(404, words('srv.pass.noPass'), ERROR_CODE.notFound);
      return { apple, pass };
    };

    const registrationLimit = perIpLimit(app, 'wallet-registration', REGISTRATIONS_PER_IP);
    app.route({
      ...fromContract(walletApi.register),
      onRequest: registrationLimit,
      handler: async (req, reply) => {
        const { deviceId, passTypeId, serial } = req.params;
        await authorized(req, passTypeId, serial);
        const one = registration(deviceId, passTypeId, serial);
        const updated = await db
          .update(walletRegistrations)
          .set({ pushToken: req.body.pushToken })
          .where(one)
          .returning({ deviceId: walletRegistrations.deviceId });
        if (updated.length > 0) return reply.code(200).send({}); // Wallet repeats a registration: 200, not 201
        await db.transaction(async (tx) => {
          // One pass's registrations one at a time (its booking's row), so the cap holds under a burst.
          await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, serial)).for('update');
          await tx
            .insert(walletRegistrations)
            .values({ deviceId, passTypeId, bookingId: serial, pushToken: req.body.pushToken })
            .onConflictDoNothing();
          const kept = tx
            .select({ deviceId: walletRegistrations.deviceId })
            .from(walletRegistrations)
            .where(eq(walletRegistrations.bookingId, serial))
            .orderBy(desc(walletRegistrations.createdAt), desc(walletRegistrations.deviceId))
            .limit(WALLET_DEVICES_PER_PASS);
          await tx
            .delete(walletRegistrations)
            .where(and(eq(walletRegistrations.bookingId, serial), notInArray(walletRegistrations.deviceId, kept)));
        });
        return reply.code(201).send({});
      },
    });

    app.route({
      ...fromContract(walletApi.unregister),
      onRequest: registrationLimit,
      handler: async (req) => {
        const { deviceId, passTypeId, serial } = req.params;
        await authorized(req, passTypeId, serial);
        await db.delete(walletRegistrations).where(registration(deviceId, passTypeId, serial));
        return {};
      },
    });

    // Which of the device's passes changed since Wallet last asked: the tag is the newest change it was told of.
    app.route({
      ...fromContract(walletApi.updated),
      handler: async (req, reply) => {
        const apple = appleConfig();
        if (req.params.passTypeId !== apple.passTypeId) return reply.code(204).send(null);
        // The tag is a millisecond; PostgreSQL keeps microseconds: a change counts from the next millisecond on.
        const since = new Date(Number(req.query.passesUpdatedSince ?? -1) + 1);
        const rows = await db
          .select({ id: bookings.id, updatedAt: bookings.updatedAt })
          .from(walletRegistrations)
          .innerJoin(bookings, eq(bookings.id, walletRegistrations.bookingId))
          .where(
            and(
              eq(walletRegistrations.deviceId, req.params.deviceId),
              eq(walletRegistrations.passTypeId, apple.passTypeId),
              gte(bookings.updatedAt, since),
            ),
          );
        if (rows.length === 0) return reply.code(204).send(null);
        const newest = Math.max(...rows.map((r) => r.updatedAt.getTime()));
        return { serialNumbers: rows.map((r) => r.id), lastUpdated: String(newest) };
      },
    });

    app.route({
      ...fromContract(walletApi.pass),
      handler: async (req, reply) => {
        const { apple, pass } = await authorized(req, req.params.passTypeId, req.params.serial);
        const since = Date.parse(String(req.headers['if-modified-since'] ?? ''));
        // HTTP dates hold whole seconds.
        if (!Number.isNaN(since) && Math.floor(pass.updatedAt.getTime() / 1000) * 1000 <= since)
          return reply.code(304).send();
        return sendPass(reply, apple, pass);
      },
    });

    // Wallet reports what went wrong with a pass (a bad signature, a refused update): one entry in the server's log
    // (rotated with it), limited per address and in size, as anyone may post here (decision 046).
    app.route({
      ...fromContract(walletApi.log),
      onRequest: perIpLimit(app, 'wallet-log', WALLET_LOG_LIMITS.postsPerIp),
      bodyLimit: WALLET_LOG_LIMITS.bodyBytes,
      handler: async (req) => {
        appleConfig();
        if (req.body.logs.length > 0) req.log.warn({ wallet: req.body.logs }, 'Apple Wallet log');
        return {};
      },
    });
  };
