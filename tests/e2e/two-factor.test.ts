import { desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminSessions, users } from '../../src/server/db/schema.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';
import { virtualAuthenticator } from './support/webauthn.ts';

// Decision 056: an admin sets up an authenticator app on the Security page, then signs in with it on a phone.
const e2e = setupE2e();
const PASSWORD = 'two-factor-e2e-password';
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** The account's newest session now records this address, as a sign-in from it would have. */
async function fromAddress(email: string, ip: string) {
  const [newest] = await e2e.db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(users.username, email))
    .orderBy(desc(adminSessions.createdAt))
    .limit(1);
  if (newest) await e2e.db.update(adminSessions).set({ ipAddress: ip }).where(eq(adminSessions.id, newest.id));
}

describe('two-factor sign-in', () => {
  it('sets up an authenticator app, shows the recovery codes once, and asks for a code at the next sign-in', async () => {
    const email = await e2e.newAdmin('two-factor-e2e-', PASSWORD);
    const desk = await e2e.newContext(1280);
    await e2e.signInAdmin(desk, email, PASSWORD);
    const page = await desk.newPage();
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    // Kept: at a step's rollover a fresh codeAt(secret) would be the next step's, which is not a reuse.
    const setUpCode = codeAt(secret);
    await page.getByLabel('Code from the app').fill(setUpCode);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await expectNoTextOverflow(page);
    await screenshot(page, 'two-factor-recovery-codes-1280.png');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Authenticator app on.').waitFor();

    const phone = await (await e2e.newContext(390)).newPage();
    await phone.goto('/admin');
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill(PASSWORD);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.getByRole('heading', { name: 'Two-factor sign in' }).waitFor();
    await screenshot(phone, 'two-factor-code-390.png');
    await expectNoViolations(phone, 'the second-factor step at 390 px');
    // The code the set-up took is refused; the next step's opens the account.
    await phone.getByLabel('Authentication code').fill(setUpCode);
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await phone.getByLabel('Authentication code').fill(codeAt(secret, 1));
    await phone.getByRole('button', { name: 'Continue' }).click();
    await phone.waitForURL((u) => u.pathname === '/admin/dashboard');
    // The phone's session as if it came from Singapore (decision 068); the desk's stays on this machine.
    await fromAddress(email, '203.116.1.1');
    await phone.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Security' }).click();
    await expect.poll(() => phone.getByTestId('sessions').locator('li').count()).toBe(2);
    await phone.getByTestId('sessions').getByText('Singapore · 203.116.1.1 · last seen').waitFor();
    await phone.getByTestId('sessions').getByText('This network · 127.0.0.1 · last seen').waitFor();
    await expectNoTextOverflow(phone);
    await screenshot(phone, 'two-factor-security-390.png');
    await expectNoViolations(phone, 'the Security page at 390 px');

    await page.reload();
    const sessions = page.getByTestId('sessions').locator('li');
    await expect.poll(() => sessions.count()).toBe(2);
    await screenshot(page, 'two-factor-security-1280.png');
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect.poll(() => sessions.count()).toBe(1);
    await phone.reload();
    await phone.getByRole('heading', { name: 'Admin Sign In' }).waitFor();

    // Removing the app asks for the password in the confirm dialog: focus starts in the field, Escape cancels and
    // gives focus back to the button, a wrong password keeps it open, the right one removes the app.
    const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
    const opener = page
      .getByRole('region', { name: 'Authenticator app' })
      .getByRole('button', { name: 'Remove the authenticator app' });
    await opener.click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove the authenticator app?' });
    const field = dialog.getByLabel('Your password, to confirm');
    await expect.poll(() => focused(field)).toBe(true);
    await screenshot(page, 'two-factor-remove-confirm-1280.png', { fullPage: false });
    await expectNoViolations(page, 'the password confirmation dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(opener)).toBe(true);
    await page.keyboard.press('Enter');
    await field.fill('not the password');
    await page.keyboard.press('Enter');
    await page.getByText('Not done', { exact: true }).first().waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 800 });
    await expectNoTextOverflow(page);
    await screenshot(page, 'two-factor-remove-confirm-390.png', { fullPage: false });
    await field.fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Remove the authenticator app' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
  });
});

describe('passkeys', () => {
  it('an admin adds a named passkey, then signs in with it alone, and with it after the password', async () => {
    const email = await e2e.newAdmin('passkey-e2e-', PASSWORD);
    // WebAuthn needs a domain: the portal's own host name without PUBLIC_URL is localhost (decision 056).
    const site = e2e.baseUrl.replace('127.0.0.1', 'localhost');
    const page = await (await e2e.newContext(1280)).newPage();
    await virtualAuthenticator(page);
    await page.goto(`${site}/admin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/dashboard');
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Security' }).click();
    await page.getByLabel('Name for a new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByTestId('passkeys').getByText('Test laptop').waitFor();
    await screenshot(page, 'passkeys-security-1280.png');

    // The passkey alone signs in (the authenticator verified its user).
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Use a passkey', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/admin/dashboard');

    // After the password, the account now asks for its second factor: the passkey gives it.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Use a passkey instead' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/dashboard');
    expect(await page.getByTestId('admin-email').innerText()).toBe(email);
  });
});
