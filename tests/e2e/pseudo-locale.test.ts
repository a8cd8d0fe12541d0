import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { zoneInput } from '#common/event-time.ts';
import { demoCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { screenshot, settle } from './support/browser.ts';
import { outsideViewport, unmarkedEnglish, usePseudoLocale } from './support/pseudo-locale.ts';
import { setupE2e } from './support/suite.ts';
import { textOverflows } from './support/visual.ts';

// Decision 063: the member's pages in a pseudo-locale (accented, ~40% longer, bracketed) at 390 px. Nothing may be cut
// off or reach past the screen, and every word shown comes from the catalogues or is the organiser's, marked lang.
const e2e = setupE2e();
const DRAW_EVENT = 'crypto-fight-night';
const problems: Record<string, unknown> = {};

/** Records what does not fit or is not from the catalogues on this screen (all are asserted at the end). */
async function look(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  await settle(page);
  const found = {
    english: await unmarkedEnglish(page),
    overflows: await textOverflows(page),
    outside: await outsideViewport(page),
    sideways: (await page.evaluate(() => document.documentElement.scrollWidth)) > 390,
  };
  if (found.english.length || found.overflows.length || found.outside.length || found.sideways) problems[name] = found;
  await screenshot(page, `pseudo-${name}-390`, opts);
}

describe('pseudo-locale at 390 px', () => {
  it('sign-in, dashboard, modal, RSVP form, /me and the pass, a booking, a draw: all from the catalogues, all fit', async () => {
    // A draw taking entries, so its public page has its rows.
    const admin = await e2e.newContext(1280);
    const password = 'pseudo locale admin password';
    await e2e.signInAdmin(admin, await e2e.newAdmin('pseudo-admin-', password), password);
    const at = (ms: number) => zoneInput(new Date(Date.now() + ms), 'Asia/Singapore');
    const draw = await admin.request.put(`/api/admin/events/${DRAW_EVENT}/draw`, {
      data: { opensAt: at(-60_000), closesAt: at(3_600_000), drawAt: at(7_200_000) },
    });
    expect(draw.status(), await draw.text()).toBe(200);
    // The organiser's words stay English here, as an organiser who gave none in Korean leaves them: the check tells
    // the portal's words from the organiser's by their lang (brand names in a translation would read as English).
    for (const { id } of demoCatalogue()) {
      const cleared = await admin.request.put(`/api/admin/benefits/${id}/translations`, { data: { translations: {} } });
      expect(cleared.status(), await cleared.text()).toBe(200);
    }

    const context = await e2e.newContext(390, {
      locale: 'ko-KR',
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'block',
    });
    await usePseudoLocale(context);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: /^\[/ }).first().waitFor();
    await look(page, 'login', { fullPage: false });

    await e2e.signIn(context, await e2e.newMember('pseudo-', '민지'));
    await page.goto('/benefits');
    await page.getByTestId('welcome-name').waitFor();
    await look(page, 'dashboard');

    // The seed gives its words in Korean too: found by id.
    const tile = page.locator('[data-testid="benefit-tile"][data-benefit-id="speakers-reception"]');
    await tile.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('rsvp-speakers-reception').getByRole('button').waitFor();
    await look(page, 'modal', { fullPage: false });
    await dialog.getByTestId('rsvp-speakers-reception').getByRole('button').click();
    await page.getByTestId('toast').first().waitFor();
    await look(page, 'modal-booked', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto('/rsvp/ap-house');
    await page.locator('form').getByRole('button').first().waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('alert').first().waitFor();
    await look(page, 'rsvp-form');

    await page.goto('/me');
    await page.getByTestId('pass-qr').first().waitFor();
    await look(page, 'me');

    await page.getByTestId('manage-booking').first().click();
    await page.getByTestId('booking-status').waitFor();
    await look(page, 'booking');

    await page.goto(`/draws/${DRAW_EVENT}`);
    await page.getByTestId('draw-commitment').waitFor();
    await look(page, 'draw');

    expect(problems).toEqual({});
  });
});
