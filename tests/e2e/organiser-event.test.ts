import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { queuedMails } from '../support/mails.ts';
import { screenshot } from './support/browser.ts';
import { addTimedBenefit } from './support/organiser.ts';
import { setupE2e } from './support/suite.ts';
import { tileText } from './support/tiles.ts';

// Decision 010: an organiser's own event (London, summer time) gets a partner page in the admin editor, and
// a member finds it, books, and gets a mail and a calendar file with the right UTC times and the venue.
const e2e = setupE2e();
const PASSWORD = 'organiser-pass-phrase-1';
const year = new Date().getUTCFullYear() + 1;
const DAY = `${year}-07-01`; // July: London keeps British Summer Time (UTC+1)
const NAME = 'Thames Supper Club';
const SLUG = 'thames-supper-club';

describe('an organiser event, end to end', () => {
  it('created with when and where, given a page in the editor, booked by a member with the right times', async () => {
    const admin = await e2e.newContext(1280);
    const adminEmail = await e2e.newAdmin('organiser-', PASSWORD);
    await e2e.signInAdmin(admin, adminEmail, PASSWORD);
    const page = await admin.newPage();

    // The benefit, with its schedule in London's zone and its venue.
    const benefitId = await addTimedBenefit(page, {
      name: NAME,
      description: 'Supper on the river for pass holders.',
      partnerContactEmail: 'supper@thames.example',
      timeZone: 'Europe/London',
      day: DAY,
      startTime: '19:00',
      endTime: '22:30',
      venue: 'Pier 7',
      venueAddress: '1 Riverside, London SE1',
      capacity: '40',
      colours: ['#0b3d5c', '#d4af37'],
    });
    const eventId = `dynamic:${benefitId}`;

    // Its page, written in the editor with the live preview beside it.
    await page.goto('/admin/pages/new');
    await page.locator('#page-slug').fill(SLUG);
    await page.locator('#page-benefit').selectOption(benefitId);
    await page.locator('#page-eyebrow').fill('On the river');
    await page.locator('#page-title').fill(NAME);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByLabel('Paragraphs').fill('Three courses on the Thames, with the partners of the week.');
    await page.getByRole('button', { name: 'Add button' }).click();
    await page.getByLabel('Type').selectOption('rsvp');
    await page.getByLabel('Label', { exact: true }).last().fill('RSVP');
    await page.getByLabel('Event', { exact: true }).selectOption(eventId);
    const preview = page.getByTestId('page-preview');
    await preview.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await screenshot(page, 'organiser-page-editor-1280.png', { fullPage: true });
    await page.getByRole('button', { name: 'Save page' }).click();
    await page.waitForURL('**/admin/pages');
    const [row] = await e2e.db.select().from(benefits).where(eq(benefits.id, benefitId));
    expect(row?.partnerPage).toBe(`/${SLUG}`);

    // A member on a phone: the tile says when in London, the page books, the booking page says when changes end.
    const member = await e2e.newContext(390);
    const email = await e2e.newMember('supper-', 'Sam');
    await e2e.signIn(member, email);
    const phone = await member.newPage();
    await phone.goto('/benefits');
    const tile = phone.locator(`[data-benefit-id="${benefitId}"]`);
    await tile.waitFor();
    expect(await tileText(tile)).toContain(`1 July ${year}, 7:00–10:30 PM BST`);
    await phone.goto(`/${SLUG}`);
    await phone.getByRole('heading', { name: NAME, level: 1 }).waitFor();
    await phone.getByTestId(`rsvp-${eventId}`).getByRole('button', { name: 'RSVP' }).click();
    await phone.getByTestId(`rsvp-${eventId}`).getByRole('button', { name: 'RSVP Confirmed' }).waitFor();
    await screenshot(phone, 'organiser-page-member-390.png', { fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The mail and its invite: 19:00-22:30 BST is 18:00-21:30 UTC, at the venue with its address.
    const [mail] = await queuedMails(e2e.db, { purpose: 'confirmation', to: email });
    expect(mail?.text).toContain(`1 July ${year}`);
    expect(mail?.text).toContain('7:00–10:30 PM BST');
    const invite = mail?.calendar?.content.replace(/\r\n[ \t]/g, '') ?? '';
    expect(invite).toContain(`DTSTART:${year}0701T180000Z`);
    expect(invite).toContain(`DTEND:${year}0701T213000Z`);
    expect(invite).toContain('LOCATION:Pier 7\\, 1 Riverside\\, London SE1');
    const file = await member.request.get(`/api/rsvp/${encodeURIComponent(eventId)}/calendar.ics`);
    expect(file.status()).toBe(200);
    const ics = (await file.text()).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`DTSTART:${year}0701T180000Z`);
    expect(ics).toContain('LOCATION:Pier 7\\, 1 Riverside\\, London SE1');

    await phone.goto('/me');
    await phone.getByText(NAME).first().waitFor();
    const manage = phone.getByRole('link', { name: 'CHANGE/CANCEL BOOKING' }).first();
    await manage.click();
    await phone.getByText(`You can change or cancel until 30 June ${year}, 7:00 PM BST.`).waitFor();
    await screenshot(phone, 'organiser-booking-390.png', { fullPage: true });
  });

  it("lets an admin rewrite a tile's modal beside its live preview; members see it", async () => {
    const admin = await e2e.newContext(1280);
    const adminEmail = await e2e.newAdmin('modal-', PASSWORD);
    await e2e.signInAdmin(admin, adminEmail, PASSWORD);
    const page = await admin.newPage();
    await page.goto('/admin/edit-benefit/hedley-studios');
    await page.getByRole('link', { name: 'Edit tile modal' }).click();
    await page.waitForURL('**/admin/edit-benefit/hedley-studios/modal');
    const preview = page.getByTestId('modal-preview');
    await preview.getByText('Book a professional portrait or content session while you are in Singapore.').waitFor();

    await page.getByLabel('Text').fill('Portraits at a pass-holder rate.\n\nWalk-ins welcome on Friday.');
    await page.getByRole('button', { name: 'Add fact' }).click();
    await page.getByLabel('Label', { exact: true }).first().fill('Rate');
    await page.getByLabel('Value', { exact: true }).first().fill('20% off');
    await page.getByLabel('Add an RSVP button for').selectOption('wristcheck');
    await preview.getByText('Walk-ins welcome on Friday.').waitFor();
    await preview.getByText('20% off').waitFor();
    // A link the schema refuses is shown at its field, and nothing is saved.
    await page.getByRole('button', { name: 'Add link' }).click();
    await page.getByLabel('Type').last().selectOption('internal');
    await page.getByLabel('Label', { exact: true }).last().fill('Sneaky');
    await page.getByLabel('Portal path').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save modal' }).click();
    await page.getByText('An internal link is a path in the portal, such as /benefits').waitFor();
    await screenshot(page, 'admin-modal-editor-1280.png', { fullPage: true });
    await page.getByLabel('Portal path').fill('/wristcheck');
    await page.getByRole('button', { name: 'Save modal' }).click();
    await page.waitForURL('**/admin/edit-benefit/hedley-studios');

    const member = await e2e.newContext(390);
    await e2e.signIn(member, await e2e.newMember('modal-', 'Mo'));
    const phone = await member.newPage();
    await phone.goto('/benefits');
    await phone.locator('[data-benefit-id="hedley-studios"]').getByRole('button').first().click();
    const dialog = phone.getByRole('dialog');
    await dialog.getByText('Walk-ins welcome on Friday.').waitFor();
    await dialog.getByText('20% off').waitFor();
    await dialog.getByRole('link', { name: 'Sneaky' }).waitFor();
    expect(await dialog.getByTestId('rsvp-wristcheck').count()).toBe(1);
    await screenshot(phone, 'member-modal-edited-390.png');
  });

  it('asks a signed-out visitor of a partner page to sign in there, then shows it; an unknown address is a 404', async () => {
    const visitor = await e2e.newContext(390);
    const page = await visitor.newPage();
    const email = await e2e.newMember('visitor-', 'Vic');
    await page.goto('/capella-day-pass');
    await page.getByLabel('EMAIL ADDRESS').fill(email);
    await page.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).click();
    await page.getByRole('heading', { name: 'Capella Singapore Day Pass', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/capella-day-pass');
    await page.goto('/no-such-partner');
    await page.getByRole('heading', { name: '404 Page Not Found', exact: true }).waitFor();
  });
});
