import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { setupE2e } from './support/suite.ts';
import { tileTitled } from './support/tiles.ts';

// Decision 062: the organiser's words in the member's language, chosen from the header's menu (390 px, touch).
const PASSWORD = 'organiser-words-password';
const FORM = 'after2049';
const e2e = setupE2e();

describe("the organiser's words in Chinese", () => {
  it('a member who chooses Chinese reads the benefit title and its form labels in Chinese', async () => {
    const admin = await e2e.newContext();
    await e2e.signInAdmin(admin, await e2e.newAdmin('words-admin-', PASSWORD), PASSWORD);
    await deployDemoForm(admin.request, FORM, 'words e2e');
    const translations = {
      'zh-Hans': {
        title: '2049 之后',
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
    await screenshot(page, 'organiser-words-zh-dashboard-390', { fullPage: false });

    await page.goto(`/rsvp/${FORM}`);
    await page.getByLabel('姓名 *').waitFor();
    await page.getByRole('heading', { name: '2049 之后' }).first().waitFor();
    // A label not translated reads in English.
    expect(await page.getByLabel('Email *').count()).toBe(1);
    expect(await page.getByLabel('饮食要求').count()).toBe(1);
    await screenshot(page, 'organiser-words-zh-form-390', { fullPage: false });
  });
});
