import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as releaseApi from '#common/api/release.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { speakerFor } from '../../lib/member-words.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { releasePlace, releaseView } from './release-place.ts';

/**
 * Looks and releases per IP address a minute, beside the member-write limits a POST also counts against. A token
 * cannot be guessed (128-bit MAC), so this only stops floods; a mail scanner's many GETs are refused harmlessly.
 */
const RELEASE_CALLS_PER_IP = 60;

/** "Can't make it? Release my place" (decision 016): public routes, the signed token in the path is the authority. */
export const releaseRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perIpLimit(app, 'release', RELEASE_CALLS_PER_IP);
    const secret = config.releaseLinkSecret;

    app.route({
      ...fromContract(releaseApi.view),
      onRequest: limit,
      handler: async (req, reply) => {
        reply.header('cache-control', 'private, no-store');
        return releaseView(db, secret, req.params.token);
      },
    });

    app.route({
      ...fromContract(releaseApi.release),
      onRequest: limit,
      handler: async (req, reply) =>
        releasePlace(db, secret, req.params.token, config.publicUrl, speakerFor(req, reply)),
    });
  };
