import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginSchema, adminUserSchema } from '#common/admin.ts';
import { errorSchema, okSchema } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { AppDeps } from '../../app-deps.ts';
import { deviceCookieName, deviceCookieOptions, deviceOf, withDevice } from '../../lib/device-cookie.ts';
import { signInLimitsOf } from '../../lib/sign-in-guard.ts';
import { adminCookieName, loadAdmin } from './admin-guard.ts';
import { signInAdmin, signOutAdmin } from './admin-sessions.ts';

// Admin accounts come from the CLI (`admins add`); the web only signs them in and out.
export const adminAuthRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookie = adminCookieName(config.cookieSecure);
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: config.cookieSecure };
    const deviceCookie = deviceCookieName('admin', config.cookieSecure);

    app.get(
      '/api/admin/session',
      { schema: { response: { 200: adminUserSchema, 401: errorSchema } } },
      async (req, reply) => {
        const admin = await loadAdmin(db, req, config.cookieSecure);
        if (!admin) return reply.code(401).send({ error: 'Not signed in', code: ERROR_CODE.notSignedIn });
        return { email: admin.email, role: admin.role, timeZone: config.organiserTimeZone };
      },
    );

    app.post(
      '/api/admin/login',
      { schema: { body: adminLoginSchema, response: { 200: adminUserSchema } } },
      async (req, reply) => {
        const devices = req.cookies[deviceCookie];
        const { token, email, role, expiresAt } = await signInAdmin(db, req.body.email, req.body.password, {
          ip: req.ip,
          limits: signInLimitsOf(config),
          device: (account) => deviceOf(config.deviceCookieSecret, 'admin', account, devices),
        });
        // The session cookie first: clients (and tests) take the first cookie as the session.
        reply.setCookie(cookie, token, { ...cookieOptions, expires: expiresAt });
        reply.setCookie(
          deviceCookie,
          withDevice(config.deviceCookieSecret, 'admin', email, devices),
          deviceCookieOptions(config.cookieSecure),
        );
        return { email, role, timeZone: config.organiserTimeZone };
      },
    );

    app.post('/api/admin/logout', { schema: { response: { 200: okSchema } } }, async (req, reply) => {
      await signOutAdmin(db, req.cookies[cookie]);
      reply.clearCookie(cookie, cookieOptions);
      return { success: true as const };
    });
  };
