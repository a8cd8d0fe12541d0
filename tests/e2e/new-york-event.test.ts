import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { queuedMails } from '../support/mails.ts';
import { screenshot } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { addTimedBenefit } from './support/organiser.ts';
import { setupE2e } from './support/suite.ts';

// Decision 022: an organiser's New York event reads in New York's time (EST in December) on the member's form,
// the confirmation, My bookings, admin Bookings and the attendees page's Add booking, and its pass admits at the door.
const e2e = setupE2e();
const PASSWORD = 'new-york-organiser-pass';
const year = new Date().getUTCFullYear() + 1;
const DAY = `${year}-12-04`; // December: New York keeps Eastern Standard Time (UTC-5)
const NAME = 'Hudson Supper Club';
const SLOT = '11:00am-12:00pm'; // the demo sheet's Tab 2
const SLOT_TEXT = '11:00 AM–12:00 PM EST';
async function adminPage(
  width: number,
  role: 'admin' | 'staff' = 'admin',
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await e2e.newContext(width);
  await e2e.signInAdmin(ctx, await e2e.newAdmin(`ny-${role}-`, PASSWORD, role), PASSWORD);
  return { ctx, page: await ctx.newPage() };
}

const noWiderThan = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe('a New York event, end to end', () => {
  it('created in New York time, booked by a member in EST, listed in EST for admins, admitted at the door', async () => {
    // The organiser creates the benefit with its schedule in New York's zone.
    const { ctx: adminCtx, page } = await adminPage(1280);
    const benefitId = await addTimedBenefit(page, {
      name: NAME,
      description: 'Supper on the Hudson for pass holders.',
      partnerContactEmail: 'supper@hudson.example',
      timeZone: 'America/New_York',
      day: DAY,
      startTime: '11:00',
      endTime: '14:00',
      venue: 'Pier 57',
      capacity: '40',
      colours: ['#1d2b4f', '#d4af37'],
    });
    const eventId = `dynamic:${benefitId}`;
    // Its form, with Tab 2's time slots, deployed as the wizard does.
    await deployDemoForm(adminCtx.request, benefitId, 'Hudson supper form');

    // A member on a phone: the form's slots say EST, not the portal's SGT.
    const memberCtx = await e2e.newContext(390);
    const email = await e2e.newMember('hudson-', 'Hana');
    await e2e.signIn(memberCtx, email);
    const phone = await memberCtx.newPage();
    await phone.goto(`/rsvp/${benefitId}`);
    const form = phone.locator('form');
    await form.getByRole('button', { name: 'SUBMIT' }).waitFor();
    await form.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
    const slotSelect = form.getByLabel('Time Slot');
    const options = await slotSelect.locator('option').allInnerTexts();
    expect(options).toContain(`${SLOT_TEXT} (12 left)`);
    expect(options.join(' ')).not.toContain('SGT');
    await form.getByLabel('Full Name *').fill('Hana Hudson');
    await slotSelect.selectOption(SLOT);
    await form.getByLabel('Dietary Requirements').selectOption({ index: 1 });
    await noWiderThan(phone, 390);
    await screenshot(phone, 'new-york-form-390.png', { fullPage: true });
    await form.getByRole('button', { name: 'SUBMIT' }).click();
    await phone.getByRole('status').getByText('Thank you! Your RSVP has been confirmed.', { exact: true }).waitFor();
    await phone.getByText(SLOT_TEXT).first().waitFor();
    expect(await phone.locator('main').innerText()).not.toContain('SGT');
    await screenshot(phone, 'new-york-confirmation-390.png', { fullPage: true });

    // The mail says the same.
    const [mail] = await queuedMails(e2e.db, { purpose: 'confirmation', to: email });
    expect(mail?.text).toContain(SLOT_TEXT);

    // My bookings on the phone, and the confirmation on a laptop.
    await phone.goto('/me');
    await phone.getByText(NAME).first().waitFor();
    expect(await phone.locator('main').innerText()).toContain('EST');
    await screenshot(phone, 'new-york-me-390.png', { fullPage: true });
    const laptopCtx = await e2e.newContext(1280);
    await e2e.signIn(laptopCtx, email);
    const laptop = await laptopCtx.newPage();
    await laptop.goto(`/rsvp/${benefitId}`);
    await laptop.getByText(SLOT_TEXT).first().waitFor();
    await screenshot(laptop, 'new-york-confirmation-1280.png', { fullPage: true });

    // Admin Bookings: the slot and when it was booked, in New York's zone.
    await page.goto('/admin/bookings');
    await page.getByLabel(/status/i).selectOption('all');
    const row = page.getByTestId('booking-row').filter({ hasText: email });
    await row.getByText(`4 December ${year}, ${SLOT_TEXT}`).waitFor();
    expect(await row.innerText()).not.toContain('SGT');
    await screenshot(page, 'new-york-admin-bookings-1280.png');

    // The attendees page's Add booking offers the same slots in EST.
    await page.goto(`/admin/events/${encodeURIComponent(eventId)}/attendees`);
    await page.getByRole('button', { name: 'Add booking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel("Member's e-mail").fill(await e2e.newMember('hudson-walkin-', 'Walt'));
    await dialog.getByRole('button', { name: 'Next: the form' }).click();
    await dialog.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
    const adminOptions = await dialog.getByLabel('Time Slot').locator('option').allInnerTexts();
    expect(adminOptions.some((o) => o.startsWith(SLOT_TEXT))).toBe(true);
    expect(adminOptions.join(' ')).not.toContain('SGT');
    await screenshot(page, 'new-york-add-booking-1280.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The wizard's step 3 previews the member form with the same EST slots.
    await page.goto(`/admin/rsvp-config?benefit=${benefitId}`);
    await page.getByRole('button', { name: 'Edit current configuration' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    const preview = page.getByTestId('form-preview');
    await preview.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
    // Step 3 reads Tab 2 again after the save (decision 022): its slots arrive after the heading.
    const previewSlots = () => preview.getByLabel('Time Slot').locator('option').allInnerTexts();
    await expect.poll(async () => (await previewSlots()).some((o) => o.includes(' EST'))).toBe(true);
    expect((await previewSlots()).join(' ')).not.toContain('SGT');
    await preview.getByLabel('Time Slot').selectOption({ index: 1 });
    await screenshot(page, 'new-york-wizard-preview-1280.png', { fullPage: false });

    // At the door: a staff phone admits the member's pass.
    const mine = (await (await memberCtx.request.get('/api/me/bookings')).json()) as {
      data: { eventId: string; passCode: string | null }[];
    };
    const code = mine.data.find((b) => b.eventId === eventId)?.passCode;
    expect(code).toBeTruthy();
    const { page: door } = await adminPage(390, 'staff');
    await door.goto('/admin/check-in');
    await door.getByLabel('Event', { exact: true }).selectOption(eventId);
    await door.getByLabel('Pass code, name or e-mail').fill(code ?? '');
    await door.getByRole('button', { name: 'Admit', exact: true }).click();
    await expect.poll(() => door.getByTestId('door-verdict-title').innerText()).toBe('Admitted');
    expect(await door.getByTestId('door-verdict').innerText()).toContain('Hana');
    await noWiderThan(door, 390);
    await screenshot(door, 'new-york-door-390.png');
  });
});
