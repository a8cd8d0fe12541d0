import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { setupE2e } from './support/suite.ts';
import { tileTitled } from './support/tiles.ts';

// Decision 062: the organiser's words in the member's language, chosen from the header's menu (390 px, touch).
const PASSWORD = 'organiser-words-password';
const FORM = 'after2049';
const e2e = setupE2e();
// The seeded benefit's description, left untranslated here.
const DESCRIPTION =
  'The official after-party, from 7 PM until late on the sky-park observation deck of a waterfront resort.';

describe("the organiser's words in Chinese", () => {
  it('a member who chooses Chinese reads the benefit title and its form labels in Chinese', async () => {
    const admin = await e2e.newContext();
    await e2e.signInAdmin(admin, await e2e.newAdmin('words-admin-', PASSWORD), PASSWORD);
    await deployDemoForm(admin.request, FORM, 'words e2e');
    const translations = {
      'zh-Hans': {
        title: '2049 之后',
        // A translation in Latin letters: a guess from the script would have called it English.
        bookingText: 'RSVP VIP',
        form: { fullName: { displayName: '姓名' }, dietaryRequirements: { displayName: '饮食要求' } },
      },
    };
    const saved = await admin.request.put(`/api/admin/benefits/${FORM}/translations`, { data: { translations } });
    expect(saved.status(), await saved.text()).toBe(200);
    // The admin sees what is still English: in the list, and per language on the benefit's page.
    const desk = await admin.newPage();
    await desk.goto('/admin/dashboard');
    const row = desk.getByTestId('admin-benefit-row').filter({ hasText: 'AFTER 2049' });
    expect(await row.getByTestId('words-missing').innerText()).toMatch(/^zh-Hans: \d+ missing$/);
    await desk.goto(`/admin/edit-benefit/${FORM}`);
    await desk.getByTestId('words-tab-zh-Hans').click();
    expect(await desk.getByLabel('Title', { exact: true }).inputValue()).toBe('2049 之后');
    await desk.getByTestId('words-tab-zh-Hans').scrollIntoViewIfNeeded();
    await screenshot(desk, 'organiser-words-admin-1280', { fullPage: false });

    const member = await e2e.newContext(390, { hasTouch: true, isMobile: true });
    await e2e.signIn(member, await e2e.newMember('words-', 'Lin'));
    const page = await member.newPage();
    await page.goto('/benefits');
    await tileTitled(page, 'AFTER 2049').waitFor();
    await page.getByTestId('language-menu').selectOption('zh-Hans');
    // The chrome and the organiser's words both follow the choice, without a reload.
    await tileTitled(page, '2049 之后').waitFor();
    await page.getByRole('heading', { name: '欢迎，LIN' }).waitFor();
    expect(await tileTitled(page, 'AFTER 2049').count()).toBe(0);
    // Decision 073: the server names the words it left in English; exactly those carry lang="en".
    const langOf = (l: Locator) => l.evaluate((el) => el.getAttribute('lang'));
    const tile = tileTitled(page, '2049 之后');
    expect(await langOf(tile.getByRole('heading', { name: '2049 之后' }))).toBeNull();
    expect(await langOf(tile.getByText(DESCRIPTION, { exact: true }))).toBe('en');
    expect(await langOf(tile.getByTestId('tile-action').getByText('RSVP VIP', { exact: true }))).toBeNull();
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'organiser-words-zh-tile-390', { fullPage: false });
    await screenshot(page, 'organiser-words-zh-dashboard-390', { fullPage: false });

    await page.goto(`/rsvp/${FORM}`);
    await page.getByLabel('姓名 *').waitFor();
    await page.getByRole('heading', { name: '2049 之后' }).first().waitFor();
    // A label not translated reads in English.
    expect(await page.getByLabel('Email *').count()).toBe(1);
    expect(await page.getByLabel('饮食要求').count()).toBe(1);
    expect(await langOf(page.locator('label', { hasText: '姓名 *' }))).toBeNull();
    expect(await langOf(page.locator('label', { hasText: /^Email \*$/ }))).toBe('en');
    expect(await langOf(page.getByRole('heading', { name: '2049 之后' }).first())).toBeNull();
    await screenshot(page, 'organiser-words-zh-form-390', { fullPage: false });
  });
});
