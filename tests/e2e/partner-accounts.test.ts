import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookings, partnerShares } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent } from '../support/events.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Decision 030: an admin makes a partner account on the Members page; the partner sees only its benefit.
const e2e = setupE2e();
const ADMIN_PASSWORD = 'partner-e2e-admin-password';
const PARTNER_PASSWORD = 'partner-e2e-partner-password';
const MINE = 'partner-e2e-offer';
const OTHER = 'partner-e2e-other';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('partner accounts', () => {
  it('an admin creates one on the Members page; the partner sees only that benefit, its attendees and report', async () => {
    await createTestEvent(e2e.db, MINE, { benefitTitle: 'Partner E2E Offer', title: 'Tasting evening', capacity: 40 });
    await createTestEvent(e2e.db, OTHER, { benefitTitle: 'Someone Else Offer', capacity: 40 });
    // The organiser shares names but not e-mails with this partner (decision 046).
    await e2e.db.insert(partnerShares).values({ benefitId: MINE, fields: ['name', 'guests', 'status', 'checkIn'] });
    const codes: string[] = [];
    for (const [eventId, first] of [
      [MINE, 'Ada'],
      [MINE, 'Grace'],
      [OTHER, 'Hidden'],
    ] as const) {
      const email = await e2e.newMember(`partner-e2e-${first.toLowerCase()}-`, first);
      const { booking } = await reservePlace(e2e.db, { eventId, email, fullName: `${first} Member`, guestCount: 1 });
      if (eventId === MINE) codes.push(booking.passCode as string);
      await e2e.db
        .update(bookings)
        .set({ data: { company: `${first} Corp` } })
        .where(eq(bookings.id, booking.id));
    }

    // The admin adds the partner on the Members page, assigning one benefit.
    const adminCtx = await e2e.newContext(1280);
    await e2e.signInAdmin(adminCtx, await e2e.newAdmin('partner-e2e-admin-', ADMIN_PASSWORD), ADMIN_PASSWORD);
    const admin = await adminCtx.newPage();
    await admin.goto('/admin/members');
    const partnerEmail = e2e.uniqueEmail('partner-e2e-shop-');
    await admin.getByLabel('E-mail', { exact: true }).fill(partnerEmail);
    await admin.getByLabel('Password (12+ characters)').fill(PARTNER_PASSWORD);
    await admin.getByLabel('Role').selectOption('partner');
    await admin.getByRole('group', { name: 'Benefits this partner sees' }).getByLabel('Partner E2E Offer').check();
    await screenshot(admin, 'partner-members-form-1280.png');
    await admin.getByRole('button', { name: 'Save account' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Account saved' }).waitFor();
    const row = admin.getByTestId('accounts').locator('li', { hasText: partnerEmail });
    await row.getByText('Benefits: Partner E2E Offer').waitFor();
    await expectNoTextOverflow(admin);
    // The organiser's side on a phone: the account with its benefits, and the assignments being edited.
    const adminPhone = await (await e2e.newContext(390)).newPage();
    await e2e.signInAdmin(
      adminPhone.context(),
      await e2e.newAdmin('partner-e2e-phone-', ADMIN_PASSWORD),
      ADMIN_PASSWORD,
    );
    await adminPhone.goto('/admin/members');
    const phoneRow = adminPhone.getByTestId('accounts').locator('li', { hasText: partnerEmail });
    await phoneRow.getByRole('button', { name: 'Edit benefits' }).click();
    await phoneRow.getByRole('group', { name: `Benefits ${partnerEmail} sees` }).waitFor();
    await noSidewaysScroll(adminPhone);
    await phoneRow.scrollIntoViewIfNeeded();
    await screenshot(adminPhone, 'partner-members-edit-390.png', { fullPage: false });

    for (const width of [1280, 390]) {
      const ctx = await e2e.newContext(width);
      const page = await ctx.newPage();
      // The partner signs in through the admin sign-in and lands on their benefits.
      await page.goto('/admin');
      await page.getByLabel('Email').fill(partnerEmail);
      await page.getByLabel('Password').fill(PARTNER_PASSWORD);
      await page.getByRole('button', { name: /log ?in|sign in/i }).click();
      await page.waitForURL('**/admin/partner');
      await page.getByRole('heading', { name: 'Your partner benefits' }).waitFor();
      const cards = page.getByTestId('partner-benefit');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().innerText()).toContain('Partner E2E Offer');
      expect(await page.getByText('Someone Else Offer').count()).toBe(0);
      const tabs = await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').allInnerTexts();
      expect(tabs.map((t) => t.trim())).toEqual([
        'Your partner benefits',
        'Check-in',
        'Webhooks',
        'API tokens',
        'Security',
      ]);
      expect(await page.getByTestId('role-badge').innerText()).toBe('PARTNER');
      await noSidewaysScroll(page);
      await expectNoTextOverflow(page);
      await screenshot(page, `partner-home-${width}.png`);

      // Attendees: the default shared fields only (no answers, no phone), and no admin actions.
      await cards.first().getByRole('link', { name: 'Attendees' }).click();
      await page.getByRole('heading', { name: 'Attendees: Tasting evening' }).waitFor();
      const list = page.getByTestId(width < 640 ? 'partner-attendee-cards' : 'partner-attendees');
      await list.getByText('Ada Member').waitFor();
      const text = await list.innerText();
      expect(text).toContain('Grace Member');
      expect(text).not.toContain('Hidden');
      expect(text).not.toContain('Ada Corp');
      expect(await page.getByRole('button', { name: /cancel|move|message|add booking/i }).count()).toBe(0);
      await noSidewaysScroll(page);
      await expectNoTextOverflow(page);
      await screenshot(page, `partner-attendees-${width}.png`);

      // The partner report, without the organiser's share links.
      await page.getByRole('link', { name: 'Your partner benefits' }).first().click();
      await cards.first().getByRole('link', { name: 'Partner report' }).click();
      await page.getByRole('heading', { name: 'Partner E2E Offer' }).waitFor();
      expect(await page.getByText(/read-only link/i).count()).toBe(0);
      await page.getByRole('link', { name: 'Download PDF' }).waitFor();
      await noSidewaysScroll(page);
      await screenshot(page, `partner-report-${width}.png`);

      // The door: only the partner's event to choose; a pass of it admitted there.
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Check-in' }).click();
      const doorEvent = page.locator('#door-event');
      await doorEvent.locator('option', { hasText: 'Tasting evening' }).waitFor({ state: 'attached' });
      const options = await doorEvent.locator('option').allInnerTexts();
      expect(options.filter((o) => !o.startsWith('Choose'))).toEqual([expect.stringContaining('Tasting evening')]);
      await doorEvent.selectOption({ label: options.find((o) => o.includes('Tasting evening')) as string });
      await page.getByLabel('Pass code or name', { exact: true }).waitFor();
      // A scan admits online, named as shared; the guest list has names, no e-mails, and nothing to tap-admit.
      await page.getByLabel('Pass code or name', { exact: true }).fill(codes[width === 1280 ? 0 : 1] as string);
      await page.getByRole('button', { name: 'Admit', exact: true }).click();
      await page.getByText(width === 1280 ? 'Ada Member, +1 guest' : 'Grace Member, +1 guest').waitFor();
      await page.getByRole('button', { name: /Guest list/ }).click();
      const guests = page.getByTestId('door-guest-list');
      await guests.getByText('Grace Member').waitFor();
      expect(await guests.innerText()).not.toContain('@');
      expect(await guests.getByRole('button', { name: /Admit/ }).count()).toBe(0);
      await noSidewaysScroll(page);
      await expectNoTextOverflow(page);
      await screenshot(page, `partner-door-${width}.png`);

      // An admin page sends a partner back home.
      await page.goto('/admin/members');
      await page.waitForURL('**/admin/partner');
    }
  });
});
