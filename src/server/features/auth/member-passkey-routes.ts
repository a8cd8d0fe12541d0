import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as passkeyApi from '#common/api/passkeys.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { deviceCookieName, deviceOf } from '../../lib/device-cookie.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { browserLocale } from '../../lib/member-i18n.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { signInLimitsOf } from '../../lib/sign-in-guard.ts';
import { browserSessions } from './browser-session.ts';
import { requireMember, signedInMember } from './member-guard.ts';
import {
  addMemberPasskey,
  memberRegistrationOptions,
  removeMemberPasskey,
  signInWithMemberPasskey,
} from './member-passkeys.ts';
import { listPasskeys, relyingPartyOf, signInOptions } from './passkeys.ts';

/** Members' passkeys (decision 060): added and removed on /me, and a sign-in on the device that holds one. */
export const memberPasskeyRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const rpOf = (req: { headers: { origin?: string } }) => relyingPartyOf(config, req.headers.origin);
    const limits = signInLimitsOf(config);
    const startBrowserSession = browserSessions({ db, config });
    const deviceCookie = deviceCookieName('member', config.cookieSecure);
    // Each options call stores a challenge: a flood from one address is cut off before it writes (a minute's cap).
    const optionsLimit = perIpLimit(app, 'passkey-options', config.loginLimitPerIp);

    app.route({
      ...fromContract(passkeyApi.signInOptions),
      onRequest: optionsLimit,
      handler: async (req) => signInOptions(db, rpOf(req), null),
    });

    app.route({
      ...fromContract(passkeyApi.signIn),
      handler: async (req, reply) => {
        const response = req.body.response as unknown as AuthenticationResponseJSON;
        const devices = req.cookies[deviceCookie];
        const { token, expiresAt, user } = await signInWithMemberPasskey(db, rpOf(req), response, {
          ip: req.ip,
          userAgent: req.headers['user-agent'],
          locale: browserLocale(req),
          limits,
          device: (email) => deviceOf(config.deviceCookieSecret, 'member', email, devices),
          sessionDays: config.memberSessionDays,
        });
        await startBrowserSession(req, reply, { token, expiresAt });
        return user;
      },
    });

    await guardedScope(app, requireMember(db, config.cookieSecure), (scope) => {
      scope.route({
        ...fromContract(passkeyApi.list),
        handler: async (req) => ({ passkeys: await listPasskeys(db, { memberEmail: signedInMember(req).email }) }),
      });
      scope.route({
        ...fromContract(passkeyApi.addOptions),
        onRequest: optionsLimit,
        handler: async (req) => memberRegistrationOptions(db, rpOf(req), signedInMember(req).email),
      });
      scope.route({
        ...fromContract(passkeyApi.add),
        handler: async (req, reply) => {
          const input = { name: req.body.name, response: req.body.response as unknown as RegistrationResponseJSON };
          const id = await addMemberPasskey(db, rpOf(req), signedInMember(req).email, input);
          return reply.code(201).send({ id });
        },
      });
      scope.route({
        ...fromContract(passkeyApi.remove),
        handler: async (req) => {
          await removeMemberPasskey(db, signedInMember(req).email, req.params.id);
          return { success: true as const };
        },
      });
    });
  };
