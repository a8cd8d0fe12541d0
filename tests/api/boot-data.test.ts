import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../src/server/lib/hot-cache.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The shell is the built index.html: `npm test` builds before it runs the tests.
const built = fs.existsSync(new URL('../../dist/client/index.html', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
});
afterAll(() => t.close());

const bootOf = (html: string) => {
  const m = /<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no boot data in the page');
  return JSON.parse(m[1]);
};

describe.skipIf(!built)('pages carry their first paint data', () => {
  it('the dashboard holds the session, the benefits as the API answers them, and image preloads', async () => {
    const cookie = await t.signIn('boot@example.com', 'Boot', 'Member');
    const page = await t.app.inject({ url: '/benefits', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const boot = bootOf(page.body);
    expect(boot.session).toEqual({ email: 'boot@example.com', firstName: 'Boot', lastName: 'Member' });
    const api = await t.app.inject({ url: '/api/benefits', headers: { cookie } });
    expect(boot.benefits).toEqual(api.json());
    const preloads = [...page.body.matchAll(/<link rel="preload" as="image" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(
      api
        .json()
        .slice(0, 3)
        .map((b: { imageUrl: string }) => b.imageUrl),
    );
  });

  it('other pages hold only the session; signed out, a null session and nothing else', async () => {
    const cookie = await t.signIn('other@example.com');
    const tour = bootOf((await t.app.inject({ url: '/mclaren-tour', headers: { cookie } })).body);
    expect(tour.session.email).toBe('other@example.com');
    expect(tour.benefits).toBeUndefined();
    const anonymous = await t.app.inject({ url: '/benefits' });
    expect(bootOf(anonymous.body)).toEqual({ session: null });
    expect(anonymous.body).not.toContain('rel="preload" as="image"');
    expect(bootOf((await t.app.inject({ url: '/' })).body)).toEqual({ session: null });
  });

  it('the dashboard and the sign-in form come painted, with the stylesheet inside the page (decision 015)', async () => {
    const cookie = await t.signIn('painted@example.com', 'Painted', 'Member');
    const page = (await t.app.inject({ url: '/benefits', headers: { cookie } })).body;
    const root = /<div id="root">(.*?)<\/div><script id="boot-data"/s.exec(page)?.[1] ?? '';
    expect(root).toContain('<span data-testid="welcome-name">PAINTED</span>');
    expect(root.match(/data-testid="benefit-tile"/g)?.length).toBe(bootOf(page).benefits.length);
    expect(root).not.toContain('<link'); // the image preloads are in the head, once
    expect(page).toMatch(/<style>[^<]*\.bg-gold/);
    expect(page).not.toContain('rel="stylesheet"');
    const login = (await t.app.inject({ url: '/login' })).body;
    expect(login).toContain('ACCESS PORTAL</button>');
    // Other pages are rendered by the browser, as before.
    const mine = (await t.app.inject({ url: '/me', headers: { cookie } })).body;
    expect(mine).toContain('<div id="root"></div>');
  });

  it('no stored text can close the data block, and gzip is used when accepted', async () => {
    await t.db.insert(benefits).values({
      id: 'sneaky',
      title: '</script><script>alert(1)</script>',
      slug: 'sneaky',
      description: 'x',
    });
    hotCache(t.db).invalidate(BENEFITS_TAG); // as an admin edit would
    const cookie = await t.signIn('sneaky@example.com');
    const page = await t.app.inject({ url: '/benefits', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString('utf8');
    expect(html).not.toContain('<script>alert(1)');
    expect(bootOf(html).benefits.some((b: { title: string }) => b.title === '</script><script>alert(1)</script>')).toBe(
      true,
    );
  });
});
