import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG } from '#common/messages.ts';
import { OFFLINE_CACHE } from '#common/offline-copy.ts';
import { groupPassCode } from '#common/passes.ts';
import { makeAppleTestCertificates } from '../support/wallet-keys.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// Decision 025: My bookings is an installable web app whose passes show without a network once opened, and each pass
// goes into the phone's wallet where the portal is set up for it.
const apple = makeAppleTestCertificates();
const e2e = setupE2e({
  env: {
    APPLE_WALLET_PASS_TYPE_ID: apple.passTypeId,
    APPLE_WALLET_TEAM_ID: apple.teamId,
    APPLE_WALLET_CERT_PEM: apple.certPem,
    APPLE_WALLET_KEY_PEM: apple.keyPem,
    APPLE_WALLET_WWDR_PEM: apple.wwdrPem,
  },
});

describe('My bookings offline', () => {
  it('shows /me with its passes and QR codes without a network after a first visit, at 390 px', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const email = await e2e.newMember('offline-', 'Otto');
    await e2e.signIn(context, email);
    const booked = await context.request.post('/api/rsvp/speakers-reception', { data: {} });
    expect(booked.status(), await booked.text()).toBe(201);
    const api = (await (await context.request.get('/api/me/bookings')).json()) as { data: { passCode: string }[] };
    const code = groupPassCode(api.data[0]?.passCode as string);

    const page = await context.newPage();
    await page.goto('/me');
    await page.getByTestId('pass-code').first().waitFor();
    // The page is installable: its manifest is linked and served.
    const manifest = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect((await context.request.get(manifest as string)).ok()).toBe(true);
    // The worker has stored the page, its scripts and the bookings.
    await expect
      .poll(
        () =>
          page.evaluate(async (cacheName) => {
            const cache = await caches.open(cacheName);
            const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
            return ['/me', '/api/me/bookings'].every((k) => keys.includes(k)) && keys.some((k) => k.endsWith('.js'));
          }, OFFLINE_CACHE),
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(await page.getByTestId('apple-wallet').getAttribute('href')).toMatch(/\/wallet\.pkpass$/);
    expect(await page.getByTestId('offline-notice').count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    expect(await visibleText(page.getByTestId('offline-notice'))).toMatch(/^Offline — showing your passes as of /);
    expect(await visibleText(page.getByTestId('pass-code').first())).toBe(code);
    const qr = page.getByTestId('pass-qr').first();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'wallet-offline-390.png', { fullPage: true });

    // Typed in again, from another page: still there.
    await page.goto('/me');
    await page.getByTestId('pass-code').first().waitFor();

    // The network returns: the bookings are fetched again and the notice goes.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('offline-notice').waitFor({ state: 'detached' });

    // Signing out empties the offline copy: a shared phone keeps no one's passes.
    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await expect
      .poll(() =>
        page.evaluate(
          async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname),
          OFFLINE_CACHE,
        ),
      )
      .not.toEqual(expect.arrayContaining(['/api/me/bookings']));
    const kept = await page.evaluate(
      async (cacheName) => (await (await caches.open(cacheName)).keys()).map((r) => new URL(r.url).pathname),
      OFFLINE_CACHE,
    );
    expect(kept.filter((k) => k === '/me' || k.startsWith('/api/me'))).toEqual([]);
  });

  // The offline copy belongs to one member and one session (decision 047).
  /** A member with a confirmed booking whose /me has been stored for offline use; returns their pass code. */
  async function storedPasses(context: BrowserContext, page: Page, prefix: string) {
    const email = await e2e.newMember(prefix, 'Ada');
    await e2e.signIn(context, email);
    const booked = await context.request.post('/api/rsvp/speakers-reception', { data: {} });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.goto('/me');
    const code = await visibleText(page.getByTestId('pass-code').first());
    // Whatever the cache is called: the bookings are stored.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const keys = [];
            for (const name of await caches.keys()) keys.push(...(await (await caches.open(name)).keys()));
            return keys.some((r) => new URL(r.url).pathname === '/api/me/bookings');
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    return { email, code };
  }

  /** What an offline /me shows now: the page's text, or '' when the browser has nothing to show. */
  async function offlineMe(page: Page) {
    const loaded = await page.goto('/me').then(
      () => true,
      () => false, // no stored page at all: the browser's own offline page
    );
    if (loaded) {
      await page
        .getByText(/Failed|Sign in|Log in|No bookings|Offline/i)
        .first()
        .waitFor({ timeout: 5000 })
        .catch(() => undefined);
    }
    // A locator waits out the browser's switch to its own error page (an evaluate would fail mid-navigation).
    return page.locator('body').innerText();
  }

  it("another member signing in after the cookie was cleared never sees the previous member's passes offline", async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const ada = await storedPasses(context, page, 'shared-a-');
    // Ada's session ends without LOGOUT (the cookie cleared); Bea signs in on the same phone.
    await context.clearCookies();
    const bea = await e2e.newMember('shared-b-', 'Bea');
    await e2e.signIn(context, bea);
    await page.goto('/benefits');
    await page.getByTestId('user-email').waitFor();
    await context.setOffline(true);
    const shown = await offlineMe(page);
    expect(shown).not.toContain(ada.code);
    expect(shown).not.toContain(ada.email.toUpperCase());
    expect(await page.getByTestId('pass-code').count()).toBe(0);
    expect(shown).toContain(MSG.offlineNothingStored);
    await screenshot(page, 'offline-shared-phone-390.png', { fullPage: false });
    await context.setOffline(false);
  });

  it('a cleared cookie leaves the stored copy readable by no one offline', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const ada = await storedPasses(context, page, 'cleared-');
    await context.clearCookies();
    await context.setOffline(true);
    const shown = await offlineMe(page);
    expect(shown).not.toContain(ada.code);
    expect(shown).not.toContain(ada.email.toUpperCase());
    await context.setOffline(false);
  });

  it('LOGOUT offline is done on the phone within two seconds, says so, and the server hears it when back online', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const ada = await storedPasses(context, page, 'logout-offline-');
    await context.setOffline(true);
    const pressed = Date.now();
    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 5000 });
    const toast = page.getByTestId('toast');
    await toast.getByText(MSG.loggedOutOfflineText).waitFor({ timeout: 5000 });
    const took = Date.now() - pressed;
    expect(took).toBeLessThan(2000);
    await screenshot(page, 'offline-logout-390.png', { fullPage: false });
    // The passes are gone from the phone: an offline /me shows none of Ada's.
    const shown = await offlineMe(page);
    expect(shown).not.toContain(ada.code);
    expect(shown).not.toContain(ada.email.toUpperCase());
    // Back online, the server is told: the session the cookie still holds is over.
    await context.setOffline(false);
    await page.goto('/login');
    await expect
      .poll(async () => (await context.request.get('/api/auth/session')).status(), { timeout: 10_000 })
      .toBe(401);
  });

  it('LOGOUT online keeps the spec words', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await e2e.signIn(context, await e2e.newMember('logout-online-', 'Ola'));
    await page.goto('/me');
    await page.getByTestId('no-bookings').waitFor();
    await page.getByRole('button', { name: /logout/i }).click();
    const toast = page.getByTestId('toast');
    await toast.getByText(MSG.loggedOutTitle, { exact: true }).waitFor();
    expect(await visibleText(toast)).toContain(MSG.loggedOutText);
    expect((await context.request.get('/api/auth/session')).status()).toBe(401);
  });
});
