import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import * as securityApi from '#common/api/security.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { onAccount } from './account-audit.ts';
import {
  accountOf,
  adminCookieName,
  finishSetup,
  requireAccount,
  setAdminSession,
  signInWhoOf,
} from './admin-guard.ts';
import { completeSignIn, endOtherSessions, findSession, signInWithPasskey } from './admin-sessions.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  relyingPartyOf,
  removePasskey,
  signInOptions,
  verifyPasskey,
} from './passkeys.ts';
import { confirmPassword, keepOneFactor } from './second-factor.ts';

/** Staff passkeys (decision 056): added and removed on the Security page; a second factor, or the sign-in itself. */
export const adminPasskeyRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secure = config.cookieSecure;
    const rpOf = (req: { headers: { origin?: string } }) => relyingPartyOf(config, req.headers.origin);

    // A session that must set up a second factor may add a passkey as that factor.
    await guardedScope(app, requireAccount(db, secure, { setup: true }), (scope) => {
      scope.route({
        ...fromContract(securityApi.passkeyOptions),
        handler: async (req) => {
          const { userId, email } = accountOf(req);
          return registrationOptions(db, rpOf(req), { userId }, email);
        },
      });
      scope.route({
        ...fromContract(securityApi.addPasskey),
        handler: async (req, reply) => {
          const session = accountOf(req);
          const input = { name: req.body.name, response: req.body.response as unknown as RegistrationResponseJSON };
          const rp = rpOf(req);
          const id = await onAccount(db, req, 'account.passkey_add', (tx) =>
            registerPasskey(tx, rp, { userId: session.userId }, input),
          );
          return { id, user: await finishSetup(db, config, req, reply, session) };
        },
      });
    });

    await guardedScope(app, requireAccount(db, secure), (scope) => {
      scope.route({
        ...fromContract(securityApi.removePasskey),
        handler: async (req) => {
          const session = accountOf(req);
          const user = await confirmPassword(db, session, req.body.password, signInWhoOf(req, config));
          await onAccount(db, req, 'account.passkey_remove', async (tx) => {
            const name = await removePasskey(tx, { userId: session.userId }, req.params.id);
            const left = await listPasskeys(tx, { userId: session.userId });
            await keepOneFactor(tx, session, { totp: Boolean(user.totpSecret), passkeys: left.length > 0 });
            return { name, sessionsEnded: await endOtherSessions(tx, session.userId, session.sessionId) };
          });
          return { success: true as const };
        },
      });
    });

    // Signing in: after the password (a half-signed-in session's second factor), or with the passkey alone. Each
    // options call stores a challenge and each answer is verified: a flood from one address is cut off (decision 060).
    const floodLimit = perIpLimit(app, 'staff-passkey', config.loginLimitPerIp);
    app.route({
      ...fromContract(adminAuthApi.passkeyOptions),
      onRequest: floodLimit,
      handler: async (req) => {
        const session = await findSession(db, req.cookies[adminCookieName(secure)]);
        const owner = session?.pending === 'factor' ? { userId: session.userId } : null;
        return signInOptions(db, rpOf(req), owner);
      },
    });
    app.route({
      ...fromContract(adminAuthApi.passkey),
      onRequest: floodLimit,
      handler: async (req, reply) => {
        const session = await findSession(db, req.cookies[adminCookieName(secure)]);
        const half = session?.pending === 'factor' ? session : null;
        const response = req.body.response as unknown as AuthenticationResponseJSON;
        const key = await verifyPasskey(db, rpOf(req), response, {
          owner: half ? { userId: half.userId } : null,
          kind: 'staff',
        });
        const who = signInWhoOf(req, config);
        if (half) {
          setAdminSession(reply, config, await completeSignIn(db, half, who), half.email);
          return { email: half.email, role: half.role, timeZone: config.organiserTimeZone };
        }
        const signedIn = await signInWithPasskey(db, key.userId ?? '', who);
        setAdminSession(reply, config, signedIn, signedIn.email);
        return { email: signedIn.email, role: signedIn.role, timeZone: config.organiserTimeZone };
      },
    });
  };
