import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REFUSED } from '../../src/server/lib/security.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('sec@example.com', 'Sec');
});
afterAll(() => t.close());

describe('security headers', () => {
  it('sends a strict CSP and the usual protections on pages and API answers', async () => {
    for (const url of ['/api/auth/session', '/healthz']) {
      const res = await t.get(url);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined(); // only when served over HTTPS
    }
    // A page may run the app's own script only; an API answer may load nothing at all.
    const page = await t.get('/healthz');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const api = await t.get('/api/auth/session');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('a route that sets its own header keeps it: a shared report sends no referrer', async () => {
    const res = await t.get(`/api/partner-reports/${'x'.repeat(43)}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff'); // the other defaults still come
  });

  it('answers health and readiness', async () => {
    expect((await t.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.get('/readyz')).json()).toEqual({ status: 'ready' });
  });
});

describe('CSRF defence', () => {
  const rsvp = (headers: Record<string, string>) =>
    t.send('POST', '/api/rsvp/after2049', cookie, undefined, { headers: { host: 'portal.example', ...headers } });

  it.each([
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site sibling', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['the same host over another scheme', { origin: 'https://portal.example' }],
    ['the same host on another port', { origin: 'http://portal.example:8080' }],
    ['an Origin that is not a URL', { origin: 'portal.example' }],
  ])('refuses %s with 403 and books nothing', async (_label, headers) => {
    const res = await rsvp(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: CROSS_SITE_REFUSED, code: 'cross_site' });
    const status = await t.get('/api/rsvp/after2049/status', cookie);
    expect(status.json().hasRsvpd).toBe(false);
  });

  it('refuses form-encodable bodies a cross-site <form> could send', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.send('POST', '/api/auth/login', undefined, 'email=member@example.com', {
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBeTypeOf('string');
    }
  });

  it('lets the portal itself through', async () => {
    const res = await rsvp({ 'sec-fetch-site': 'same-origin', origin: 'http://portal.example' });
    expect(res.statusCode).toBe(201);
  });

  it('behind a trusted proxy, compares with the scheme and host the browser saw', async () => {
    const proxied = await createTestApp({ trustProxy: ['loopback'] });
    try {
      const member = await proxied.signIn('proxied@example.com');
      const send = (origin: string) =>
        proxied.send('POST', '/api/rsvp/after2049', member, undefined, {
          headers: {
            host: '10.0.0.5:5000',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'portal.example',
            origin,
          },
        });
      expect((await send('http://portal.example')).statusCode).toBe(403);
      expect((await send('https://portal.example')).statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('never changes state on GET', async () => {
    const res = await t.get('/api/rsvp/jai', cookie);
    expect(res.statusCode).toBe(404);
    expect((await t.get('/api/rsvp/jai/status', cookie)).json().hasRsvpd).toBe(false);
  });
});
