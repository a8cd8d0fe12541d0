import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app.ts';
import { requireMember } from '../auth/member-guard.ts';
import { listMemberBookings } from './member-bookings.ts';

export const rsvpRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = requireMember(db, config.cookieSecure);

    app.get('/api/user/form-submissions', { preHandler }, async (req) => {
      // biome-ignore lint/style/noNonNullAssertion: requireMember guarantees a member
      return { data: await listMemberBookings(db, req.member!.email) };
    });
  };
