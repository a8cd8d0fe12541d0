import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { findSession, findSessionForRead, recallSessionForRead } from './member-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member: SessionUser | null;
  }
}

export const memberCookieName = (secure: boolean) => (secure ? '__Host-portal_session' : 'portal_session');

/** Loads the member (or null) for a request from its session cookie. */
export async function loadMember(db: Db, req: FastifyRequest, secure: boolean) {
  req.member = await findSession(db, req.cookies[memberCookieName(secure)]);
  return req.member;
}

/**
 * Hook factory, used as preValidation so a 401 comes before body errors: 401 `{error}` unless signed in.
 * Reads may use a session the database confirmed a moment ago (findSessionForRead); writes always ask it.
 * Callback-style: a read whose session is remembered (every dashboard load and poll) is let through on the same
 * tick, without a promise (hot reads, docs/decisions/014).
 */
export function requireMember(db: Db, secure: boolean, message: string = MSG.notSignedIn) {
  // Answered here, so `done` is not called: the request goes no further.
  const refuse = (reply: FastifyReply) => {
    reply.code(401).send({ error: message, code: ERROR_CODE.notSignedIn });
  };
  return (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    const token = req.cookies[memberCookieName(secure)];
    const reading = req.method === 'GET' || req.method === 'HEAD';
    const recalled = reading ? recallSessionForRead(db, token) : undefined;
    if (recalled !== undefined) {
      req.member = recalled;
      if (recalled) done();
      else refuse(reply);
      return;
    }
    (reading ? findSessionForRead(db, token) : findSession(db, token)).then((member) => {
      req.member = member;
      if (member) done();
      else refuse(reply);
    }, done);
  };
}

/** The member behind a guarded route; a missing one is a 401, never a crash. */
export function signedInMember(req: FastifyRequest, message: string = MSG.notSignedIn): SessionUser {
  if (!req.member) throw new HttpError(401, message);
  return req.member;
}
