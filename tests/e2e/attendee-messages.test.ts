import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { benefits, events } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2eWithSmtp } from './support/smtp.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Messages to attendees: an organiser writes to an event's attendees from the attendees page, sees the
// server's preview with a real attendee's name, sends, and the mails arrive at a real SMTP peer; laptop and phone.
const DAY = 86_400_000;
const PASSWORD = 'message-admin-password';

const { e2e, received } = setupE2eWithSmtp();

/** An event with two confirmed attendees, booked in this order. */
async function eventWithAttendees(id: string, title: string, firstNames: string[]) {
  await e2e.db.insert(benefits).values({ id, title, slug: id, description: title });
  const startsAt = new Date(Date.now() + 20 * DAY);
  await e2e.db.insert(events).values({
    id,
    benefitId: id,
    title,
    bookingForm: 'dynamic',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 3_600_000),
  });
  const emails: string[] = [];
  for (const first of firstNames) {
    const email = await e2e.newMember(`msg-${first.toLowerCase()}-`, first);
    await reservePlace(e2e.db, { eventId: id, email, fullName: `${first} Member`, firstName: first });
    emails.push(email);
  }
  return emails;
}

async function adminPage(width: number): Promise<Page> {
  const context = await e2e.newContext(width);
  const email = await e2e.newAdmin('message-admin-', PASSWORD);
  await e2e.signInAdmin(context, email, PASSWORD);
  return context.newPage();
}

const arrived = (to: string, subject: string) =>
  received().find((m) => m.envelopeTo.includes(to) && m.parsed.subject === subject);

async function messageEvent(width: number, id: string, first: string, second: string) {
  const title = `Harbour Gala ${width}`;
  const [firstEmail, secondEmail] = (await eventWithAttendees(id, title, [first, second])) as [string, string];
  const subject = `Venue moved to Pier 3 (${width})`;
  const page = await adminPage(width);
  await page.goto(`/admin/events/${id}/attendees`);
  await page.getByRole('heading', { name: `Attendees: ${title}` }).waitFor();

  await page.getByRole('button', { name: 'Message attendees' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message attendees' });
  await dialog.getByLabel('To', { exact: true }).selectOption('confirmed');
  await dialog.getByLabel('Subject', { exact: true }).fill(subject);
  await dialog
    .getByLabel('Message', { exact: true })
    .fill('We now meet at <Pier 3>, five minutes from the old venue.\n\nSee you there!');
  const preview = page.getByTestId('message-preview');
  // The server renders it for the first attendee, by their real first name.
  await expect.poll(() => preview.innerText()).toContain(`Dear ${first},`);
  await expect.poll(() => preview.innerText()).toContain('We now meet at <Pier 3>');
  expect(await page.getByTestId('message-recipients').innerText()).toBe(
    `2 attendees will get it. Preview for ${first} Member:`,
  );
  await screenshot(page, `attendee-message-composer-${width}.png`, { fullPage: false });
  await expectNoViolations(page, `message composer at ${width} px`);

  await dialog.getByRole('button', { name: 'Send to 2 attendees...' }).click();
  await dialog.getByTestId('message-confirm').waitFor();
  await screenshot(page, `attendee-message-confirm-${width}.png`, { fullPage: false });
  await dialog.getByRole('button', { name: 'Send to 2 attendees', exact: true }).click();
  await page.getByTestId('toast').filter({ hasText: 'Message queued' }).last().waitFor();

  // Each attendee gets their own copy, greeted by name, the HTML part escaped, each with its own Message-ID.
  await expect.poll(() => Boolean(arrived(firstEmail, subject) && arrived(secondEmail, subject))).toBe(true);
  const a = arrived(firstEmail, subject);
  const b = arrived(secondEmail, subject);
  expect(a?.parsed.text).toMatch(new RegExp(`^Dear ${first},\\n\\nWe now meet at <Pier 3>`));
  expect(b?.parsed.text).toMatch(new RegExp(`^Dear ${second},`));
  expect(a?.parsed.html).toContain('&lt;Pier 3&gt;');
  expect(a?.parsed.messageId).not.toBe(b?.parsed.messageId);

  // The attendees page lists the message; its counts follow the outbox.
  const row = page.getByTestId('attendee-message-row').filter({ hasText: subject });
  await expect
    .poll(() => row.getByTestId('attendee-message-counts').innerText(), { timeout: 30_000, interval: 1000 })
    .toBe('2 sent');
  expect(await row.innerText()).toContain('Confirmed');
  await expectNoTextOverflow(page);
  await screenshot(page, `attendee-messages-${width}.png`);
  await expectNoViolations(page, `attendees page with its messages at ${width} px`);

  // Its link opens the Outbox on just its copies.
  await row.getByRole('link', { name: `2 mails of “${subject}” in the Outbox` }).click();
  await page.getByTestId('outbox-filter').filter({ hasText: subject }).waitFor();
  await expect.poll(() => page.getByTestId('outbox-row').count()).toBe(2);
  expect(await page.getByTestId('outbox-row').first().innerText()).toContain('Message to attendees');
  await screenshot(page, `attendee-message-outbox-${width}.png`);
}

describe('messages to attendees', () => {
  it('on a laptop: preview with a real name, send, the mails arrive, listed with counts and in the Outbox', async () => {
    await messageEvent(1280, 'msg-e2e-laptop', 'Nina', 'Omar');
  });

  it('on a 390 px phone', async () => {
    await messageEvent(390, 'msg-e2e-phone', 'Pia', 'Quinn');
  });
});
