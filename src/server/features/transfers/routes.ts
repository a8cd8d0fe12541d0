import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as transfersApi from '#common/api/transfers.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { browserLocale } from '../../lib/member-i18n.ts';
import { speak, words } from '../../lib/member-words.ts';
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
      app.route({
        ...fromContract(transfersApi.mine),
        handler: async (req) => myTransfers(db, signedInMember(req).email),
      });

      app.route({
        ...fromContract(transfersApi.offer),
        handler: async (req, reply) => {
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
      });

      app.route({
        ...fromContract(transfersApi.cancel),
        handler: async (req) => cancelOffer(db, signedInMember(req).email, req.params.transferId),
      });
    });

    app.route({
      ...fromContract(transfersApi.view),
      onRequest: limit,
      handler: async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return transferView(db, req.params.token);
      },
    });

    app.route({
      ...fromContract(transfersApi.accept),
      onRequest: limit,
      handler: async (req, reply) => {
        const { taken, session, eventTitle } = await acceptTransfer(db, req.params.token, req.body, {
          meta: { ip: req.ip, userAgent: req.headers['user-agent'], locale: browserLocale(req) },
          sessionDays: config.memberSessionDays,
          portalUrl: config.publicUrl,
        });
        await startBrowserSession(req, reply, session);
        const message = speak(req, reply, words('srv.transfer.accepted', { event: eventTitle }));
        return { bookingId: taken.id, eventId: taken.eventId, message };
      },
    });
  };
