import { describe, expect, it } from 'vitest';
import { groupPassCode } from '#common/passes.ts';
import { makeAppleTestCertificates } from '../support/wallet-keys.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// Issue 36: My bookings is an installable web app whose passes show without a network once opened, and each pass
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
          page.evaluate(async () => {
            const cache = await caches.open('portal-offline-v1');
            const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
            return ['/me', '/api/me/bookings'].every((k) => keys.includes(k)) && keys.some((k) => k.endsWith('.js'));
          }),
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
        page.evaluate(async () =>
          (await (await caches.open('portal-offline-v1')).keys()).map((r) => new URL(r.url).pathname),
        ),
      )
      .not.toEqual(expect.arrayContaining(['/api/me/bookings']));
    const kept = await page.evaluate(async () =>
      (await (await caches.open('portal-offline-v1')).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(kept.filter((k) => k === '/me' || k.startsWith('/api/me'))).toEqual([]);
  });
});
