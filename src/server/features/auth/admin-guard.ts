import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG } from '../../../common/admin.ts';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import { CHECK_IN_MSG } from '../../../common/passes.ts';
import type { Db } from '../../db/client.ts';
import { findAdmin, type SignedInAdmin } from './admin-sessions.ts';

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
 * account is door staff, unless the route is the door's (`staffToo`).
 */
export function requireAdmin(db: Db, secure: boolean, opts: { staffToo?: boolean } = {}) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const admin = await loadAdmin(db, req, secure);
    if (!admin) return reply.code(401).send({ error: ADMIN_MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
    if (admin.role !== 'admin' && !opts.staffToo)
      return reply.code(403).send({ error: CHECK_IN_MSG.staffOnly, code: ERROR_CODE.forbidden });
  };
}
