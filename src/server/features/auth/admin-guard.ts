import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG } from '#common/admin.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { PARTNER_MSG } from '#common/partners.ts';
import { CHECK_IN_MSG } from '#common/passes.ts';
import type { Db } from '../../db/client.ts';
import { findAdmin, type SignedInAdmin } from './admin-sessions.ts';
import { assignedBenefits, partnerMayReach } from './partner-scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: SignedInAdmin | null;
  }
}

export const adminCookieName = (secure: boolean) => (secure ? '__Host-portal_admin' : 'portal_admin');

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
