import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'", // no inline scripts: the SPA is one external module
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

/** Security headers on every answer, and a same-origin check on every state-changing API call. */
export function registerSecurity(app: FastifyInstance, opts: { hsts: boolean; trustProxy: boolean }) {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });

  // CSRF: browsers say where a request comes from; anything not from this origin is refused.
  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      return reply.code(403).send({ error: CROSS_SITE_REFUSED });
    }
    const origin = req.headers.origin;
    if (typeof origin === 'string' && origin !== 'null') {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {
        host = '';
      }
      // Behind a trusted proxy the public host arrives as X-Forwarded-Host.
      const forwarded = opts.trustProxy ? req.headers['x-forwarded-host'] : undefined;
      const expected = [req.headers.host, typeof forwarded === 'string' ? forwarded : undefined].filter(Boolean);
      if (!expected.includes(host)) return reply.code(403).send({ error: CROSS_SITE_REFUSED });
    } else if (origin === 'null') {
      return reply.code(403).send({ error: CROSS_SITE_REFUSED });
    }
  });
}
