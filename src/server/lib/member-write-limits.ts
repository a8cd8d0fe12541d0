import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ERROR_CODE } from '#common/error-codes.ts';
import { HttpError } from './http-error.ts';
import { words } from './member-words.ts';

/** What members may send per minute, by kind of write; each limit counts per member and per IP address. */
export type MemberWriteLimits = { bookingsPerMember: number; perIp: number };

export const WRITES_TOO_FAST = 'You are sending requests too quickly. Please wait a moment and try again.';
const tooFast = words('srv.limit.tooFast');
/** Refreshing counts is cheap for a member to ask and costly to answer: a few a minute is plenty. */
const REFRESHES_PER_MEMBER = 10;
/** Clicks and submissions are logged as members browse: generous, but bounded. */
const TRACKING_PER_MEMBER = 120;
const MINUTE = 60_000;

type Group = 'booking' | 'refresh' | 'tracking';

/** Member write routes (not admin, not sign-in: those have their own limits) and their group. */
function groupOf(route: RouteOptions): Group | null {
  const methods = [route.method].flat();
  if (methods.every((m) => m === 'GET' || m === 'HEAD')) return null;
  const url = route.url;
  if (!url.startsWith('/api/') || url.startsWith('/api/admin') || url.startsWith('/api/auth/')) return null;
  // Apple Wallet's pass web service: every phone at a venue shares its Wi-Fi's address, and each call is HMAC-checked.
  if (url.startsWith('/api/wallet/')) return null;
  if (url === '/api/upload-image') return null; // an admin route outside /api/admin (docs/spec/admin-and-rsvp.md §7)
  if (url.startsWith('/api/analytics/')) return 'tracking';
  if (url.endsWith('/refresh')) return 'refresh';
  return 'booking';
}

/**
 * A per-address limit for a public route whose token or signature is the authority (release links, shared reports,
 * the wallet web service): it only stops floods. An onRequest hook, so a refused request's body is never read.
 */
export function perIpLimit(app: FastifyInstance, name: string, max: number) {
  const check = app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: (req) => `${name}:ip:${req.ip}` });
  return async (req: FastifyRequest, reply: { header: (k: string, v: number) => unknown }) => {
    const outcome = await check(req);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    reply.header('retry-after', outcome.ttlInSeconds);
    throw new HttpError(429, tooFast, ERROR_CODE.rateLimited);
  };
}

/**
 * Rate limits on every member write route, so no member (or script with a member's cookie) can
 * stall the portal. Counted in this process's memory: cheap on the hot path, and each instance
 * protects itself; the per-IP figure is loose because a venue's Wi-Fi is one address (docs/spec/DESIGN.md §4).
 */
export async function registerMemberWriteLimits(app: FastifyInstance, limits: MemberWriteLimits) {
  await app.register(rateLimit, { global: false });
  const perMember: Record<Group, number> = {
    booking: limits.bookingsPerMember,
    refresh: REFRESHES_PER_MEMBER,
    tracking: TRACKING_PER_MEMBER,
  };
  const limiters = new Map<Group, ReturnType<FastifyInstance['createRateLimit']>[]>();
  for (const group of Object.keys(perMember) as Group[]) {
    limiters.set(group, [
      app.createRateLimit({ max: limits.perIp, timeWindow: MINUTE, keyGenerator: (req) => `${group}:ip:${req.ip}` }),
      app.createRateLimit({
        max: perMember[group],
        timeWindow: MINUTE,
        // Guards run first (preValidation), so a signed-in member is known here; others count by IP only.
        keyGenerator: (req) => `${group}:member:${req.member?.email ?? `ip:${req.ip}`}`,
      }),
    ]);
  }
  app.addHook('onRoute', (route) => {
    const group = groupOf(route);
    if (!group) return;
    const checks = limiters.get(group) ?? [];
    const limit = async (req: FastifyRequest, reply: { header: (k: string, v: number) => unknown }) => {
      for (const check of checks) {
        const outcome = await check(req);
        if (outcome.isAllowed || !outcome.isExceeded) continue; // isAllowed means "not counted" (allow list)
        reply.header('retry-after', outcome.ttlInSeconds);
        throw new HttpError(429, tooFast, ERROR_CODE.rateLimited);
      }
    };
    route.preHandler = [route.preHandler ?? []].flat().concat(limit);
  });
}
