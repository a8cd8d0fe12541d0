import { describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';
import { virtualAuthenticator } from './support/webauthn.ts';

// Decision 060: a member signs in by e-mail on a phone, adds a passkey on /me, and signs in with it next time.
const e2e = setupE2e();

describe("members' passkeys", () => {
  it('signs in by e-mail, adds a passkey on /me, signs out, and signs in with the passkey', async () => {
    const email = await e2e.newMember('passkey-phone-', 'Pat');
    // WebAuthn needs a domain: the portal's own host name without PUBLIC_URL is localhost (decision 056).
    const site = e2e.baseUrl.replace('127.0.0.1', 'localhost');
    const page = await (await e2e.newContext(390, { hasTouch: true })).newPage();
    await virtualAuthenticator(page);
    await page.goto(`${site}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'ACCESS PORTAL' }).tap();
    await page.waitForURL((u) => u.pathname === '/benefits');
    // The first e-mail sign-in on a device that can keep a passkey offers one, once.
    const offer = page.getByTestId('passkey-offer');
    await offer.waitFor();
    await screenshot(page, 'member-passkey-offer-390.png', { fullPage: false });
    await offer.getByRole('button', { name: 'Not now' }).tap();
    await offer.waitFor({ state: 'detached' });

    await page.goto(`${site}/me`);
    await page.getByLabel('Name for a new passkey').fill('My phone');
    await page.getByRole('button', { name: 'Add a passkey' }).tap();
    const listed = page.getByTestId('passkeys').locator('li');
    await listed.filter({ hasText: 'My phone' }).waitFor();
    await expect.poll(() => listed.innerText()).toContain('not used yet');
    await expectNoTextOverflow(page);
    await screenshot(page, 'member-passkeys-me-390.png');
    await expectNoViolations(page, '/me with a passkey at 390 px');

    // Signed out, the sign-in page offers the passkey in the e-mail field's autofill (conditional UI), which
    // Chromium's virtual authenticator picks at once: signed in again without a word typed.
    await page.getByRole('button', { name: 'LOGOUT' }).tap();
    await page.waitForURL((u) => u.pathname === '/benefits');
    // Without autofill (a browser that has none), the button asks for the passkey.
    await page.context().addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.reload();
    await page.getByRole('button', { name: 'LOGOUT' }).tap();
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor();
    await expectNoTextOverflow(page);
    await screenshot(page, 'member-passkey-sign-in-390.png');
    await button.tap();
    await page.waitForURL((u) => u.pathname === '/benefits');
    // Signed in by the passkey alone: not offered again, and /me shows it was used.
    await page.goto(`${site}/me`);
    await expect.poll(() => listed.innerText()).toContain('last used');
    expect(await page.getByTestId('passkey-offer').count()).toBe(0);
  });
});
