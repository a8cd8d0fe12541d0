import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { demoCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { tiles, tileText, tileTitled } from './support/tiles.ts';

// docs/spec/admin-and-rsvp.md §2 (admin login, dashboard, add and edit benefit), §5 (add/edit validation) and
// §8 (error catalogue); the members page (CSV import, removal) is the allow-list screen.
const DELETE_QUESTION = 'Are you sure you want to delete this benefit? This action cannot be undone.';
const SHEET_URL = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const PASSWORD = 'correct-horse-battery-staple';
const SEEDED_TITLES = [...demoCatalogue()]
  .sort((a, b) => a.displayOrder - b.displayOrder || (a.form.benefitName ?? '').localeCompare(b.form.benefitName ?? ''))
  .map((b) => b.form.benefitName);
// Two seeded rows get sheet links for the dashboard test: a real one, and the '#' placeholder.
const SHEET_ROW = {
  id: 'wristcheck',
  title: 'Wristcheck',
  url: 'https://docs.google.com/spreadsheets/d/wristcheck/edit',
};
const HASH_ROW = { id: 'elyx-life', title: 'Elyx Life' };
// The demo's own Sheet-based form (decision 070): its benefit carries the organiser's sheet link.
const SEEDED_SHEET_ROW = {
  title: 'XO: The Easy Way to Fly Private',
  url: 'https://docs.google.com/spreadsheets/d/demo-xo-flights/edit',
};

const e2e = setupE2e({ initScript: recorder });
let tmpDir: string;

/** PNGs made with sharp: a gold frame on a dark ground, so the previews and tiles show something. */
async function makePng(width: number, height: number, name: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0b3d5c"/><stop offset="1" stop-color="#111118"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.1}" y="${height * 0.1}" width="${width * 0.8}" height="${height * 0.8}"
      fill="none" stroke="#d4af37" stroke-width="${Math.max(4, width / 80)}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 5}" fill="#d4af37"/>
  </svg>`;
  const file = path.join(tmpDir, name);
  await sharp(Buffer.from(svg)).png().toFile(file);
  const meta = await sharp(file).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'png']);
  return file;
}

beforeAll(() => {
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
});

afterAll(() => {
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

type ToastRecord = { title: string; description: string; variant: string; at: number };
type NavRecord = { path: string; at: number };

/**
 * Records every toast that appears (the toaster shows one at a time and a later one replaces an
 * earlier one) and every client-side navigation, with page timestamps.
 */
function recorder() {
  const w = window as unknown as { __toasts: ToastRecord[]; __navs: NavRecord[] };
  w.__toasts = [];
  w.__navs = [];
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const el of document.querySelectorAll('[data-testid="toast"]')) {
      if (seen.has(el)) continue;
      seen.add(el);
      const parts = [...el.children].filter((c) => c.tagName !== 'BUTTON').map((c) => c.textContent ?? '');
      w.__toasts.push({
        title: parts[0] ?? '',
        description: parts[1] ?? '',
        variant: el.getAttribute('data-variant') ?? '',
        at: Date.now(),
      });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
      original(data, unused, url);
      w.__navs.push({ path: location.pathname, at: Date.now() });
    };
  }
}

const toasts = (p: Page) => p.evaluate(() => (window as unknown as { __toasts: ToastRecord[] }).__toasts);
const navs = (p: Page) => p.evaluate(() => (window as unknown as { __navs: NavRecord[] }).__navs);

/** Waits until a toast with this title (and description, if given) has appeared; returns it. */
async function waitForToast(p: Page, title: string, description?: string): Promise<ToastRecord> {
  const match = (t: ToastRecord) => t.title === title && (description === undefined || t.description === description);
  await expect
    .poll(async () => (await toasts(p)).filter(match).length, { timeout: 10_000, message: `toast '${title}'` })
    .toBeGreaterThan(0);
  return (await toasts(p)).find(match) as ToastRecord;
}

/**
 * Closes the open toasts. A toast sits over the bottom-right corner for 5 s, which is where the
 * form's submit button is once the page is scrolled down: it has to go before the next click.
 */
async function dismissToasts(p: Page) {
  const open = p.getByTestId('toast');
  for (const close of await open.getByRole('button', { name: 'Close' }).all()) await close.click();
  await expect.poll(() => open.count()).toBe(0);
}

const pathOf = (p: Page) => new URL(p.url()).pathname;
const waitForPath = (p: Page, pathname: string) => p.waitForURL((url) => url.pathname === pathname);
const signInButton = (p: Page) => p.getByRole('button', { name: 'Sign In', exact: true });
const accessPortal = (p: Page) => p.getByRole('button', { name: 'ACCESS PORTAL', exact: true });
const benefitRows = (p: Page) => p.getByTestId('admin-benefit-row');
const rowNamed = (p: Page, name: string) => benefitRows(p).filter({ has: p.getByRole('cell', { name, exact: true }) });

async function rowNames(p: Page): Promise<string[]> {
  await benefitRows(p).first().waitFor();
  return (await benefitRows(p).locator('td:first-child').allTextContents()).map((t) => t.trim());
}

/** A fresh admin account; a new address per test keeps clear of the per-e-mail sign-in limit. */
const newAdmin = () => e2e.newAdmin('admin', PASSWORD);

/** A page whose context is signed in as a fresh admin (through the API; the cookie lands in the context). */
async function adminPage(width = 1280): Promise<{ page: Page; email: string }> {
  const email = await newAdmin();
  const page = await e2e.newPage(width);
  await e2e.signInAdmin(page.context(), email, PASSWORD);
  return { page, email };
}

/** A page whose (separate) context is signed in as a fresh member. */
async function memberPage(firstName = 'Mia'): Promise<{ page: Page; email: string }> {
  const email = await e2e.newMember('member', firstName);
  const page = await e2e.newPage();
  await e2e.signIn(page.context(), email);
  return { page, email };
}

/** naturalWidth of the tile's image once it has loaded (0 when broken). */
async function tileImage(tile: Locator): Promise<{ src: string; naturalWidth: number }> {
  await tile.scrollIntoViewIfNeeded();
  const img = tile.getByTestId('tile-image');
  return img.evaluate(async (el: HTMLImageElement) => {
    el.loading = 'eager';
    await el.decode().catch(() => undefined);
    return { src: el.getAttribute('src') ?? '', naturalWidth: el.naturalWidth };
  });
}

async function adminSessionStatus(p: Page): Promise<number> {
  return (await p.context().request.get('/api/admin/session')).status();
}

describe('admin login and dashboard', () => {
  it('shows the admin login on /admin; a wrong password is refused, the right one opens the dashboard', async () => {
    await e2e.db.update(benefits).set({ excelTab1Link: SHEET_ROW.url }).where(eq(benefits.id, SHEET_ROW.id));
    await e2e.db.update(benefits).set({ excelTab1Link: '#' }).where(eq(benefits.id, HASH_ROW.id));
    const email = await newAdmin();
    const page = await e2e.newPage();

    await page.goto('/admin');
    await signInButton(page).waitFor();
    await page.getByRole('heading', { name: 'Admin Sign In', exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await screenshot(page, 'admin-login.png');

    // Wrong password: toast and inline error, no session.
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await signInButton(page).click();
    expect((await waitForToast(page, 'Login failed', 'Invalid credentials')).variant).toBe('destructive');
    const inline = page.locator('#admin-login-error');
    await inline.waitFor();
    expect(await visibleText(inline)).toBe('Invalid credentials');
    expect(await inline.getAttribute('role')).toBe('alert');
    expect(pathOf(page)).toBe('/admin');
    expect(await adminSessionStatus(page)).toBe(401);

    // Right password: 'Signing in...' while pending, then the dashboard.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/login', async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signInButton(page).click();
    const pending = page.getByRole('button', { name: 'Signing in...', exact: true });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    await waitForToast(page, 'Login successful', 'Welcome to admin panel');
    await waitForPath(page, '/admin/dashboard');
    expect(await visibleText(page.getByTestId('admin-email'))).toBe(email);
    expect(await adminSessionStatus(page)).toBe(200);

    const headers = (await page.locator('thead th').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['Benefit Name', 'Description', 'Google Sheet', 'Actions']);
    expect(await rowNames(page)).toEqual(SEEDED_TITLES);

    // 'Open Sheet' only where there is a real link; a missing link or '#' gives a disabled 'No Sheet'.
    const openSheet = rowNamed(page, SHEET_ROW.title).getByRole('link', { name: 'Open Sheet' });
    expect(await openSheet.getAttribute('href')).toBe(SHEET_ROW.url);
    expect(await openSheet.getAttribute('target')).toBe('_blank');
    const seededSheet = rowNamed(page, SEEDED_SHEET_ROW.title).getByRole('link', { name: 'Open Sheet' });
    expect(await seededSheet.getAttribute('href')).toBe(SEEDED_SHEET_ROW.url);
    expect(await page.getByRole('link', { name: 'Open Sheet' }).count()).toBe(2);
    const hashRow = rowNamed(page, HASH_ROW.title).getByRole('button', { name: 'No Sheet' });
    expect(await hashRow.isDisabled()).toBe(true);
    const noSheet = page.getByRole('button', { name: 'No Sheet' });
    expect(await noSheet.count()).toBe(SEEDED_TITLES.length - 2);
    for (const button of await noSheet.all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(SEEDED_TITLES.length);
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(SEEDED_TITLES.length);

    await screenshot(page, 'admin-dashboard.png');
  });

  it("shows 'Loading admin...' then the admin login on /admin/dashboard to a visitor, who then lands on it", async () => {
    const email = await newAdmin();
    const page = await e2e.newPage();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/admin/session', async (route) => {
      await gate;
      await route.continue();
    });

    await page.goto('/admin/dashboard');
    await page.getByText('Loading admin...', { exact: true }).waitFor();
    expect(await signInButton(page).count()).toBe(0);
    release();

    await signInButton(page).waitFor();
    expect(pathOf(page)).toBe('/admin/dashboard');
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signInButton(page).click();
    await waitForToast(page, 'Login successful');
    await page.getByRole('columnheader', { name: 'Benefit Name' }).waitFor();
    expect(pathOf(page)).toBe('/admin/dashboard');
    expect(await rowNames(page)).toEqual(SEEDED_TITLES);
  });

  it('sends a signed-in admin from /admin to the dashboard', async () => {
    const { page } = await adminPage();
    await page.goto('/admin');
    await waitForPath(page, '/admin/dashboard');
    await page.getByRole('columnheader', { name: 'Benefit Name' }).waitFor();
    expect(await signInButton(page).count()).toBe(0);
  });

  it('shows the two fallback benefits and a warning when the list cannot be loaded', async () => {
    const { page } = await adminPage();
    await page.route('**/api/admin/benefits', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await page.goto('/admin/dashboard');
    const warning = await waitForToast(
      page,
      'Warning',
      'Could not load dynamic benefits. Showing default benefits only.',
    );
    expect(warning.variant).toBe('warning');
    expect(await rowNames(page)).toEqual(['SAP Night RSVP', 'AP House Concierge Tours']);
    expect(await page.getByRole('link', { name: 'Open Sheet' }).count()).toBe(2);
    for (const link of await page.getByRole('link', { name: 'Open Sheet' }).all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/docs\.google\.com\/spreadsheets\//);
    }
  });

  it("answers an unknown benefit's edit page with 'Failed to load benefit data' and the dashboard", async () => {
    const { page } = await adminPage();
    await page.goto('/admin/edit-benefit/no-such-benefit');
    await waitForToast(page, 'Error', 'Failed to load benefit data');
    await waitForPath(page, '/admin/dashboard');
    expect(await rowNames(page)).toEqual(SEEDED_TITLES);
  });

  it('fits the dashboard into 360 px: no sideways page scroll, the table scrolls in its own box', async () => {
    const { page, email } = await adminPage(360);
    await page.goto('/admin/dashboard');
    expect(await rowNames(page)).toEqual(SEEDED_TITLES);
    await page.getByTestId('admin-email').getByText(email).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const logout = page.getByRole('button', { name: 'Logout' });
    expect(await logout.isVisible()).toBe(true);
    const box = await logout.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    const scroller = page.locator('table').locator('xpath=..');
    const { client, scroll } = await scroller.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(client).toBeLessThanOrEqual(360);
    expect(scroll).toBeGreaterThan(client);
    await screenshot(page, 'admin-dashboard-360.png');
  });

  it('fits the add form, with its when-and-where fields, into 390 px; each schedule shows its own fields', async () => {
    const { page } = await adminPage(390);
    const errorOf = (id: string) => page.locator(`#${id}-error`);
    await page.goto('/admin/add-benefit');
    await page.getByLabel('Start date').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Time zone').selectOption('Europe/London');
    expect(await visibleText(page.getByText('Dates and times below are in Europe/London.'))).toBeTruthy();
    await page.getByLabel('Schedule').selectOption('all-day');
    await page.getByLabel('First day').waitFor();
    expect(await page.getByLabel('Start time').count()).toBe(0);
    await page.getByLabel('Schedule').selectOption('until');
    await page.getByLabel('Last day', { exact: true }).waitFor();
    expect(await page.getByLabel('First day').count()).toBe(0);
    await page.getByLabel('Schedule').selectOption('timed');
    await page.getByLabel('Start date').fill('2030-10-01');
    await page.getByLabel('End time').fill('22:00');
    await page.getByRole('button', { name: 'Create Benefit', exact: true }).click();
    await expect.poll(() => visibleText(errorOf('startTime'))).toBe('Start date and time are required');
    expect(await errorOf('startDate').count()).toBe(0);
    await page.getByLabel('Start time').fill('23:00');
    await page.getByRole('button', { name: 'Create Benefit', exact: true }).click();
    await expect.poll(() => visibleText(errorOf('endTime'))).toBe('The end must be after the start');
    await page.getByLabel('Schedule').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-add-benefit-390.png');
  });
});

describe('benefit lifecycle: add, edit, delete', () => {
  const name = `Yacht Brunch ${Date.now().toString(36)}`;
  const renamed = `${name} (Sunset)`;
  const description = 'A champagne brunch on a private yacht around the Southern Islands.';
  let benefitId = '';
  let firstImageSrc = '';

  it('validates, then creates a benefit with an image that members see on /benefits', async () => {
    const { page, email } = await adminPage();
    const logo = await makePng(640, 400, 'brunch-640x400.png');

    await page.goto('/admin/add-benefit');
    await page.getByRole('heading', { name: 'Add Benefit', level: 1 }).waitFor();
    expect(await visibleText(page.getByTestId('admin-email'))).toBe(email);
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
    expect(await nav.getByRole('link', { name: 'Add Benefit' }).getAttribute('aria-current')).toBe('page');
    expect(await visibleText(page.locator('form'))).toContain(
      "Users will see a 'CHANGE/CANCEL BOOKING' link below the booking button",
    );

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/admin/benefits')) posts.push(r.url());
    });
    const create = page.getByRole('button', { name: 'Create Benefit', exact: true });
    const errorOf = (id: string) => page.locator(`#${id}-error`);

    // Empty: every required field and the image.
    await create.click();
    await errorOf('benefitName').waitFor();
    expect(await visibleText(errorOf('benefitName'))).toBe('Benefit name is required');
    expect(await visibleText(errorOf('buttonText'))).toBe('Button text is required');
    expect(await visibleText(errorOf('partnerContactEmail'))).toBe('Partner contact email is required');
    expect(await visibleText(errorOf('benefitDescription'))).toBe('Benefit description is required');
    expect(await visibleText(errorOf('excelTab1Link'))).toBe('Google Sheet Tab 1 Link is required');
    expect(await visibleText(errorOf('benefit-image'))).toBe('Please upload a benefit image');
    await waitForToast(page, 'Image required', 'Please upload a benefit image');
    await dismissToasts(page);

    // The image: a preview, no size or shape warning for 640x400 (16:10).
    await page.locator('#benefit-image').setInputFiles(logo);
    await page.getByText('brunch-640x400.png', { exact: true }).waitFor();
    await expect.poll(() => errorOf('benefit-image').count()).toBe(0);
    const preview = page.getByTestId('image-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(await page.getByTestId('image-warning').count()).toBe(0);

    // A bad partner e-mail and a URL that is not a Google Sheets link.
    await page.getByLabel('Benefit Name').fill(name);
    await page.getByLabel('Button Text').fill('RSVP NOW');
    await page.getByLabel('Partner Contact Email').fill('partner-at-example.com');
    await page.getByLabel('Benefit Description').fill(description);
    await page.getByLabel('Google Sheet Tab 1 Link').fill('https://example.com/spreadsheets/d/abc');
    await page.getByLabel('Google Sheet Tab 2 Link (optional)').fill('not a url');
    await create.click();
    await expect.poll(() => visibleText(errorOf('partnerContactEmail'))).toBe('Please enter a valid email address');
    expect(await visibleText(errorOf('excelTab1Link'))).toBe('Please enter a valid Google Sheets URL');
    expect(await visibleText(errorOf('excelTab2Link'))).toBe('Please enter a valid URL');
    expect(await visibleText(errorOf('startDate'))).toBe('Start date and time are required');
    expect(await page.getByLabel('Partner Contact Email').getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf('benefitName').count()).toBe(0);
    expect(posts).toEqual([]);

    await page.getByLabel('Partner Contact Email').fill('partner@yachts.example');
    await page.getByLabel('Google Sheet Tab 1 Link').fill(SHEET_URL);
    await page.getByLabel('Google Sheet Tab 2 Link (optional)').fill('');
    // When and where, in the event's zone (Singapore unless chosen otherwise).
    await page.getByLabel('Start date').fill('2030-10-01');
    await page.getByLabel('Start time').fill('19:00');
    await page.getByLabel('End time').fill('22:00');
    await page.getByLabel('Venue', { exact: true }).fill('Marina Pier 3');
    await page.getByLabel('Capacity (optional)').fill('40');
    await screenshot(page, 'admin-add-benefit.png');

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/benefits') && r.request().method() === 'POST',
    );
    await create.click();
    const res = await answer;
    expect(res.status()).toBe(201);
    benefitId = ((await res.json()) as { id: string }).id;
    expect(benefitId).toBeTruthy();

    await waitForToast(page, 'Benefit Created Successfully!');
    await waitForPath(page, '/admin/dashboard');
    const row = rowNamed(page, name);
    await row.waitFor();
    expect(await visibleText(row)).toContain(description);
    expect(await row.getByRole('link', { name: 'Open Sheet' }).getAttribute('href')).toBe(SHEET_URL);
    expect(await rowNames(page)).toEqual([...SEEDED_TITLES, name]);
    expect(posts).toHaveLength(1);

    // A member, in another context, sees the tile with the uploaded image.
    const member = await memberPage('Mia');
    await member.page.goto('/benefits');
    const tile = tileTitled(member.page, name);
    await tile.waitFor();
    expect(await tileText(tile)).toContain(description);
    expect(await tile.getByRole('button', { name: 'RSVP NOW' }).count()).toBe(1);
    const image = await tileImage(tile);
    expect(image.src).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    expect(image.naturalWidth).toBeGreaterThan(0);
    firstImageSrc = image.src;
    const served = await member.page.context().request.get(image.src);
    expect(served.headers()['content-type']).toBe('image/webp');
  });

  it('edits it: prefilled, a wrong-sized logo is refused, a 320x200 one and a new name are saved', async () => {
    expect(benefitId, 'the add test must have run').toBeTruthy();
    const { page } = await adminPage();
    const wrongSize = await makePng(640, 400, 'logo-640x400.png');
    const rightSize = await makePng(320, 200, 'logo-320x200.png');

    await page.goto(`/admin/edit-benefit/${benefitId}`);
    await page.getByRole('heading', { name: `Edit Benefit: ${name}`, level: 1 }).waitFor();
    expect(await page.getByLabel('Benefit Name').inputValue()).toBe(name);
    expect(await page.getByLabel('Button Text').inputValue()).toBe('RSVP NOW');
    expect(await page.getByLabel('Partner Contact Email').inputValue()).toBe('partner@yachts.example');
    expect(await page.getByLabel('Benefit Description').inputValue()).toBe(description);
    expect(await page.getByLabel('Google Sheet Tab 1 Link (optional)').inputValue()).toBe(SHEET_URL);
    expect(await page.getByLabel('Google Sheet Tab 2 Link (optional)').inputValue()).toBe('');
    const preview = page.getByTestId('image-preview');
    expect(await preview.getAttribute('src')).toBe(firstImageSrc);
    expect(await page.getByRole('button', { name: 'Update Benefit', exact: true }).isEnabled()).toBe(true);

    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/upload-image')) uploads.push(r.method());
    });

    await page.locator('#benefit-image').setInputFiles(wrongSize);
    const imageError = page.locator('#benefit-image-error');
    await imageError.waitFor();
    expect(await visibleText(imageError)).toBe('Invalid image dimensions');
    expect((await waitForToast(page, 'Invalid image dimensions')).variant).toBe('destructive');
    expect(await preview.getAttribute('src')).toBe(firstImageSrc); // the refused file is not kept
    await dismissToasts(page);

    await page.locator('#benefit-image').setInputFiles(rightSize);
    await page.getByText('logo-320x200.png', { exact: true }).waitFor();
    await expect.poll(() => imageError.count()).toBe(0);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    await page.getByLabel('Benefit Name').fill(renamed);
    await screenshot(page, 'admin-edit-benefit.png');
    await page.getByRole('button', { name: 'Update Benefit', exact: true }).click();

    const updated = await waitForToast(page, `Benefit "${renamed}" updated successfully!`);
    await waitForToast(page, 'Google Sheets Updated');
    await waitForPath(page, '/admin/dashboard');
    const toDashboard = (await navs(page)).find((n) => n.path === '/admin/dashboard');
    expect(toDashboard).toBeDefined();
    const delay = (toDashboard?.at ?? 0) - updated.at;
    expect(delay).toBeGreaterThanOrEqual(1400);
    expect(delay).toBeLessThan(3000);
    expect(uploads).toEqual(['POST']);

    await rowNamed(page, renamed).waitFor();
    expect(await rowNamed(page, name).count()).toBe(0);
    expect(await rowNames(page)).toEqual([...SEEDED_TITLES, renamed]);
    // 'Google Sheets Updated' means the benefit's RSVP configuration now carries the sheet link.
    const config = await page.context().request.get(`/api/admin/benefits/${benefitId}/rsvp-config`);
    expect(config.status()).toBe(200);
    expect(((await config.json()) as { configName: string }).configName).toBe(renamed);

    const member = await memberPage('Noor');
    await member.page.goto('/benefits');
    await tiles(member.page).first().waitFor();
    await member.page.reload();
    const tile = tileTitled(member.page, renamed);
    await tile.waitFor();
    expect(await tileTitled(member.page, name).count()).toBe(0);
    const image = await tileImage(tile);
    expect(image.naturalWidth).toBeGreaterThan(0);
    expect(image.src).not.toBe(firstImageSrc);
  });

  it('deletes it after the confirm dialog; members no longer see the tile', async () => {
    expect(benefitId, 'the add test must have run').toBeTruthy();
    const member = await memberPage('Omar');
    await member.page.goto('/benefits');
    await tileTitled(member.page, renamed).waitFor();

    const { page } = await adminPage();
    await page.goto('/admin/dashboard');
    const row = rowNamed(page, renamed);
    await row.waitFor();
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
    });

    // Cancel first: nothing happens.
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await visibleText(dialog.getByRole('heading'))).toBe(`Delete "${renamed}"?`);
    expect(await visibleText(dialog)).toContain(DELETE_QUESTION);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(deletes).toEqual([]);
    expect(await row.count()).toBe(1);

    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Success', 'Benefit deleted successfully');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);
    expect(await rowNames(page)).toEqual(SEEDED_TITLES);
    expect(deletes).toEqual([`/api/admin/benefits/${benefitId}`]);
    expect((await page.context().request.get(`/api/admin/benefits/${benefitId}`)).status()).toBe(404);

    await member.page.reload();
    await tiles(member.page).first().waitFor();
    expect(await tileTitled(member.page, renamed).count()).toBe(0);
    expect(await tiles(member.page).count()).toBe(SEEDED_TITLES.length);
  });
});

describe('members page', () => {
  it('imports a CSV (2 added, 1 rejected), the new member signs in, removal ends their session', async () => {
    const { page } = await adminPage();
    const tag = Date.now().toString(36);
    const grace = `grace.${tag}@example.com`;
    const alan = `alan.${tag}@example.com`;
    const csv = ['email,firstName,lastName', `${grace},Grace,Hopper`, `${alan},Alan,Turing`, 'not-an-email,Bad,Row'];

    await page.goto('/admin/members');
    await page.getByRole('heading', { name: 'Members', level: 1 }).waitFor();
    await page.locator('#member-csv').setInputFiles({
      name: 'members.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${csv.join('\n')}\n`),
    });
    const summary = page.getByTestId('import-summary');
    await summary.waitFor();
    expect(await visibleText(summary)).toBe('3 rows: 2 to add, 0 to update, 1 rejected.');
    const rows = page.getByTestId('import-row');
    expect(await rows.count()).toBe(3);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim());
    expect(await cells(0)).toEqual(['2', grace, 'Grace', 'Hopper', 'ADD']);
    expect(await cells(1)).toEqual(['3', alan, 'Alan', 'Turing', 'ADD']);
    const rejected = await cells(2);
    expect(rejected.slice(0, 4)).toEqual(['4', 'not-an-email', 'Bad', 'Row']);
    expect(rejected[4]).toMatch(/^REJECT\s*Please enter a valid email address$/);
    await screenshot(page, 'admin-members.png');

    await page.getByRole('button', { name: 'Apply import', exact: true }).click();
    await waitForToast(page, 'Import complete', 'Added 2, updated 0, rejected 1');
    await expect.poll(() => summary.count()).toBe(0);

    const search = page.getByRole('searchbox', { name: 'Search members' });
    await search.fill(tag);
    const memberRows = page.getByTestId('member-row');
    await expect.poll(() => memberRows.count()).toBe(2);
    expect((await memberRows.locator('td:first-child').allTextContents()).sort()).toEqual([alan, grace].sort());

    // Grace signs in through the member login, in another context.
    const memberPageG = await e2e.newPage();
    await memberPageG.goto('/login');
    await memberPageG.getByLabel('EMAIL ADDRESS').fill(grace);
    await accessPortal(memberPageG).click();
    await waitForPath(memberPageG, '/benefits');
    await expect.poll(() => visibleText(memberPageG.getByRole('heading', { level: 1 }))).toBe('WELCOME, GRACE');

    // Removal, confirmed in a dialog.
    await search.fill(grace);
    await expect.poll(() => memberRows.count()).toBe(1);
    await page.getByRole('button', { name: `Remove ${grace}`, exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await visibleText(dialog.getByRole('heading'))).toBe('Remove member?');
    expect(await visibleText(dialog)).toContain(grace);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await waitForToast(page, 'Member removed', grace);
    await page.getByText('No members found', { exact: true }).waitFor();

    expect((await memberPageG.context().request.get('/api/auth/session')).status()).toBe(401);
    await memberPageG.goto('/benefits');
    await accessPortal(memberPageG).waitFor();
    expect(await tiles(memberPageG).count()).toBe(0);
    expect(pathOf(memberPageG)).toBe('/benefits');
    // And she cannot sign in again.
    const again = await memberPageG.context().request.post('/api/auth/login', { data: { email: grace } });
    expect(again.status()).toBeGreaterThanOrEqual(400);
  });
});

describe('admin logout', () => {
  it("shows 'Logged out', returns to /admin and ends the admin session", async () => {
    const { page, email } = await adminPage();
    await page.goto('/admin/dashboard');
    await page.getByTestId('admin-email').getByText(email).waitFor();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForToast(page, 'Logged out', 'You have been successfully logged out');
    await waitForPath(page, '/admin');
    await signInButton(page).waitFor();
    expect(await adminSessionStatus(page)).toBe(401);

    await page.goto('/admin/dashboard');
    await signInButton(page).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
  });
});
