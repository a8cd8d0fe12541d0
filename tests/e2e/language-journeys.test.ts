import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema.ts';
import { queuedMails } from '../support/mails.ts';
import { benefitLogo } from '../support/multipart.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Decisions 059, 061, 071: a member whose browser prefers their language signs in, books a tour and claims an offer,
// and reads the pages, the mails and the pass in it; the language they signed in with is kept for what is sent.
const e2e = setupE2e();
const PASSWORD = 'languages-admin-pass-1';
const OFFER = 'wristcheck';

const JOURNEYS = [
  { locale: 'zh-Hans', browser: 'zh-CN', script: /\p{Script=Han}/u },
  { locale: 'ja', browser: 'ja-JP', script: /[\p{Script=Hiragana}\p{Script=Katakana}]/u },
  { locale: 'ko', browser: 'ko-KR', script: /\p{Script=Hangul}/u },
] as const;

/** The product's default button of an event with no words of its own (the pages' catalogue, `action.event.idle`). */

/** Dates read in the language: no Latin words left but the zone's label (Japanese writes dates in kanji, as Chinese). */
const notEnglish = (text: string) => !/[A-Za-z]/.test(text.replace(/\b[A-Z]{2,5}\b/g, ''));

describe('a member in their own language, from sign-in to the pass (390 px, touch)', () => {
  it.each(JOURNEYS)(
    '$locale: an event, a tour, an offer, the mails and the pass',
    async ({ locale, browser, script }) => {
      // The partner's codes for the offer, as an organiser pastes them.
      const admin = await e2e.newContext(1280);
      await e2e.signInAdmin(admin, await e2e.newAdmin(`lang-${locale.toLowerCase()}-`, PASSWORD), PASSWORD);
      const codes = [`LANG-${locale.toUpperCase()}-1`, `LANG-${locale.toUpperCase()}-2`];
      const upload = await admin.request.post(`/api/admin/benefits/${OFFER}/offer-codes/upload`, {
        data: { text: codes.join('\n') },
      });
      expect(upload.status(), await upload.text()).toBe(200);

      const context = await e2e.newContext(390, { locale: browser, hasTouch: true });
      const page = await context.newPage();
      const email = await e2e.newMember(`journey-${locale.toLowerCase()}-`, 'Yu');
      await page.goto('/login', { waitUntil: 'networkidle' });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await page.locator('input[type="email"]').fill(email);
      await page.locator('form button[type="submit"]').tap();
      await page.getByTestId('welcome-name').waitFor();

      // An event in one tap from its modal: the tile's button, the modal's, its toast and its done state in the
      // language (the seed gives the organiser's words in it), and none of them marked English.
      const speakers = page.locator('[data-testid="benefit-tile"][data-benefit-id="speakers-reception"]');
      const tileAction = speakers.getByTestId('tile-action');
      expect(await tileAction.innerText()).toMatch(script);
      await tileAction.tap();
      const rsvp = page.getByRole('dialog').getByTestId('rsvp-speakers-reception').getByRole('button');
      await expect.poll(() => rsvp.innerText()).toMatch(script);
      await rsvp.tap();
      const toastTitle = page.getByTestId('toast').last().locator('.font-semibold');
      await expect.poll(() => toastTitle.innerText()).toMatch(script);
      expect(await toastTitle.getAttribute('lang')).toBeNull();
      await screenshot(page, `journey-${locale}-booked-toast-390`, { fullPage: false });
      await expect.poll(() => rsvp.innerText()).toMatch(script);
      expect(await rsvp.isDisabled()).toBe(true);
      await expect.poll(async () => (await queuedMails(e2e.db, { purpose: 'confirmation', to: email })).length).toBe(1);
      await page.keyboard.press('Escape');
      await expect.poll(() => tileAction.getAttribute('data-state')).toBe('done');
      await expect.poll(() => tileAction.innerText()).toMatch(script);
      expect(await tileAction.locator('span').getAttribute('lang')).toBeNull();
      await screenshot(page, `journey-${locale}-booked-390`, { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, `journey-${locale}-booked-1280`, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 740 });

      // A tour on its form: a day, then a time.
      await page.goto('/rsvp/ap-house');
      const day = page.locator('#selectedDate');
      await day.waitFor();
      await expect.poll(() => day.locator('option').count()).toBeGreaterThan(1);
      await day.selectOption({ index: 1 });
      const time = page.locator('#timeSlot');
      await expect.poll(() => time.locator('option').count()).toBeGreaterThan(1);
      await time.selectOption({ index: 1 });
      expect(notEnglish(await time.locator('option:checked').innerText())).toBe(true);
      await page.locator('input[name="bringingGuests"][value="no"]').check();
      await page.locator('form button[type="submit"]').tap();
      await expect.poll(async () => (await queuedMails(e2e.db, { purpose: 'confirmation', to: email })).length).toBe(2);

      // The offer: its code in the modal.
      await page.goto('/benefits');
      const tile = page.locator(`[data-testid="benefit-tile"][data-benefit-id="${OFFER}"]`);
      await tile.getByTestId('tile-action').tap();
      const dialog = page.getByRole('dialog');
      const claim = dialog.getByTestId(`rsvp-${OFFER}`).getByRole('button');
      await expect.poll(() => claim.innerText()).toMatch(script);
      await claim.tap();
      // The pool hands codes out in turn (earlier journeys took theirs): one of the organiser's.
      await expect.poll(() => dialog.getByTestId('offer-code').innerText()).toMatch(/^LANG-/);
      const code = await dialog.getByTestId('offer-code').innerText();

      // An organiser's fresh event with no words of its own but its Button Text: the modal says what the tile says,
      // the organiser's English marked so (the product's defaults in each language: member-actions.test.ts).
      const fresh = await admin.request.post('/api/admin/benefits', {
        multipart: {
          benefitName: `Harbour Cruise ${locale}`,
          benefitDescription: 'A sunset cruise for pass holders.',
          buttonText: 'Sail',
          partnerContactEmail: 'cruise@partner.example',
          cardOpens: 'modal',
          logo: { name: 'logo.png', mimeType: 'image/png', buffer: await benefitLogo('#225577') },
        },
      });
      expect(fresh.status(), await fresh.text()).toBe(201);
      const freshId = ((await fresh.json()) as { id: string }).id;
      await page.goto('/benefits');
      await page.locator(`[data-testid="benefit-tile"][data-benefit-id="${freshId}"]`).getByTestId('tile-action').tap();
      const freshButton = page.getByRole('dialog').locator('[data-testid^="rsvp-"]').getByRole('button').first();
      await expect.poll(() => freshButton.innerText()).toBe('Sail');
      expect(await freshButton.locator('span').getAttribute('lang')).toBe('en');
      await page.keyboard.press('Escape');

      // The pass and the bookings page, in the language.
      await page.goto('/me');
      await page.getByTestId('pass-qr').first().waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(script);
      expect(notEnglish(await page.getByTestId('my-booking-when').first().innerText())).toBe(true);
      await screenshot(page, `journey-${locale}-me-390`, { fullPage: true });

      // What was sent: every mail to the member in the language they signed in with.
      const mails = await queuedMails(e2e.db, { to: email });
      expect(mails.map((m) => m.purpose)).toEqual(['confirmation', 'confirmation', 'confirmation']);
      for (const mail of mails) {
        expect(mail.subject, mail.subject).toMatch(script);
        expect(mail.text).toMatch(script);
      }
      expect(mails.some((m) => m.text.includes(code))).toBe(true);
      await context.close();
      await admin.close();
    },
  );
});

// Decision 072: the server's refusal reaches the member in their language, not as English marked lang="en".
describe("a server's refusal in the member's language (390 px)", () => {
  it('zh-Hans: the event fills while the modal is open; the toast says so in Chinese', async () => {
    const context = await e2e.newContext(390, { locale: 'zh-CN', hasTouch: true });
    const page = await context.newPage();
    const email = await e2e.newMember('refusal-zh-', 'Lin');
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.locator('input[type="email"]').fill(email);
    await page.locator('form button[type="submit"]').tap();
    await page.getByTestId('welcome-name').waitFor();
    await page
      .locator('[data-testid="benefit-tile"][data-benefit-id="bryan-johnson"]')
      .getByTestId('tile-action')
      .tap();
    const action = page.getByRole('dialog').getByTestId('rsvp-bryan-johnson').getByRole('button');
    await action.waitFor();
    // Every place is taken between the modal's read and the tap.
    await e2e.db.update(events).set({ capacity: 0 }).where(eq(events.id, 'bryan-johnson'));
    await action.tap();
    const toast = page.getByTestId('toast').last();
    const description = toast.locator('.mt-1');
    await expect.poll(() => description.innerText()).toBe('抱歉，此活动名额已满。');
    expect(await description.getAttribute('lang')).toBeNull(); // the page's own language: not marked English
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    await screenshot(page, 'refusal-zh-Hans-sold-out-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'refusal-zh-Hans-sold-out-1280', { fullPage: false });
    await context.close();
  });
});
