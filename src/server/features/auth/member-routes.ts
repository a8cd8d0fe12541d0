import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, loginSchema, okSchema, sessionUserSchema } from '../../../common/auth.ts';
import type { AppDeps } from '../../app.ts';
import { loadMember, memberCookieName } from './member-guard.ts';
import { signIn, signOut } from './member-sessions.ts';

export const memberAuthRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookie = memberCookieName(config.cookieSecure);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
    };

    app.get(
      '/api/auth/session',
      { schema: { response: { 200: sessionUserSchema, 401: errorSchema } } },
      async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        if (!member) return reply.code(401).send({ error: 'Not signed in' });
        return member;
      },
    );

    app.post(
      '/api/auth/login',
      { schema: { body: loginSchema, response: { 200: sessionUserSchema } } },
      async (req, reply) => {
        const { token, expiresAt, user } = await signIn(
          db,
          req.body.email,
          { ip: req.ip, userAgent: req.headers['user-agent'] },
          {
            sessionDays: config.memberSessionDays,
            limits: {
              perEmail: config.loginLimitPerEmail,
              perIp: config.loginLimitPerIp,
              windowMs: config.loginLimitWindowMs,
            },
          },
        );
        reply.setCookie(cookie, token, { ...cookieOptions, expires: expiresAt });
        return user;
      },
    );

    app.post('/api/auth/logout', { schema: { response: { 200: okSchema } } }, async (req, reply) => {
      await signOut(db, req.cookies[cookie]);
      reply.clearCookie(cookie, cookieOptions);
      return { success: true as const };
    });

    app.get(
      '/api/auth/user-name',
      { schema: { response: { 200: z.object({ fullName: z.string() }), 401: errorSchema } } },
      async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        if (!member) return reply.code(401).send({ error: 'Not signed in' });
        const fullName = [member.firstName, member.lastName].filter(Boolean).join(' ');
        return { fullName };
      },
    );
  };
