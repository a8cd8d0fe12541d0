import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, settle } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { textOverflows } from './support/visual.ts';

// A long unbroken word (a title or description without spaces, a long e-mail, a long URL) wraps on a
// 390 px phone instead of pushing the page, a tile or the modal wider than the screen.
const e2e = setupE2e();
const PASSWORD = 'long-words-admin-password';
const WORD = `Unbroken${'Wordwithoutanyspaces'.repeat(6)}`.slice(0, 120);
const URL_TEXT = `https://partner.example.com/${'a-very-long-path-segment'.repeat(5)}?ref=${'x'.repeat(40)}`;
const LONG_EMAIL = `${'partner.contact.with.a.long.name'.repeat(3)}@example-conference-partners.com`;
const BRUNCH = 'https://docs.google.com/spreadsheets/d/1hxlHaHCWk3NXB9q8IIQUYDXz2Jr-LuIHi8iz64rG4K8/edit';

const MODAL_BENEFIT = 'bryan-johnson';
let benefitId = '';
let adminEmail = '';

beforeAll(async () => {
  const admin = await e2e.newContext(1280);
  adminEmail = await e2e.newAdmin('long-words-admin-', PASSWORD);
  await e2e.signInAdmin(admin, adminEmail, PASSWORD);
  const logo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#16324f' } })
    .png()
    .toBuffer();
  const res = await admin.request.post('/api/admin/benefits', {
    multipart: {
      benefitName: WORD,
      benefitDescription: `${WORD} ${URL_TEXT}`,
      buttonText: 'Claim Offer',
      partnerContactEmail: LONG_EMAIL,
      excelTab1Link: BRUNCH,
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: logo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  benefitId = ((await res.json()) as { id: string }).id;
  // A benefit whose tile opens the modal, renamed the same way (the created one opens its RSVP page).
  const edited = await admin.request.put(`/api/admin/benefits/${MODAL_BENEFIT}`, {
    data: {
      benefitName: `Modal${WORD}`.slice(0, 120),
      benefitDescription: `${WORD} ${URL_TEXT}`,
      buttonText: 'RSVP',
      partnerContactEmail: LONG_EMAIL,
    },
  });
  expect(edited.status(), await edited.text()).toBe(200);
});

/** Fails when the page scrolls sideways or any text is wider than its box; saves a screenshot to look at. */
async function expectFits(page: Page, name: string) {
  await settle(page);
  const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(width[0], `${name}: the page scrolls sideways`).toBeLessThanOrEqual(width[1] as number);
  expect(await textOverflows(page), `${name}: text wider than its box`).toEqual([]);
  await screenshot(page, `long-words-${name}-390.png`);
}

describe('long unbroken words at 390 px', () => {
  it('wrap in the tile, the benefit modal, /me, RSVP and partner pages and the header e-mail', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    const email = await e2e.newMember(`${'member.with.a.very.long.address'.repeat(2)}-`, 'Lou');
    await e2e.signIn(context, email);
    const page = await context.newPage();

    await page.goto('/benefits');
    const tile = page.locator(`[data-testid="benefit-tile"][data-benefit-id="${benefitId}"]`);
    await tile.scrollIntoViewIfNeeded();
    expect(await tile.textContent()).toContain(WORD);
    await expectFits(page, 'benefits');

    const modalTile = page.locator(`[data-testid="benefit-tile"][data-benefit-id="${MODAL_BENEFIT}"]`);
    await modalTile.scrollIntoViewIfNeeded();
    await modalTile.getByTestId('tile-action').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(WORD).first().waitFor();
    await settle(page);
    const box = await dialog.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, scroll: el.scrollWidth, client: el.clientWidth };
    });
    expect(box.left, 'the modal starts on screen').toBeGreaterThanOrEqual(0);
    expect(box.right, 'the modal ends on screen').toBeLessThanOrEqual(390);
    expect(box.scroll, 'the modal scrolls sideways').toBeLessThanOrEqual(box.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await textOverflows(page), 'modal: text wider than its box').toEqual([]);
    await screenshot(page, 'long-words-modal-390.png', { fullPage: false });
    await page.keyboard.press('Escape');

    for (const [path, name] of [
      ['/me', 'me'],
      [`/rsvp/${benefitId}`, 'rsvp'],
      ['/mclaren-tour', 'partner'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId('user-email').waitFor();
      await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      const header = page.getByTestId('user-email');
      expect(await header.innerText()).toBe(email.toUpperCase());
      // Wrapped, not cut: the whole address shows.
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow)).toBe(
        'clip',
      );
      await expectFits(page, name);
    }
  });

  it('wrap in the admin dashboard and the benefit form', async () => {
    const context = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    await e2e.signInAdmin(context, adminEmail, PASSWORD);
    const page = await context.newPage();
    await page.goto('/admin/dashboard');
    await page.getByText(WORD).first().waitFor();
    await expectFits(page, 'admin-dashboard');
    await page.goto(`/admin/edit-benefit/${benefitId}`);
    await page.getByRole('textbox').first().waitFor();
    await expectFits(page, 'admin-edit');
  });
});
