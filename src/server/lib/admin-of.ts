import type { FastifyRequest } from 'fastify';
import { ADMIN_MSG } from '#common/admin.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { HttpError } from './http-error.ts';

/**
 * The account requireAdmin or requireAccount let through. A handler outside those guards gets a 401, never an
 * audit row or a record by an empty e-mail.
 */
export function adminOf(req: FastifyRequest): NonNullable<FastifyRequest['admin']> {
  if (!req.admin) throw new HttpError(401, ADMIN_MSG.notSignedIn, ERROR_CODE.notSignedIn);
  return req.admin;
}
