import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as authApi from '#common/api/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { LOCALE_COOKIE } from '#common/locales.ts';
import { MSG } from '#common/messages.ts';
import { offlineKeyCookieName } from '#common/offline-copy.ts';
import type { AppDeps } from '../../app-deps.ts';
import { afterReply, afterReplySettled } from '../../lib/after-reply.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { deviceCookieName, deviceCookieOptions, deviceOf, withDevice } from '../../lib/device-cookie.ts';
import { HttpError } from '../../lib/http-error.ts';
import { browserLocale } from '../../lib/member-i18n.ts';
import { signInLimitsOf } from '../../lib/sign-in-guard.ts';
import { browserSessions } from './browser-session.ts';
import { loginBindingCookieName, requestLoginCode, verifyLoginCode } from './login-codes.ts';
import { loadMember, memberCookieName } from './member-guard.ts';
import { saveMemberLocale, signIn, signOut } from './member-sessions.ts';

export const memberAuthRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cookie = memberCookieName(config.cookieSecure);
    const bindingCookie = loginBindingCookieName(config.cookieSecure);
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.cookieSecure,
    };
    const limits = signInLimitsOf(config);
    // Device cookies only matter where there is a secret to guess: MEMBER_LOGIN=email sets none.
    const deviceCookie = deviceCookieName('member', config.cookieSecure);
    const memberDevice = (devices: string | undefined) => (email: string) =>
      deviceOf(config.deviceCookieSecret, 'member', email, devices);
    const codeMode = config.memberLogin === 'code';
    const offlineKey = offlineKeyCookieName(config.cookieSecure);
    const startBrowserSession = browserSessions({ db, config });
    // Codes still being issued after their answers finish before the database closes.
    app.addHook('onClose', afterReplySettled);

    app.route({
      ...fromContract(authApi.session),
      handler: async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        if (!member) return reply.code(401).send({ error: 'Not signed in', code: ERROR_CODE.notSignedIn });
        return member;
      },
    });

    app.route({
      ...fromContract(authApi.loginMode),
      handler: async () => ({
        mode: config.memberLogin,
      }),
    });

    app.route({
      ...fromContract(authApi.login),
      handler: async (req, reply) => {
        const meta = { ip: req.ip, userAgent: req.headers['user-agent'], locale: browserLocale(req) };
        if (codeMode) {
          // No session yet: a code goes to the e-mail (if listed), bound to this browser by a cookie.
          const browser = { binding: req.cookies[bindingCookie], device: memberDevice(req.cookies[deviceCookie]) };
          const { binding, expiresAt, issue } = await requestLoginCode(db, req.body.email, meta, browser, {
            limits,
            codesPerDay: config.loginCodesPerDay,
            mailsPerHour: config.loginCodeMailsPerHour,
            publicUrl: config.publicUrl,
            secret: config.deviceCookieSecret,
          });
          reply.setCookie(bindingCookie, binding, { ...cookieOptions, expires: expiresAt });
          // Whether the e-mail is listed decides what happens next, so it happens after the answer (decision 044).
          afterReply(reply, issue);
          return { codeSent: true as const };
        }
        const { token, expiresAt, user } = await signIn(db, req.body.email, meta, {
          sessionDays: config.memberSessionDays,
          limits,
        });
        await startBrowserSession(req, reply, { token, expiresAt });
        return user;
      },
    });

    app.route({
      ...fromContract(authApi.verify),
      handler: async (req, reply) => {
        if (!codeMode) throw new HttpError(404, MSG.loginCodesOff);
        const { token, expiresAt, user } = await verifyLoginCode(
          db,
          req.body,
          req.cookies[bindingCookie],
          { ip: req.ip, userAgent: req.headers['user-agent'], locale: browserLocale(req) },
          { sessionDays: config.memberSessionDays, limits, secret: config.deviceCookieSecret },
        );
        reply.clearCookie(bindingCookie, cookieOptions);
        await startBrowserSession(req, reply, { token, expiresAt });
        // This browser has now signed in: its next requests and codes for this member skip strangers' limits.
        const devices = withDevice(config.deviceCookieSecret, 'member', user.email, req.cookies[deviceCookie]);
        reply.setCookie(deviceCookie, devices, deviceCookieOptions(config.cookieSecure));
        return user;
      },
    });

    app.route({
      ...fromContract(authApi.logout),
      handler: async (req, reply) => {
        await signOut(db, req.cookies[cookie]);
        reply.clearCookie(cookie, cookieOptions);
        reply.clearCookie(offlineKey, { ...cookieOptions, httpOnly: false });
        return { success: true as const };
      },
    });

    // The member's language, kept on their profile (mails, other devices) and in this browser's cookie (decision 059).
    app.route({
      ...fromContract(authApi.locale),
      handler: async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        if (!member) return reply.code(401).send({ error: MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
        await saveMemberLocale(db, member.email, req.body.locale);
        reply.setCookie(LOCALE_COOKIE, req.body.locale, {
          path: '/',
          sameSite: 'lax',
          secure: config.cookieSecure,
          maxAge: 365 * 86_400,
        });
        return { success: true as const };
      },
    });

    app.route({
      ...fromContract(authApi.userName),
      handler: async (req, reply) => {
        const member = await loadMember(db, req, config.cookieSecure);
        if (!member) return reply.code(401).send({ error: 'Not signed in', code: ERROR_CODE.notSignedIn });
        const fullName = [member.firstName, member.lastName].filter(Boolean).join(' ');
        return { fullName };
      },
    });
  };
