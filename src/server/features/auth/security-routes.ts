import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as securityApi from '#common/api/security.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { onAccount } from './account-audit.ts';
import { changePassword, endSession, listSessions } from './account-sessions.ts';
import { accountOf, finishSetup, requireAccount, requireAdmin, signInWhoOf } from './admin-guard.ts';
import { endOtherSessions } from './admin-sessions.ts';
import { confirmPassword, confirmTotp, removeTotp, securityStatus } from './second-factor.ts';
import { setTwoFactorRoles, twoFactorRoles } from './sign-in-policy.ts';
import { beginTotp, replaceRecoveryCodes } from './totp.ts';

/** Each account's own Security page (any role), and the organiser's two-factor requirement (decision 056). */
export const securityRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = config.cookieSecure;

    // A session that must set up a second factor reaches these three, and nothing else.
    await guardedScope(app, requireAccount(db, secure, { setup: true }), (scope) => {
      scope.route({ ...fromContract(securityApi.status), handler: (req) => securityStatus(db, accountOf(req)) });
      scope.route({
        ...fromContract(securityApi.beginTotp),
        handler: (req) => {
          const { userId, email } = accountOf(req);
          return beginTotp(db, config.totpKey, userId, email);
        },
      });
      scope.route({
        ...fromContract(securityApi.confirmTotp),
        handler: async (req, reply) => {
          const session = accountOf(req);
          const who = signInWhoOf(req, config);
          const recoveryCodes = await confirmTotp(db, session.userId, req.body.code, { ...who, email: session.email });
          await onAccount(db, req, 'account.totp_on', async () => {});
          // Set up at sign-in because it is required: the session is now a full one.
          return { recoveryCodes, user: await finishSetup(db, config, req, reply, session) };
        },
      });
    });

    await guardedScope(app, requireAccount(db, secure), (scope) => {
      scope.route({
        ...fromContract(securityApi.removeTotp),
        handler: async (req) => {
          await confirmPassword(db, accountOf(req), req.body.password, signInWhoOf(req, config));
          await onAccount(db, req, 'account.totp_off', removeTotp);
          return { success: true as const };
        },
      });
      scope.route({
        ...fromContract(securityApi.recoveryCodes),
        handler: async (req) => {
          await confirmPassword(db, accountOf(req), req.body.password, signInWhoOf(req, config));
          const recoveryCodes = await onAccount(db, req, 'account.recovery_codes', (tx, session) =>
            replaceRecoveryCodes(tx, session.userId),
          );
          return { recoveryCodes };
        },
      });
      scope.route({
        ...fromContract(securityApi.sessions),
        handler: async (req) => ({
          sessions: await listSessions(db, accountOf(req)),
        }),
      });
      scope.route({
        ...fromContract(securityApi.endSession),
        handler: async (req) => {
          await onAccount(db, req, 'account.session_end', (tx, session) => endSession(tx, session, req.params.id));
          return { success: true as const };
        },
      });
      scope.route({
        ...fromContract(securityApi.endOtherSessions),
        handler: async (req) => {
          await onAccount(db, req, 'account.sessions_end', (tx, session) =>
            endOtherSessions(tx, session.userId, session.sessionId),
          );
          return { success: true as const };
        },
      });
      scope.route({
        ...fromContract(securityApi.password),
        handler: async (req) => {
          await confirmPassword(db, accountOf(req), req.body.current, signInWhoOf(req, config));
          await onAccount(db, req, 'account.password', (tx, session) => changePassword(tx, session, req.body.next));
          return { success: true as const };
        },
      });
    });

    // The organiser's setting: admins only.
    await guardedScope(app, requireAdmin(db, secure), (scope) => {
      scope.route({
        ...fromContract(securityApi.policy),
        handler: async () => ({
          twoFactorRoles: await twoFactorRoles(db),
        }),
      });
      scope.route({
        ...fromContract(securityApi.setPolicy),
        handler: async (req) => {
          const roles = await audited(
            db,
            req,
            (tx) => setTwoFactorRoles(tx, req.body.twoFactorRoles, adminOf(req).email),
            (r) => ({
              action: 'sign-in.policy',
              targetType: 'policy',
              targetId: 'two-factor',
              details: { twoFactorRoles: r },
              leavesPlaces: true,
            }),
          );
          return { twoFactorRoles: roles };
        },
      });
    });
  };
