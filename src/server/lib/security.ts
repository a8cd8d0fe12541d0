import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** Whether a state-changing API call comes from another site (Sec-Fetch-Site, else Origin against Host). */
function crossSite(req: FastifyRequest, trustProxy: boolean): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === 'null') return true;
  if (typeof origin !== 'string') return false;
  let host = '';
  try {
    host = new URL(origin).host;
  } catch {
    host = '';
  }
  // Behind a trusted proxy the public host arrives as X-Forwarded-Host.
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const expected = [req.headers.host, typeof forwarded === 'string' ? forwarded : undefined].filter(Boolean);
  return !expected.includes(host);
}

/** Security headers on every answer, and a same-origin check on every state-changing API call. */
export function registerSecurity(app: FastifyInstance, opts: { hsts: boolean; trustProxy: boolean }) {
  const headers: Record<string, string> = {
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    ...(opts.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  // Callback-style hooks: these run on every request, and an async hook costs a promise each time (hot reads).
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });

  // CSRF: browsers say where a request comes from; anything not from this origin is refused.
  app.addHook('onRequest', (req, reply, done) => {
    if (!UNSAFE.has(req.method) || !req.url.startsWith('/api/') || !crossSite(req, opts.trustProxy)) return done();
    reply.code(403).send({ error: CROSS_SITE_REFUSED }); // answered: the request goes no further
  });
}
