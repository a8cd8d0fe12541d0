import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fromZoneInput, zoneInput } from '#common/event-time.ts';
import { eventDraws, events } from '../../src/server/db/schema.ts';
import type { ReceivedMail } from '../support/smtp-peer.ts';
import { screenshot } from './support/browser.ts';
import { setupE2eWithSmtp } from './support/smtp.ts';
import { visibleText } from './support/text.ts';
import { tileText } from './support/tiles.ts';

// Decision 031: a fair draw on a one-click event. Members enter from the tile's modal (at 390 and 1280 px), the tile and
// /me say so, the admin makes the draw early, each member is mailed the outcome, and the public page verifies it.
const EVENT = 'bryan-johnson';
const { e2e, received } = setupE2eWithSmtp();

const tileOf = (page: Page) => page.locator(`[data-testid="benefit-tile"][data-benefit-id="${EVENT}"]`);

async function member(prefix: string, width: number) {
  const context = await e2e.newContext(width);
  const email = await e2e.newMember(prefix, 'Ida');
  await e2e.signIn(context, email);
  return { email, page: await context.newPage() };
}

async function mailTo(email: string, subject: RegExp) {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = received().find((m) => m.envelopeTo.includes(email) && subject.test(m.parsed.subject ?? ''))))
    .toBeTruthy();
  return found as ReceivedMail;
}

/** Opens the tile's modal and enters the draw; the tile then says when the draw is. */
async function enter(page: Page, width: number) {
  await page.goto('/benefits');
  const tile = tileOf(page);
  await tileText(tile);
  await tile.getByTestId('tile-action').click();
  const dialog = page.getByRole('dialog');
  const button = dialog.getByRole('button', { name: /enter the draw/i });
  await button.waitFor();
  await screenshot(page, `draw-modal-open-${width}.png`, { fullPage: false });
  await button.click();
  await dialog.getByTestId('booking-state').waitFor();
  expect(await visibleText(dialog.getByTestId('booking-state'))).toMatch(/^You are entered in the draw on /);
  await screenshot(page, `draw-modal-entered-${width}.png`, { fullPage: false });
  await page.keyboard.press('Escape');
  const state = tile.getByTestId('tile-state');
  await expect
    .poll(async () => (await state.count()) > 0 && visibleText(state))
    .toMatch(/^ENTERED · DRAW ON \d+ \w{3}, /);
  expect(await visibleText(state)).toMatch(/SGT$/);
  expect(await tile.getByTestId('tile-action').getAttribute('data-state')).toBe('entered');
  expect(await visibleText(tile.getByTestId('tile-action'))).toBe('ENTERED');
  await tile.scrollIntoViewIfNeeded();
  await screenshot(page, `draw-tile-entered-${width}.png`, { fullPage: false });
}

describe('fair draw', () => {
  it('a member enters at 390 px, the tile says so, the admin draws, the outcome is mailed and the page verifies', async () => {
    const [event] = await e2e.db.select().from(events).where(eq(events.id, EVENT));
    const tz = event?.timeZone ?? 'Asia/Singapore';
    await e2e.db.update(events).set({ capacity: 1 }).where(eq(events.id, EVENT));
    // The organiser's browser is in New York, the event in Singapore: the form reads and writes the event's clock.
    const adminContext = await e2e.newContext(1280, { timezoneId: 'America/New_York' });
    const password = 'correct horse battery staple';
    const organiser = await e2e.newAdmin('draw-admin-', password);
    await e2e.signInAdmin(adminContext, organiser, password);
    const at = (ms: number) => zoneInput(new Date(Date.now() + ms), tz);
    const phoneAdmin = await e2e.newContext(390, { timezoneId: 'America/New_York' });
    await e2e.signInAdmin(phoneAdmin, organiser, password);
    const small = await phoneAdmin.newPage();
    await small.goto(`/admin/events/${EVENT}/attendees`);
    await small.getByTestId('draw-settings').locator('summary').click();
    await small.getByTestId('draw-settings').locator('input[name="opensAt"]').waitFor();
    expect(await visibleText(small.getByTestId('draw-settings').getByTestId('event-zone-label').first())).toBe('(SGT)');
    await screenshot(small, 'draw-admin-form-390.png');
    await phoneAdmin.close();
    // The organiser sets the draw on the attendees page: times on the event's clock, those not drawn waitlisted.
    const admin = await adminContext.newPage();
    await admin.goto(`/admin/events/${EVENT}/attendees`);
    const panel = admin.getByTestId('draw-settings');
    await panel.locator('summary').click();
    await panel.locator('input[name="opensAt"]').fill(at(-60_000));
    await panel.locator('input[name="closesAt"]').fill(at(3_600_000));
    await panel.locator('input[name="drawAt"]').fill(at(7_200_000));
    await screenshot(admin, 'draw-admin-form-1280.png', { fullPage: false });
    const opens = at(-60_000);
    await panel.locator('input[name="opensAt"]').fill(opens);
    await panel.getByTestId('draw-save').click();
    await admin.getByText('Draw saved').first().waitFor();
    // What is saved is the instant on the event's clock, not on New York's.
    const [saved] = await e2e.db.select().from(eventDraws).where(eq(eventDraws.eventId, EVENT));
    expect(saved?.opensAt.toISOString()).toBe(fromZoneInput(opens, tz)?.toISOString());
    // Entries opened a minute ago: the form is gone, the commitment is shown.
    await panel.getByText(/^Commitment: [0-9a-f]{64}$/).waitFor();

    const phone = await member('draw-phone-', 390);
    await enter(phone.page, 390);
    const desk = await member('draw-desk-', 1280);
    await enter(desk.page, 1280);
    await mailTo(phone.email, /^You are in the draw/);

    for (const [m, width] of [
      [phone, 390],
      [desk, 1280],
    ] as const) {
      await m.page.goto('/me');
      const draw = m.page.getByTestId('my-booking-draw');
      await draw.waitFor();
      expect(await visibleText(draw)).toMatch(/SGT · Check the draw$/);
      expect(await visibleText(m.page.getByTestId('my-booking-status'))).toBe('Entered in the draw');
      await screenshot(m.page, `draw-me-${width}.png`);
    }
    // The entry's own page offers only to withdraw it.
    const entryId = await visibleText(phone.page.getByTestId('my-booking-entry'));
    await phone.page.goto(`/bookings/${entryId}`);
    await phone.page.getByRole('button', { name: 'Withdraw my entry' }).waitFor();
    expect(await visibleText(phone.page.getByTestId('change-until'))).toMatch(
      /^You are entered in the draw on .* SGT\./,
    );
    await screenshot(phone.page, 'draw-entry-page-390.png');

    // "Run the draw now" inside the window asks first, and draws nobody: it brings the draw forward to the close of
    // entries, as announced (decision 050); the public page says so.
    await admin.goto(`/admin/events/${EVENT}/attendees`);
    await admin.getByTestId('draw-run').click();
    const ask = admin.getByRole('alertdialog');
    await ask.getByText('Draw when entries close?').waitFor();
    expect(await visibleText(ask)).toMatch(/Entries stay open until .* SGT, as announced: nobody is drawn before then/);
    await screenshot(admin, 'draw-admin-confirm-open-1280.png', { fullPage: false });
    await ask.getByRole('button', { name: 'Draw when entries close' }).click();
    await admin.getByTestId('draw-brought-forward').waitFor();
    expect(await admin.getByTestId('draw-run').count()).toBe(0);
    const early = await (await e2e.newContext(390)).newPage();
    await early.goto(`/draws/${EVENT}`);
    expect(await visibleText(early.getByTestId('draw-due'))).toMatch(/^to when entries close, .* SGT$/);
    await screenshot(early, 'draw-public-brought-forward-390.png');
    expect((await e2e.db.select().from(eventDraws).where(eq(eventDraws.eventId, EVENT)))[0]?.ranAt).toBeNull();

    // Entries close: now the button makes the draw, after saying what it will do; a second run is refused.
    await e2e.db
      .update(eventDraws)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(eventDraws.eventId, EVENT));
    // On a phone too, the question is asked and can be declined.
    const phoneAsk = await e2e.newContext(390);
    await e2e.signInAdmin(phoneAsk, organiser, password);
    const narrow = await phoneAsk.newPage();
    await narrow.goto(`/admin/events/${EVENT}/attendees`);
    await narrow.getByTestId('draw-run').click();
    await narrow.getByRole('alertdialog').getByText('Run the draw now?').waitFor();
    await screenshot(narrow, 'draw-admin-confirm-390.png', { fullPage: false });
    await narrow.getByRole('button', { name: 'Cancel' }).click();
    await phoneAsk.close();
    await admin.reload();
    await admin.getByTestId('draw-run').click();
    await ask.getByText('Run the draw now?').waitFor();
    expect(await visibleText(ask)).toMatch(
      /2 entries will be drawn now for 1 place, instead of at .* SGT\. Those not drawn join the waitlist/,
    );
    await screenshot(admin, 'draw-admin-confirm-1280.png', { fullPage: false });
    await ask.getByRole('button', { name: 'Run the draw now' }).click();
    await admin
      .getByText(/1 drawn, 1 waitlisted, 0 not drawn of 2 entries/)
      .first()
      .waitFor();
    await screenshot(admin, 'draw-admin-1280.png');
    const again = await adminContext.request.post(`/api/admin/events/${EVENT}/draw/run`, { data: {} });
    expect(again.status()).toBe(409);
    expect((await again.json()).code).toBe('draw_already_run');

    // One won the place (the confirmation with the pass), the other is first on the waitlist.
    const outcomes = await Promise.all(
      [phone.email, desk.email].map((email) => mailTo(email, /^(You were drawn|The draw: you are number 1)/)),
    );
    // A draw's win says it was a draw (decision 052).
    const subjects = outcomes.map((m) => m.parsed.subject ?? '').sort();
    expect(subjects[0]).toMatch(/^The draw: you are number 1 on the waitlist/);
    expect(subjects[1]).toMatch(/^You were drawn: your place is confirmed/);
    expect(outcomes.find((m) => /^You were drawn/.test(m.parsed.subject ?? ''))?.parsed.text).toContain('Your pass:');

    // The public page, without signing in, at 390 and 1280: the seed behind the commitment, verified here.
    for (const width of [390, 1280]) {
      const page = await (await e2e.newContext(width)).newPage();
      await page.goto(`/draws/${EVENT}`);
      await page.getByTestId('draw-seed').waitFor();
      await page.getByTestId('draw-verify').click();
      const verdict = page.getByTestId('draw-verified');
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-ok')).toBe('true');
      // When it was made beside when it was planned; outcomes named as the admin sees them.
      expect(await visibleText(page.getByTestId('draw-made'))).toMatch(/SGT$/);
      expect((await page.getByTestId('draw-order').innerText()).replace(/\s+/g, ' ')).toMatch(
        /Drawn.*Waitlisted #1|Waitlisted #1.*Drawn/,
      );
      await screenshot(page, `draw-verify-${width}.png`);
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
});
