import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookingIdParams } from '#common/bookings.ts';
import {
  myTransfersSchema,
  TRANSFER_MSG,
  transferAcceptBody,
  transferAcceptedSchema,
  transferIdParams,
  transferOfferBody,
  transferOfferSchema,
  transferTokenParams,
  transferViewSchema,
} from '#common/transfers.ts';
import type { AppDeps } from '../../app-deps.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { browserSessions, requireMember, signedInMember } from '../auth/index.ts';
import { acceptTransfer, transferView } from './transfer-accept.ts';
import { cancelOffer, myTransfers, offerPlace } from './transfer-offers.ts';

// The token cannot be guessed (256 random bits): this only stops floods, as the release link's limit does.
const TRANSFER_CALLS_PER_IP = 60;

/** Handing a place on (decision 057): the sender's offers behind the member guard; the recipient's link is public. */
export const transferRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perIpLimit(app, 'transfer', TRANSFER_CALLS_PER_IP);
    const startBrowserSession = browserSessions({ db, config });

    await guardedScope(app, requireMember(db, config.cookieSecure), (app) => {
      app.get('/api/me/transfers', { schema: { response: { 200: myTransfersSchema } } }, async (req) =>
        myTransfers(db, signedInMember(req).email),
      );

      app.post(
        '/api/me/bookings/:bookingId/transfer',
        { schema: { params: bookingIdParams, body: transferOfferBody, response: { 201: transferOfferSchema } } },
        async (req, reply) => {
          const me = signedInMember(req);
          const name = [me.firstName, me.lastName].filter(Boolean).join(' ') || me.email;
          const offer = await offerPlace(
            db,
            { email: me.email, name },
            req.params.bookingId,
            req.body.email,
            config.publicUrl,
          );
          return reply.status(201).send(offer);
        },
      );

      app.post(
        '/api/me/transfers/:transferId/cancel',
        { schema: { params: transferIdParams, response: { 200: transferOfferSchema } } },
        async (req) => cancelOffer(db, signedInMember(req).email, req.params.transferId),
      );
    });

    app.get(
      '/api/transfers/:token',
      { onRequest: limit, schema: { params: transferTokenParams, response: { 200: transferViewSchema } } },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return transferView(db, req.params.token);
      },
    );

    app.post(
      '/api/transfers/:token/accept',
      {
        onRequest: limit,
        schema: { params: transferTokenParams, body: transferAcceptBody, response: { 200: transferAcceptedSchema } },
      },
      async (req, reply) => {
        const { taken, session, eventTitle } = await acceptTransfer(db, req.params.token, req.body, {
          meta: { ip: req.ip, userAgent: req.headers['user-agent'] },
          sessionDays: config.memberSessionDays,
          portalUrl: config.publicUrl,
        });
        await startBrowserSession(req, reply, session);
        return { bookingId: taken.id, eventId: taken.eventId, message: TRANSFER_MSG.accepted(eventTitle) };
      },
    );
  };
