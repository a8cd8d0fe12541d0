import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookings, dynamicSubmissions } from '../../src/server/db/schema.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { screenshot } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { setupE2e } from './support/suite.ts';

// Decision 018: an admin's Add booking asks the event's live form's questions, as the member's form does, and the
// answers land with the booking in the attendees list; on a laptop and on a 390 px phone.
const PASSWORD = 'attendee-answers-password';
const FORM = 'after2049';
const SLOT = '11:00am-12:00pm';
const e2e = setupE2e();
let adminCtx: BrowserContext | undefined;

async function admin(): Promise<BrowserContext> {
  if (!adminCtx) {
    adminCtx = await e2e.newContext();
    await e2e.signInAdmin(adminCtx, await e2e.newAdmin('answers-admin-', PASSWORD), PASSWORD);
  }
  return adminCtx;
}

async function addWithAnswers(width: number, tag: string) {
  const email = await e2e.newMember(`answers-${tag}-`, 'Ann');
  const page: Page = await e2e.newContext(width).then(async (context) => {
    await e2e.signInAdmin(context, await e2e.newAdmin(`answers-admin-${tag}-`, PASSWORD), PASSWORD);
    return context.newPage();
  });
  await page.goto(`/admin/events/${encodeURIComponent(dynamicEventId(FORM))}/attendees`);
  await page.getByRole('button', { name: 'Add booking' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel("Member's e-mail").fill(email);
  await dialog.getByRole('button', { name: 'Next: the form' }).click();
  expect(await dialog.getByLabel('Email *').inputValue()).toBe(email); // filled in, as the member's own form is
  const submit = dialog.locator('button[type="submit"]');
  await submit.waitFor();
  // The member form's own checks: nothing answered, the required fields are named.
  await submit.click();
  await page.getByTestId('toast').filter({ hasText: 'Form Validation Error' }).last().waitFor();
  await dialog.getByText('RSVP', { exact: false }).first().waitFor();
  await screenshot(page, `attendees-add-answers-invalid-${width}.png`, { fullPage: false });

  const name = `Ann ${tag} Answered`;
  await dialog.getByLabel('Full Name *').fill(name);
  await dialog.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
  await dialog.getByLabel('Time Slot').selectOption(SLOT);
  const [dietary] = await dialog.getByLabel('Dietary Requirements').selectOption({ index: 1 });
  await screenshot(page, `attendees-add-answers-${width}.png`, { fullPage: false });
  await submit.click();
  await page.getByTestId('toast').filter({ hasText: 'Booking added' }).last().waitFor();

  const [booking] = await e2e.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, dynamicEventId(FORM)), eq(bookings.email, email)));
  expect(booking).toMatchObject({ status: 'confirmed', fullName: name });
  expect(booking?.data).toMatchObject({ dietaryRequirements: dietary, timeSlot: SLOT });
  const stored = await e2e.db
    .select()
    .from(dynamicSubmissions)
    .where(eq(dynamicSubmissions.bookingId, booking?.id ?? ''));
  expect(stored).toHaveLength(1);
  await page.getByLabel('Search').fill(tag);
  await page.getByTestId('attendee-row').filter({ hasText: name }).first().waitFor();
  await screenshot(page, `attendees-add-answers-listed-${width}.png`);
}

describe('Add booking with the live form', () => {
  it('asks the form, refuses missing answers, and lists the answers with the booking, at 1280 and 390 px', async () => {
    await deployDemoForm((await admin()).request, FORM, 'answers e2e');
    await addWithAnswers(1280, 'wide');
    await addWithAnswers(390, 'phone');
  });
});
