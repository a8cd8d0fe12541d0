import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG } from '#common/admin.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { PARTNER_MSG } from '#common/partners.ts';
import { CHECK_IN_MSG } from '#common/passes.ts';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { deviceCookieName, deviceCookieOptions, deviceOf, withDevice } from '../../lib/device-cookie.ts';
import { signInLimitsOf } from '../../lib/sign-in-guard.ts';
import {
  type AnySession,
  completeSignIn,
  findAdmin,
  findSession,
  type SignedInAdmin,
  type SignInWho,
} from './admin-sessions.ts';
import { assignedBenefits, partnerMayReach } from './partner-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: SignedInAdmin | null;
    /** The account's session on its own Security routes, possibly half signed in (decision 056). */
    account: AnySession | null;
  }
}

export const adminCookieName = (secure: boolean) => (secure ? '__Host-portal_admin' : 'portal_admin');
export const adminCookieOptions = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
});

/**
 * Sets the session cookie first (clients and tests take the first cookie as the session), then, after a whole
 * sign-in (`signedInAs`), the device cookie: the new-device mail compares against the browser's own (decision 056).
 */
export function setAdminSession(
  reply: FastifyReply,
  config: Config,
  session: { token: string; expiresAt: Date },
  signedInAs: string | null,
) {
  const secure = config.cookieSecure;
  reply.setCookie(adminCookieName(secure), session.token, {
    ...adminCookieOptions(secure),
    expires: session.expiresAt,
  });
  if (!signedInAs) return;
  const devices = reply.request.cookies[deviceCookieName('admin', secure)];
  const value = withDevice(config.deviceCookieSecret, 'admin', signedInAs, devices);
  reply.setCookie(deviceCookieName('admin', secure), value, deviceCookieOptions(secure));
}

/** Who is signing in, for the sign-in limits (decision 019) and the sessions list. */
export const signInWhoOf = (req: FastifyRequest, config: Config): SignInWho => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  limits: signInLimitsOf(config),
  device: (account) =>
    deviceOf(config.deviceCookieSecret, 'admin', account, req.cookies[deviceCookieName('admin', config.cookieSecure)]),
  totpKey: config.totpKey,
});

/** The answer to a half-signed-in session anywhere but its next step: 401 naming that step, so the client can show it. */
export function halfSignedIn(reply: FastifyReply, session: AnySession) {
  return session.pending === 'setup'
    ? reply.code(401).send({ error: TWO_FACTOR_MSG.setupRequired, code: ERROR_CODE.twoFactorSetupRequired })
    : reply.code(401).send({ error: TWO_FACTOR_MSG.codeRequired, code: ERROR_CODE.secondFactorRequired });
}

/** The account requireAccount let through (its routes only). */
export function accountOf(req: FastifyRequest): AnySession {
  if (!req.account) throw new Error('accountOf outside requireAccount');
  return req.account;
}

/**
 * preValidation hook of an account's own Security routes: any role, signed in; `setup` lets a session that must set
 * up a second factor in too (the only place it reaches).
 */
export function requireAccount(db: Db, secure: boolean, opts: { setup?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await findSession(db, req.cookies[adminCookieName(secure)]);
    req.account = session;
    if (!session) return reply.code(401).send({ error: ADMIN_MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
    if (session.pending && !(opts.setup && session.pending === 'setup')) return halfSignedIn(reply, session);
    req.admin = { email: session.email, sessionId: session.sessionId, userId: session.userId, role: session.role };
  };
}

export async function loadAdmin(db: Db, req: FastifyRequest, secure: boolean) {
  req.admin = await findAdmin(db, req.cookies[adminCookieName(secure)]);
  return req.admin;
}

/**
 * preValidation hook: 401 unless an admin account is signed in (a member cookie is not enough); 403 when that
 * account is door staff, unless the route is the door's (`staffToo`); for a partner account, 403 unless the route
 * declares `config: { partner }`, and 404 (no data) when the benefit it names is not theirs (partner-scope.ts).
 */
export function requireAdmin(db: Db, secure: boolean, opts: { staffToo?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    req.partnerBenefits = null;
    const admin = await loadAdmin(db, req, secure);
    if (!admin) return reply.code(401).send({ error: ADMIN_MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
    if (admin.role === 'partner') return partnerGate(db, req, reply, admin);
    if (admin.role !== 'admin' && !opts.staffToo)
      return reply.code(403).send({ error: CHECK_IN_MSG.staffOnly, code: ERROR_CODE.forbidden });
  };
}

async function partnerGate(db: Db, req: FastifyRequest, reply: FastifyReply, admin: SignedInAdmin) {
  if (!req.routeOptions.config.partner)
    return reply.code(403).send({ error: CHECK_IN_MSG.partnerOnly, code: ERROR_CODE.forbidden });
  const assigned = await assignedBenefits(db, admin.email);
  if (!(await partnerMayReach(db, req, assigned)))
    return reply.code(404).send({ error: PARTNER_MSG.benefitUnknown, code: ERROR_CODE.notFound });
  req.partnerBenefits = assigned;
}

/** After a factor is set up: a session that had to set one up becomes a full one (decision 056); its user, if so. */
export async function finishSetup(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  session: AnySession,
) {
  if (session.pending !== 'setup') return undefined;
  const full = await completeSignIn(db, session, signInWhoOf(req, config));
  setAdminSession(reply, config, full, session.email);
  return { email: session.email, role: session.role, timeZone: config.organiserTimeZone };
}
