import { Transform } from 'node:stream';
import type { FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';
import { FREE_FORM_MAX_BYTES } from '#common/bounded-json.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { HttpError } from './http-error.ts';

/**
 * What a request body may weigh, per route (docs/decisions/045). The largest member body is a dynamic form's or a
 * tracked submission's: 16 KB of free-form answers plus its other fields (at most 1,112 characters, 3.4 KB as
 * UTF-8). Twice the answers' limit leaves room; every route takes this much from anyone.
 */
export const MEMBER_BODY_MAX_BYTES = 2 * FREE_FORM_MAX_BYTES;
/** An admin's JSON (a benefit with its texts, a configuration with its templates, a message): the old global limit. */
export const ADMIN_BODY_MAX_BYTES = 1024 * 1024;
/** A text upload sent as a JSON string of `maxChars` characters: UTF-8 and JSON escaping make each at most 3 bytes. */
export const textUploadBodyLimit = (maxChars: number) => 3 * maxChars + 4096;

/** Fastify's own words for a body over a route's limit, so both refusals read alike. */
export const BODY_TOO_LARGE = 'Request body is too large';
const tooLarge = () => new HttpError(413, BODY_TOO_LARGE, ERROR_CODE.payloadTooLarge);

/** Passes a body through until it exceeds `limit` bytes, then fails with 413 (a chunked body declares no length). */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(tooLarge());
      done(null, chunk);
    },
  });
}

/**
 * preParsing: a body over the member limit is read only for a signed-in admin; anyone else gets 413 before it is
 * read (or, chunked, as soon as it passes the member limit). Strangers' bodies cost what a member's may.
 */
export function largeBodiesOnlyFor(isAdmin: (req: FastifyRequest) => Promise<unknown>): preParsingAsyncHookHandler {
  return async (req, _reply, payload) => {
    const declared = req.headers['content-length'];
    const chunked = declared === undefined && req.headers['transfer-encoding'] !== undefined;
    if (!chunked && (declared === undefined || Number(declared) <= MEMBER_BODY_MAX_BYTES)) return payload;
    if (await isAdmin(req)) return payload;
    if (!chunked) throw tooLarge();
    return payload.pipe(capped(MEMBER_BODY_MAX_BYTES));
  };
}

/**
 * onRoute: a route's own `bodyLimit` stands (uploads); an admin route (`/api/admin/…`) takes an admin's JSON;
 * every other route keeps the server's, the member limit. A limit above the member's is open to admins only.
 */
export function routeBodyLimits(adminsOnly: preParsingAsyncHookHandler) {
  return (route: RouteOptions) => {
    route.bodyLimit ??= route.url.startsWith('/api/admin/') ? ADMIN_BODY_MAX_BYTES : undefined;
    if ((route.bodyLimit ?? 0) > MEMBER_BODY_MAX_BYTES)
      route.preParsing = [adminsOnly, ...[route.preParsing ?? []].flat()];
  };
}
