import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EAGER_TILE_IMAGES } from '#common/constants.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { BENEFITS_TAG, hotCache } from '../../src/server/lib/hot-cache.ts';
import { INLINE_IMAGE_MAX_BYTES } from '../../src/server/lib/inline-image.ts';
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
  it("the dashboard holds the session, the benefits as the API answers them, the first row's small artwork inside", async () => {
    const cookie = await t.signIn('boot@example.com', 'Boot', 'Member');
    const page = await t.get('/benefits', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const boot = bootOf(page.body);
    expect(boot.session).toEqual({ email: 'boot@example.com', firstName: 'Boot', lastName: 'Member' });
    const api = (await t.get('/api/benefits', cookie)).json() as { imageUrl: string }[];
    const firstRow = api.slice(0, EAGER_TILE_IMAGES);
    // The first row's artwork (small SVGs of the built client) comes as data: URLs, byte for byte the files.
    for (const [i, b] of firstRow.entries()) {
      const inlined: string = boot.benefits[i].imageUrl;
      expect(inlined.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const file = fs.readFileSync(path.join('dist/client', b.imageUrl));
      expect(Buffer.from(inlined.split(',')[1] ?? '', 'base64').equals(file)).toBe(true);
      expect(page.body).toContain(`src="${inlined}"`); // the server's first paint shows the same image
    }
    expect(boot.benefits.slice(EAGER_TILE_IMAGES)).toEqual(api.slice(EAGER_TILE_IMAGES));
    // Nothing left to preload: what the first row needs is in the page.
    expect(page.body).not.toContain('rel="preload" as="image"');
  });

  it('an artwork too large to carry in the page is preloaded from the head instead', async () => {
    const big = path.join('dist/client/art', `big-${Date.now()}.svg`);
    fs.writeFileSync(big, `<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(INLINE_IMAGE_MAX_BYTES)}</svg>`);
    try {
      const cookie = await t.signIn('big@example.com');
      const [first] = (await t.get('/api/benefits', cookie)).json();
      const url = `/art/${path.basename(big)}`;
      await t.db.update(benefits).set({ imageUrl: url }).where(eq(benefits.id, first.id));
      hotCache(t.db).invalidate(BENEFITS_TAG);
      const page = await t.get('/benefits', cookie);
      expect(bootOf(page.body).benefits[0].imageUrl).toBe(url);
      expect(page.body).toContain(`<link rel="preload" as="image" href="${url}" fetchpriority="high">`);
    } finally {
      fs.rmSync(big);
    }
  });

  it('other pages hold only the session; signed out, a null session and nothing else', async () => {
    const cookie = await t.signIn('other@example.com');
    const tour = bootOf((await t.get('/mclaren-tour', cookie)).body);
    expect(tour.session.email).toBe('other@example.com');
    expect(tour.benefits).toBeUndefined();
    const anonymous = await t.get('/benefits');
    expect(bootOf(anonymous.body)).toEqual({ session: null });
    expect(anonymous.body).not.toContain('rel="preload" as="image"');
    expect(bootOf((await t.get('/')).body)).toEqual({ session: null });
  });

  it('the dashboard and the sign-in form come painted, with the stylesheet inside the page (decision 015)', async () => {
    const cookie = await t.signIn('painted@example.com', 'Painted', 'Member');
    const page = (await t.get('/benefits', cookie)).body;
    const root = /<div id="root">(.*?)<\/div><script id="boot-data"/s.exec(page)?.[1] ?? '';
    expect(root).toContain('<span data-testid="welcome-name">PAINTED</span>');
    expect(root.match(/data-testid="benefit-tile"/g)?.length).toBe(bootOf(page).benefits.length);
    expect(root).not.toContain('<link'); // the image preloads are in the head, once
    expect(page).toMatch(/<style>[^<]*\.bg-gold/);
    expect(page).not.toContain('rel="stylesheet"');
    const login = (await t.get('/login')).body;
    expect(login).toContain('ACCESS PORTAL</button>');
    // Other pages are rendered by the browser, as before.
    const mine = (await t.get('/me', cookie)).body;
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
    const page = await t.get('/benefits', cookie, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(page.rawPayload).toString('utf8');
    expect(html).not.toContain('<script>alert(1)');
    expect(bootOf(html).benefits.some((b: { title: string }) => b.title === '</script><script>alert(1)</script>')).toBe(
      true,
    );
  });
});
