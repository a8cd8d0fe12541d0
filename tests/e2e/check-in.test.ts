import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { qrVideo } from './support/fake-camera.ts';
import { setupE2e } from './support/suite.ts';

// The door (decision 009): staff on a 390 px phone scan a member's pass with the camera, see "Admitted" (and keep
// seeing it while the pass stays in view), another phone sees "Already checked in"; an offline scan is kept and synced; staff reach nothing else of the admin area.
const e2e = setupE2e();
const PASSWORD = 'door-staff-password-1';
const EVENT = 'crypto-fight-night';
const cameras: Browser[] = [];
afterAll(async () => {
  for (const b of cameras) await b.close();
});

async function bookedPass(tag: string): Promise<{ code: string; name: string }> {
  const context = await e2e.newContext();
  const email = await e2e.newMember(`door-${tag}-`, 'Dora');
  await e2e.signIn(context, email);
  expect((await context.request.post(`/api/rsvp/${EVENT}`, { data: {} })).status()).toBe(201);
  const mine = (await (await context.request.get('/api/me/bookings')).json()) as {
    data: { eventId: string; passCode: string }[];
  };
  return { code: mine.data.find((b) => b.eventId === EVENT)?.passCode as string, name: 'Dora Member' };
}

/** A staff phone (390 px); with `cameraFile`, its camera films that video. */
async function staffPhone(cameraFile?: string): Promise<{ context: BrowserContext; page: Page }> {
  let context: BrowserContext;
  if (cameraFile) {
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ]);
    cameras.push(browser);
    context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['camera']);
  } else {
    context = await e2e.newContext(390);
  }
  context.setDefaultTimeout(15_000);
  const email = await e2e.newAdmin('door-staff-', PASSWORD, 'staff');
  await e2e.signInAdmin(context, email, PASSWORD);
  const page = await context.newPage();
  await page.goto('/admin/check-in');
  await page.getByLabel('Event', { exact: true }).selectOption(EVENT);
  return { context, page };
}

const verdictTitle = (page: Page) => page.getByTestId('door-verdict-title').innerText();

describe('check-in at the door', () => {
  it('admits a pass held in view for 5 s once; a second phone scanning it later is told already checked in', async () => {
    const pass = await bookedPass('camera');
    const video = qrVideo(pass.code);
    const { page } = await staffPhone(video);
    await page.getByTestId('door-camera').click();
    await expect.poll(() => verdictTitle(page), { timeout: 20_000 }).toBe('Admitted');
    expect(await page.getByTestId('door-verdict').innerText()).toContain(pass.name);
    await screenshot(page, 'check-in-admitted-390.png');
    // The camera films the same pass for 5 s more: still the same scan, still "Admitted".
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      seen.add(await verdictTitle(page));
      await page.waitForTimeout(250);
    }
    expect([...seen]).toEqual(['Admitted']);
    await screenshot(page, 'check-in-held-5s-390.png');
    // Another phone at the door scans the same pass: refused, with when and by whom.
    const other = await staffPhone(video);
    await other.page.getByTestId('door-camera').click();
    await expect.poll(() => verdictTitle(other.page), { timeout: 20_000 }).toBe('Already checked in');
    expect(await other.page.getByTestId('door-verdict').innerText()).toMatch(/Already checked in at .+ by door-staff-/);
    await screenshot(other.page, 'check-in-refused-390.png');
  });

  it('admits by typed code, counts it, and undoes the last check-in', async () => {
    const pass = await bookedPass('typed');
    const { page } = await staffPhone();
    const before = await page.getByTestId('door-count').innerText();
    await page.getByLabel('Pass code, name or e-mail').fill(pass.code.toLowerCase());
    await page.getByRole('button', { name: 'Admit', exact: true }).click();
    await expect.poll(() => verdictTitle(page)).toBe('Admitted');
    await expect.poll(() => page.getByTestId('door-count').innerText()).not.toBe(before);
    await page.getByTestId('door-undo').click();
    await expect.poll(() => verdictTitle(page)).toBe('Check-in undone');
  });

  it('keeps a scan made offline, shows it as provisional, and syncs it when the network returns', async () => {
    const pass = await bookedPass('offline');
    const { context, page } = await staffPhone();
    // The pass list is on the device once the event is chosen.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('door:passes:'))))
      .toBe(true);
    await page.waitForTimeout(300);
    await context.setOffline(true);
    await page.getByLabel('Pass code, name or e-mail').fill(pass.code);
    await page.getByRole('button', { name: 'Admit', exact: true }).click();
    await expect.poll(() => verdictTitle(page)).toBe('Admitted (offline)');
    await page.getByTestId('door-offline').waitFor();
    await screenshot(page, 'check-in-offline-390.png');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('door:queue'))).toBe('[]');
    // Synced: the server has it, so a second scan is refused.
    await page.getByLabel('Pass code, name or e-mail').fill(pass.code);
    await page.getByRole('button', { name: 'Admit', exact: true }).click();
    await expect.poll(() => verdictTitle(page)).toBe('Already checked in');
  });

  it('shows staff only the check-in page', async () => {
    const { page } = await staffPhone();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Check-in', 'Security']);
    await page.goto('/admin/dashboard');
    await page.waitForURL((u) => u.pathname === '/admin/check-in');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('lets an admin create a door staff account on the Members page, who then lands on check-in', async () => {
    const adminCtx = await e2e.newContext(390);
    const adminEmail = await e2e.newAdmin('door-boss-', PASSWORD);
    await e2e.signInAdmin(adminCtx, adminEmail, PASSWORD);
    const page = await adminCtx.newPage();
    await page.goto('/admin/members');
    const staffEmail = e2e.uniqueEmail('gate-');
    await page.getByLabel('E-mail', { exact: true }).fill(staffEmail);
    await page.getByLabel('Password (12+ characters)').fill('short');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.getByText('The password needs at least 12 characters').waitFor();
    await page.getByLabel('Password (12+ characters)').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.getByTestId('accounts').getByText(staffEmail).waitFor();
    // The whole page fits the phone: a table's screen-reader-only header once widened it to 641 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('heading', { name: 'Admin, door staff and partner accounts' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-staff-accounts-390.png', { fullPage: false });

    const staffCtx = await e2e.newContext(390);
    const staffPage = await staffCtx.newPage();
    await staffPage.goto('/admin');
    await staffPage.getByLabel('Email', { exact: true }).fill(staffEmail);
    await staffPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await staffPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await staffPage.waitForURL((u) => u.pathname === '/admin/check-in');
  });
});
