import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema.ts';
import { BENEFITS_TTL_MS } from '../../src/server/lib/hot-cache.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { tileText } from './support/tiles.ts';

// Decision 026: the member's side: tiles that say what happened, a guest count chosen by touch, /me readable by all.
const e2e = setupE2e();
const PASSWORD = 'correct-horse-battery-staple';

async function memberContext(prefix: string, width: number, options: { hasTouch?: boolean } = {}) {
  const context = await e2e.newContext(width, options);
  const email = await e2e.newMember(prefix, 'Tia');
  await e2e.signIn(context, email);
  return { context, email, page: await context.newPage() };
}

const tileOf = (page: import('playwright-core').Page, benefitId: string) =>
  page.locator(`[data-testid="benefit-tile"][data-benefit-id="${benefitId}"]`);

describe('dashboard tiles', () => {
  it('show the done state once booked (OFFER CLAIMED, RSVP Confirmed), with Going only on an event', async () => {
    const { context, page } = await memberContext('tile-done-', 1280);
    for (const event of ['wristcheck', 'speakers-reception']) {
      const res = await context.request.post(`/api/rsvp/${event}`, { data: {} });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto('/benefits');
    const offer = tileOf(page, 'wristcheck');
    await tileText(offer);
    const offerButton = offer.getByTestId('tile-action');
    await expect.poll(() => offerButton.getAttribute('data-state')).toBe('done');
    // The done label's words load with the modal's chunk; until then the tile says BOOKED (done-label.ts).
    await expect.poll(() => visibleText(offerButton)).toBe('OFFER CLAIMED');
    expect(await offer.getByTestId('tile-state').count()).toBe(0);

    const event = tileOf(page, 'speakers-reception');
    await tileText(event);
    await expect.poll(() => visibleText(event.getByTestId('tile-action'))).toBe('RSVP Confirmed');
    expect(await visibleText(event.getByTestId('tile-state'))).toBe('GOING');
    // Done still opens the modal: its details, its calendar link.
    await offerButton.click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'tile-done-modal-1280.png');
    await page.keyboard.press('Escape');
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, 'tile-done-1280.png');
  });

  it('say SOLD OUT to a member without a place once an event is full, and the done state to the one who has it', async () => {
    await e2e.db.update(events).set({ capacity: 1 }).where(eq(events.id, 'bryan-johnson'));
    const holder = await memberContext('tile-holder-', 390);
    const res = await holder.context.request.post('/api/rsvp/bryan-johnson', { data: {} });
    expect(res.status(), await res.text()).toBe(201);

    const late = await memberContext('tile-late-', 390);
    await late.page.goto('/benefits');
    const tile = tileOf(late.page, 'bryan-johnson');
    await tileText(tile);
    const button = tile.getByTestId('tile-action');
    await expect.poll(() => button.getAttribute('data-state')).toBe('sold-out');
    expect(await visibleText(button)).toBe('SOLD OUT');
    await tile.scrollIntoViewIfNeeded();
    await screenshot(late.page, 'tile-sold-out-390.png');

    await holder.page.goto('/benefits');
    const held = tileOf(holder.page, 'bryan-johnson');
    await tileText(held);
    await expect.poll(() => held.getByTestId('tile-action').getAttribute('data-state')).toBe('done');
    await expect.poll(() => visibleText(held.getByTestId('tile-action'))).toBe('SPOT SECURED');
  });
});

describe('dashboard tiles in every state (one benefit model)', () => {
  it('a tile that opens a page says done once booked, and SOLD OUT to others once full', async () => {
    const holder = await memberContext('tile-page-', 390, { hasTouch: true });
    const res = await holder.context.request.post('/api/rsvp/sap-night', {
      data: { fullName: 'Tia Page', email: holder.email, rsvpStatus: 'yes', tourRequested: 'no', timeSlot: '' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await holder.page.goto('/benefits');
    const held = tileOf(holder.page, 'sap-night');
    await tileText(held);
    const button = held.getByTestId('tile-action');
    await expect.poll(() => button.getAttribute('data-state')).toBe('done');
    expect(await visibleText(button)).not.toMatch(/RSVP$/);
    await held.scrollIntoViewIfNeeded();
    await screenshot(holder.page, 'tile-page-done-390.png');

    await e2e.db.update(events).set({ capacity: 1 }).where(eq(events.id, 'sap-night'));
    const late = await memberContext('tile-page-late-', 1280);
    await late.page.goto('/benefits');
    const full = tileOf(late.page, 'sap-night');
    await tileText(full);
    await expect.poll(() => full.getByTestId('tile-action').getAttribute('data-state')).toBe('sold-out');
    expect(await visibleText(full.getByTestId('tile-action'))).toBe('SOLD OUT');
  });

  it('an ended event keeps no active call to action', async () => {
    const past = new Date(Date.now() - 2 * 86_400_000);
    await e2e.db
      .update(events)
      .set({ startsAt: new Date(past.getTime() - 3_600_000), endsAt: past })
      .where(eq(events.id, 'after2049'));
    // The dashboard's list is cached for a few seconds; an admin's edit drops it, a write straight to the table does not.
    await new Promise((r) => setTimeout(r, BENEFITS_TTL_MS + 200));
    const { page } = await memberContext('tile-ended-', 1280);
    await page.goto('/benefits');
    const tile = tileOf(page, 'after2049');
    await tileText(tile);
    await expect.poll(() => tile.getByTestId('tile-action').getAttribute('data-state')).toBe('ended');
    expect(await visibleText(tile.getByTestId('tile-action'))).toBe('ENDED');
  });

  it('a cancellation on another device shows when the member comes back to the tab', async () => {
    const phone = await memberContext('tile-devices-', 390, { hasTouch: true });
    const laptop = await e2e.newContext(1280);
    await e2e.signIn(laptop, phone.email);
    const booked = await phone.context.request.post('/api/rsvp/crypto-fight-night', { data: {} });
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingId } = (await booked.json()) as { bookingId: string };

    const page = await laptop.newPage();
    await page.goto('/benefits');
    const tile = tileOf(page, 'crypto-fight-night');
    await tileText(tile);
    await expect.poll(() => tile.getByTestId('tile-action').getAttribute('data-state')).toBe('done');

    const cancelled = await phone.context.request.post(`/api/bookings/${bookingId}/cancel`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // The member switches back to the laptop's tab: the browser says the page is visible again.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect.poll(() => tile.getByTestId('tile-action').getAttribute('data-state')).toBe('open');
    expect(await tile.getByTestId('tile-state').count()).toBe(0);
  });
});

describe("an organiser's own wording (decision 033)", () => {
  it('the done label an admin writes in the benefit form is what a member who booked sees on the tile', async () => {
    const admin = await e2e.newPage();
    await e2e.signInAdmin(admin.context(), await e2e.newAdmin('wording-admin-', PASSWORD), PASSWORD);
    await admin.goto('/admin/edit-benefit/crypto-fight-night');
    await expect.poll(() => admin.getByLabel('Benefit Name').inputValue()).not.toBe('');
    await admin.getByText('Button and message wording', { exact: true }).click();
    await admin.getByLabel('Button and tile once booked', { exact: true }).fill('IN THE RING');
    await admin.getByRole('button', { name: 'Update Benefit', exact: true }).click();
    await expect.poll(() => new URL(admin.url()).pathname).toBe('/admin/dashboard');

    const { context, page } = await memberContext('tile-wording-', 390);
    const res = await context.request.post('/api/rsvp/crypto-fight-night', { data: {} });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/benefits');
    const tile = tileOf(page, 'crypto-fight-night');
    await tileText(tile);
    const button = tile.getByTestId('tile-action');
    await expect.poll(() => button.getAttribute('data-state')).toBe('done');
    await expect.poll(() => visibleText(button)).toBe('IN THE RING');
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'tile-own-wording-390.png');
  });
});

describe('concierge guest count on a touch phone', () => {
  it('is set with the − and + buttons at 390 px, and a soft keyboard cannot type into it', async () => {
    const { page, email } = await memberContext('touch-', 390, { hasTouch: true });
    await page.goto('/rsvp/ap-house');
    const date = page.getByLabel('Select Date', { exact: true });
    await expect.poll(() => date.locator('option').count()).toBeGreaterThan(1);
    await date.selectOption({ index: 1 });
    const slot = page.getByLabel('Select Time Slot', { exact: true });
    await expect.poll(() => slot.locator('option').count()).toBeGreaterThan(1);
    await slot.selectOption({ index: 1 });
    await page.getByRole('radio', { name: 'Yes', exact: true }).tap();

    const count = page.getByLabel('How many guests are you bringing?', { exact: true });
    await expect.poll(() => count.inputValue()).toBe('1');
    const more = page.getByRole('button', { name: 'One guest more', exact: true });
    const fewer = page.getByRole('button', { name: 'One guest fewer', exact: true });
    expect(await fewer.isDisabled()).toBe(true);
    // What a soft keyboard does: text inserted without a key to block ("1" + "3" was 13 guests).
    await count.focus();
    await page.keyboard.insertText('3');
    expect(await count.inputValue()).toBe('1');
    await more.tap();
    await more.tap();
    await more.tap();
    await expect.poll(() => count.inputValue()).toBe('4');
    expect(await more.isDisabled()).toBe(true);
    await fewer.tap();
    await expect.poll(() => count.inputValue()).toBe('3');
    await screenshot(page, 'concierge-guests-touch-390.png', { fullPage: true });

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/ap-house/rsvp',
    );
    await page.getByRole('button', { name: 'SUBMIT', exact: true }).tap();
    expect((await sent).postDataJSON()).toMatchObject({
      email,
      bringingGuests: 'yes',
      guestCount: 3,
      totalAttendees: 4,
    });
  });
});

describe('/me', () => {
  it.each([1280, 390])(
    'has no axe violations with a cancelled booking and an offer beside a pass at %i px',
    async (width) => {
      const { context, page } = await memberContext(`me-axe-${width}-`, width);
      for (const event of ['speakers-reception', 'crypto-fight-night', 'wristcheck']) {
        const res = await context.request.post(`/api/rsvp/${event}`, { data: {} });
        expect(res.status(), await res.text()).toBe(201);
      }
      const list = (await (await context.request.get('/api/me/bookings')).json()) as {
        data: { id: string; eventId: string }[];
      };
      const fight = list.data.find((b) => b.eventId === 'crypto-fight-night')?.id;
      expect((await context.request.post(`/api/bookings/${fight}/cancel`, { data: {} })).status()).toBe(200);
      await page.goto('/me');
      await page.getByText('CANCELLED', { exact: true }).waitFor();
      // The offer has no door: one pass only, the reception's.
      await expect.poll(() => page.getByTestId('pass-qr').count()).toBe(1);
      // Soonest first: the reception (30 Sep) before the timeless offer.
      const titles = await page.getByTestId('my-booking').locator('h3').allInnerTexts();
      expect(titles.slice(0, 2)).toEqual(['Speakers Reception', 'Wristcheck Offer']);
      await expectNoViolations(page, `/me at ${width} px`);
      await screenshot(page, `me-polish-${width}.png`, { fullPage: true });
    },
  );
});
