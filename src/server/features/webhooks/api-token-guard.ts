import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_TOKEN_MSG, type ApiTokenScope } from '#common/api-tokens.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db } from '../../db/client.ts';
import { adminAudit, apiTokens } from '../../db/schema.ts';
import { afterReply } from '../../lib/after-reply.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { assignedBenefits } from '../auth/index.ts';
import { tokenFor } from './api-tokens.ts';

/** Who reads through /api/v1: the token, its owner, and (a partner's) the benefits it may read. */
export type ApiCaller = { tokenId: string; owner: string; benefits: Set<string> | null };

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

/** The caller requireApiToken let through. A handler outside that guard gets a 401, never an unscoped read. */
export function apiCallerOf(req: FastifyRequest): ApiCaller {
  if (!req.apiCaller) throw new HttpError(401, API_TOKEN_MSG.missing, ERROR_CODE.notSignedIn);
  return req.apiCaller;
}

const deny = (reply: FastifyReply, status: number, error: string, code: string) =>
  reply.code(status).send({ error, code });

/**
 * The guard of every /api/v1 route: a live bearer token with the route's scope, under its per-minute limit. After the
 * answer has gone, the call is audited and the token's last use noted (decision 058): reading never waits on either.
 */
export function requireApiToken(db: Db, scope: ApiTokenScope, perMinute: number) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const bearer = /^Bearer\s+(\S{1,200})$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return deny(reply, 401, API_TOKEN_MSG.missing, ERROR_CODE.notSignedIn);
    const found = await tokenFor(db, bearer);
    if (!found) return deny(reply, 401, API_TOKEN_MSG.invalid, ERROR_CODE.notSignedIn);
    // One counter row in the database: exact under a burst, and shared by every instance on it.
    await enforce(db, `api-token:${found.token.id}`, perMinute, 60_000, API_TOKEN_MSG.rateLimited);
    afterReply(reply, async () => {
      await db.insert(adminAudit).values({
        adminEmail: found.owner,
        action: 'api.read',
        targetType: 'api_token',
        targetId: found.token.id,
        details: { path: req.routeOptions.url ?? '', status: reply.statusCode, token: found.token.name },
      });
      await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, found.token.id));
    });
    // Audited too (above): a token trying what it may not is worth knowing.
    if (!found.token.scopes.includes(scope)) return deny(reply, 403, API_TOKEN_MSG.scope(scope), ERROR_CODE.forbidden);
    req.apiCaller = {
      tokenId: found.token.id,
      owner: found.owner,
      benefits: found.role === 'admin' ? null : await assignedBenefits(db, found.owner),
    };
  };
}
