import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODE } from '#common/error-codes.ts';

const CSP = [
  "default-src 'self'",
  // No inline scripts: the SPA is one external module. wasm-unsafe-eval lets the door's QR reader compile its wasm.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:", // blob: previews an image before it is uploaded
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed';

/** The origin (scheme, host and port) of an URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing API call comes from another site: Sec-Fetch-Site when the browser sends
 * it, else the Origin compared in scheme, host and port with this portal's (behind a trusted proxy,
 * X-Forwarded-Proto and -Host say what the browser saw; Fastify reads them into protocol and host).
 */
function crossSite(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false; // not a browser's cross-origin request: browsers send Origin on those
  const theirs = typeof origin === 'string' ? originOf(origin) : null;
  return theirs === null || theirs !== originOf(`${req.protocol}://${req.host}`);
}

/** Security headers on every answer, and a same-origin check on every state-changing API call. */
export function registerSecurity(app: FastifyInstance, opts: { hsts: boolean }) {
  const headers: Record<string, string> = {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    // The door's check-in page reads passes with the camera; nothing else may use it.
    'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
    ...(opts.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // An API answer is never a document: it may load nothing and be framed nowhere (OWASP's headers for REST APIs).
  // Fewer, shorter headers on the hottest answers.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': headers['referrer-policy'] as string,
    ...(opts.hsts ? { 'strict-transport-security': headers['strict-transport-security'] as string } : {}),
  };
  // Callback-style hooks: these run on every request, and an async hook costs a promise each time (hot reads).
  const pageEntries = Object.entries(headers);
  const apiEntries = Object.entries(apiHeaders);
  app.addHook('onSend', (req, reply, payload, done) => {
    // Defaults: a route that set its own (a shared report's no-referrer) keeps it.
    for (const [name, value] of req.url.startsWith('/api/') ? apiEntries : pageEntries)
      if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });

  // CSRF: browsers say where a request comes from; anything not from this origin is refused.
  app.addHook('onRequest', (req, reply, done) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/') || !crossSite(req)) return done();
    reply.code(403).send({ error: CROSS_SITE_REFUSED, code: ERROR_CODE.crossSite }); // answered: the request goes no further
  });
}
