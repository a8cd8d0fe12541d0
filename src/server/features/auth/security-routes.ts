import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserSchema } from '#common/admin.ts';
import { okSchema } from '#common/auth.ts';
import {
  accountSessionsSchema,
  codeSchema,
  confirmPasswordSchema,
  passwordChangeSchema,
  recoveryCodesSchema,
  securityStatusSchema,
  signInPolicySchema,
  totpSetupSchema,
} from '#common/two-factor.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { onAccount } from './account-audit.ts';
import { changePassword, endSession, listSessions } from './account-sessions.ts';
import { accountOf, finishSetup, requireAccount, requireAdmin, signInWhoOf } from './admin-guard.ts';
import { endOtherSessions } from './admin-sessions.ts';
import { confirmPassword, confirmTotp, removeTotp, securityStatus } from './second-factor.ts';
import { setTwoFactorRoles, twoFactorRoles } from './sign-in-policy.ts';
import { beginTotp, replaceRecoveryCodes } from './totp.ts';

const confirmedSchema = recoveryCodesSchema.extend({ user: adminUserSchema.optional() });

/** Each account's own Security page (any role), and the organiser's two-factor requirement (decision 056). */
export const securityRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = config.cookieSecure;

    // A session that must set up a second factor reaches these three, and nothing else.
    await guardedScope(app, requireAccount(db, secure, { setup: true }), (scope) => {
      scope.get('/api/admin/security', { schema: { response: { 200: securityStatusSchema } } }, (req) =>
        securityStatus(db, accountOf(req)),
      );
      scope.post('/api/admin/security/totp', { schema: { response: { 200: totpSetupSchema } } }, (req) => {
        const { userId, email } = accountOf(req);
        return beginTotp(db, userId, email);
      });
      scope.post(
        '/api/admin/security/totp/confirm',
        { schema: { body: codeSchema, response: { 200: confirmedSchema } } },
        async (req, reply) => {
          const session = accountOf(req);
          const who = signInWhoOf(req, config);
          const recoveryCodes = await confirmTotp(db, session.userId, req.body.code, { ...who, email: session.email });
          await onAccount(db, req, 'account.totp_on', async () => {});
          // Set up at sign-in because it is required: the session is now a full one.
          return { recoveryCodes, user: await finishSetup(db, config, req, reply, session) };
        },
      );
    });

    await guardedScope(app, requireAccount(db, secure), (scope) => {
      scope.post(
        '/api/admin/security/totp/remove',
        { schema: { body: confirmPasswordSchema, response: { 200: okSchema } } },
        async (req) => {
          await confirmPassword(db, accountOf(req), req.body.password, signInWhoOf(req, config));
          await onAccount(db, req, 'account.totp_off', removeTotp);
          return { success: true as const };
        },
      );
      scope.post(
        '/api/admin/security/recovery-codes',
        { schema: { body: confirmPasswordSchema, response: { 200: recoveryCodesSchema } } },
        async (req) => {
          await confirmPassword(db, accountOf(req), req.body.password, signInWhoOf(req, config));
          const recoveryCodes = await onAccount(db, req, 'account.recovery_codes', (tx, session) =>
            replaceRecoveryCodes(tx, session.userId),
          );
          return { recoveryCodes };
        },
      );
      scope.get(
        '/api/admin/security/sessions',
        { schema: { response: { 200: accountSessionsSchema } } },
        async (req) => ({
          sessions: await listSessions(db, accountOf(req)),
        }),
      );
      scope.delete(
        '/api/admin/security/sessions/:id',
        { schema: { params: z.object({ id: z.uuid() }), response: { 200: okSchema } } },
        async (req) => {
          await onAccount(db, req, 'account.session_end', (tx, session) => endSession(tx, session, req.params.id));
          return { success: true as const };
        },
      );
      scope.post(
        '/api/admin/security/sessions/end-others',
        { schema: { response: { 200: okSchema } } },
        async (req) => {
          await onAccount(db, req, 'account.sessions_end', (tx, session) =>
            endOtherSessions(tx, session.userId, session.sessionId),
          );
          return { success: true as const };
        },
      );
      scope.post(
        '/api/admin/security/password',
        { schema: { body: passwordChangeSchema, response: { 200: okSchema } } },
        async (req) => {
          await confirmPassword(db, accountOf(req), req.body.current, signInWhoOf(req, config));
          await onAccount(db, req, 'account.password', (tx, session) => changePassword(tx, session, req.body.next));
          return { success: true as const };
        },
      );
    });

    // The organiser's setting: admins only.
    await guardedScope(app, requireAdmin(db, secure), (scope) => {
      scope.get('/api/admin/sign-in-policy', { schema: { response: { 200: signInPolicySchema } } }, async () => ({
        twoFactorRoles: await twoFactorRoles(db),
      }));
      scope.put(
        '/api/admin/sign-in-policy',
        { schema: { body: signInPolicySchema, response: { 200: signInPolicySchema } } },
        async (req) => {
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
      );
    });
  };
