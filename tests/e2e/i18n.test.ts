import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { tileTitled } from './support/tiles.ts';

// Decision 059: the member portal in the browser's language (Accept-Language / navigator), chosen again from the
// header's menu and remembered; the organiser's own words read in a language where given (decision 062).
const e2e = setupE2e();

const lang = (p: Page) => p.evaluate(() => document.documentElement.lang);

/**
 * The RSVP page's date line, /me's when and the booking page's when, written in the page's language from the
 * event's instants (decision 071): a day in its words, a 24-hour clock, only the zone's label in Latin letters.
 */
async function datesIn(page: Page, tag: string) {
  const read = async (testId: string) => {
    const el = page.getByTestId(testId).first();
    await el.waitFor();
    expect(await el.getAttribute('lang')).toBeNull();
    const text = await el.innerText();
    expect(text).toMatch(/\d{4}年\d+月\d+日/);
    expect(text.replace(/\bSGT\b/, '')).not.toMatch(/[A-Za-z]/);
  };
  await page.goto('/rsvp/ap-house');
  await read('rsvp-date');
  await screenshot(page, `i18n-${tag}-rsvp-390`, { fullPage: false });
  await page.goto('/me');
  await read('my-booking-when');
  await screenshot(page, `i18n-${tag}-me-390`, { fullPage: false });
  await page.getByTestId('manage-booking').first().click();
  await read('booking-when');
  await screenshot(page, `i18n-${tag}-booking-390`, { fullPage: false });
}

describe('member portal languages (390 px)', () => {
  it('a member whose browser prefers Chinese signs in, books and reads the portal in Chinese', async () => {
    const context = await e2e.newContext(390, { locale: 'zh-CN' });
    const page = await context.newPage();
    const email = await e2e.newMember('zh-', 'Mei');
    await page.goto('/login');
    // Painted by the server in Chinese, then hydrated in Chinese (no flash of English).
    expect(await lang(page)).toBe('zh-Hans');
    await page.getByRole('heading', { name: '会员门户' }).waitFor();
    expect(await page.getByTestId('language-menu').inputValue()).toBe('zh-Hans');
    await screenshot(page, 'i18n-zh-login-390', { fullPage: false });
    await page.getByLabel('电子邮箱').fill(email);
    await page.getByRole('button', { name: '进入门户', exact: true }).click();
    await page.getByTestId('welcome-name').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('欢迎，MEI');
    expect(await page.getByRole('button', { name: '全部', exact: true }).count()).toBe(1);
    expect(await page.getByTestId('my-bookings-link').innerText()).toBe('我的预订');

    // The seed gives this benefit Chinese words (decision 062).
    const tile = tileTitled(page, '演讲嘉宾招待会');
    // The event's when in Chinese, in its own zone: '2031年9月30日 19:00–23:00 SGT'.
    expect(await tile.getByText(/年\d+月\d+日 19:00–23:00 SGT$/).count()).toBe(1);
    await tile.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('地点').waitFor();
    await dialog.getByTestId('rsvp-speakers-reception').getByRole('button').click();
    await dialog.getByTestId('toast').or(page.getByTestId('toast')).first().waitFor();
    await dialog.getByRole('button', { name: '关闭', exact: true }).click();
    await tile.getByTestId('tile-state').waitFor();
    expect(await tile.getByTestId('tile-state').innerText()).toBe('将出席');
    expect(await tile.getByTestId('manage-booking').innerText()).toBe('更改/取消预订');
    await screenshot(page, 'i18n-zh-dashboard-390', { fullPage: false });
    await datesIn(page, 'zh');
    await context.close();
  });

  it('Japanese from the browser; Korean from the header menu, remembered after a reload', async () => {
    const context = await e2e.newContext(390, { locale: 'ja-JP' });
    const page = await context.newPage();
    await e2e.signIn(context, await e2e.newMember('ja-', 'Ken'));
    await page.goto('/benefits');
    expect(await lang(page)).toBe('ja');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('ようこそ、KEN 様');
    expect((await context.request.post('/api/rsvp/speakers-reception', { data: {} })).status()).toBe(201);
    await datesIn(page, 'ja');
    await page.goto('/benefits');
    await page.getByTestId('language-menu').selectOption('ko');
    await page.getByRole('heading', { name: 'KEN님, 환영합니다' }).waitFor();
    expect(await lang(page)).toBe('ko');
    await screenshot(page, 'i18n-ko-dashboard-390', { fullPage: false });
    // Painted by the server in Korean, dates too, and hydrated without a mismatch (React reports one as an error).
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.reload();
    await page.getByRole('heading', { name: 'KEN님, 환영합니다' }).waitFor();
    expect(await page.getByTestId('my-bookings-link').innerText()).toBe('내 예약');
    expect(
      await tileTitled(page, '스피커 리셉션')
        .getByText(/^\d+년 \d+월 \d+일 /)
        .count(),
    ).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
