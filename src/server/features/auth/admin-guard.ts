import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG } from '../../../common/admin.ts';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import type { Db } from '../../db/client.ts';
import { findAdmin } from './admin-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: { email: string; sessionId: string } | null;
  }
}

export const adminCookieName = (secure: boolean) => (secure ? '__Host-portal_admin' : 'portal_admin');

export async function loadAdmin(db: Db, req: FastifyRequest, secure: boolean) {
  req.admin = await findAdmin(db, req.cookies[adminCookieName(secure)]);
  return req.admin;
}

/** preValidation hook: 401 `{error}` unless an admin is signed in (a member cookie is not enough). */
export function requireAdmin(db: Db, secure: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!(await loadAdmin(db, req, secure)))
      return reply.code(401).send({ error: ADMIN_MSG.notSignedIn, code: ERROR_CODE.notSignedIn });
  };
}
