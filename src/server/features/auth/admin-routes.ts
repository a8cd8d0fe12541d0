import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import type { AppDeps } from '../../app-deps.ts';
import { afterReply } from '../../lib/after-reply.ts';
import { recordAudit } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { slowDown } from '../../lib/sign-in-guard.ts';
import { adminCookieName, adminCookieOptions, halfSignedIn, setAdminSession, signInWhoOf } from './admin-guard.ts';
import { completeSignIn, findSession, signInAdmin, signOutAdmin } from './admin-sessions.ts';
import { mailResetLink, resetPassword } from './password-reset.ts';
import { checkSecondFactor } from './second-factor.ts';

// Admin accounts come from the CLI (`admins add`); the web signs them in (password, then a second factor when the
// account has one: decision 056) and out.
export const adminAuthRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookie = adminCookieName(config.cookieSecure);
    const cookieOptions = adminCookieOptions(config.cookieSecure);

    app.route({
      ...fromContract(adminAuthApi.session),
      handler: async (req, reply) => {
        const session = await findSession(db, req.cookies[cookie]);
        if (!session) return reply.code(401).send({ error: 'Not signed in', code: ERROR_CODE.notSignedIn });
        if (session.pending) return halfSignedIn(reply, session);
        return { email: session.email, role: session.role, timeZone: config.organiserTimeZone };
      },
    });

    app.route({
      ...fromContract(adminAuthApi.login),
      handler: async (req, reply) => {
        const signedIn = await signInAdmin(db, req.body.email, req.body.password, signInWhoOf(req, config));
        const { email, role, next } = signedIn;
        // The device cookie only after the whole sign-in: the new-device mail compares against the browser's own.
        setAdminSession(reply, config, signedIn, next ? null : email);
        return { email, role, timeZone: config.organiserTimeZone, ...(next ? { next } : {}) };
      },
    });

    app.route({
      ...fromContract(adminAuthApi.secondFactor),
      handler: async (req, reply) => {
        const session = await findSession(db, req.cookies[cookie]);
        if (session?.pending !== 'factor')
          return reply.code(401).send({ error: 'Not signed in', code: ERROR_CODE.notSignedIn });
        const who = signInWhoOf(req, config);
        const used = await checkSecondFactor(db, session, req.body.code, who);
        const full = await completeSignIn(db, session, who);
        if (used === 'recovery') {
          req.admin = { ...session };
          await db.transaction((tx) =>
            recordAudit(tx, req, { action: 'account.recovery_used', targetType: 'account', targetId: session.email }),
          );
        }
        setAdminSession(reply, config, full, session.email);
        return { email: session.email, role: session.role, timeZone: config.organiserTimeZone };
      },
    });

    // Decision 056: the same answer whether the address has an account; the link is made after the answer.
    app.route({
      ...fromContract(adminAuthApi.passwordReset),
      handler: async (req, reply) => {
        const key = `password-reset:ip:${req.ip}`;
        await slowDown(db, key, config.loginLimitPerIp, config.loginLimitWindowMs, TWO_FACTOR_MSG.tooManyAttempts);
        afterReply(reply, () => mailResetLink(db, req.body.email, config.publicUrl));
        return { success: true as const };
      },
    });

    app.route({
      ...fromContract(adminAuthApi.passwordResetComplete),
      handler: async (req) => {
        await resetPassword(db, req.body.token, req.body.password);
        return { success: true as const };
      },
    });

    app.route({
      ...fromContract(adminAuthApi.logout),
      handler: async (req, reply) => {
        await signOutAdmin(db, req.cookies[cookie]);
        reply.clearCookie(cookie, cookieOptions);
        return { success: true as const };
      },
    });
  };
