import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Handing a place on (decision 057), on a phone: the sender offers from My bookings, the recipient opens
// the mailed link without being signed in, accepts, and lands on their bookings with their own pass.
const EVENT = 'transfer-e2e';
const e2e = setupE2e();

const holderOf = async () =>
  (
    await e2e.db
      .select({ email: bookings.email })
      .from(bookings)
      .where(and(eq(bookings.eventId, EVENT), eq(bookings.status, 'confirmed')))
  ).map((b) => b.email);

describe('Give my place to someone', () => {
  it('offers from My bookings and accepts from the link at 390 px', async () => {
    await createTestEvent(e2e.db, EVENT, {
      benefitTitle: 'Harbour Dinner',
      title: 'Harbour Dinner',
      capacity: 1,
      location: 'Marina Bay',
      startsAt: new Date(Date.now() + 10 * DAY),
    });
    const context = await e2e.newContext(390);
    const sender = await e2e.newMember('transfer-from-', 'Sam');
    const recipient = await e2e.newMember('transfer-to-', 'Rita');
    await e2e.signIn(context, sender);
    expect((await context.request.post(`/api/rsvp/${EVENT}`, { data: {} })).status()).toBe(201);

    const page = await context.newPage();
    const [mine] = await e2e.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.email, sender));
    await page.goto(`/bookings/${mine?.id}`);
    await page.getByTestId('give-place').waitFor();
    await screenshot(page, 'transfer-booking-page-390.png');
    await page.goto('/me');
    await page.getByTestId('give-place').click();
    await page.getByLabel('Their e-mail address').fill(recipient);
    await screenshot(page, 'transfer-offer-form-390.png');
    await page.getByRole('button', { name: 'Send offer' }).click();
    await page.getByTestId('transfer-open').waitFor();
    await screenshot(page, 'transfer-offer-open-390.png');
    await expectNoViolations(page, 'my bookings with an open offer at 390 px');
    expect(await holderOf()).toEqual([sender]);

    const mail = (await queuedMails(e2e.db, { purpose: 'transfer-offer', to: recipient })).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/transfer\/[\w-]+/)?.[0] ?? '';
    expect(link).toContain('/transfer/');

    const wide = await (await e2e.newContext(1280)).newPage();
    await wide.goto(new URL(link).pathname);
    await wide.getByTestId('transfer-accept-form').waitFor();
    await screenshot(wide, 'transfer-accept-1280.png');

    // The recipient, on a phone that never signed in.
    const theirs = await (await e2e.newContext(390)).newPage();
    await theirs.goto(new URL(link).pathname);
    await theirs.getByTestId('transfer-accept-form').waitFor();
    expect(await theirs.getByTestId('transfer-details').innerText()).toContain('Harbour Dinner');
    await theirs.getByLabel('First name').fill('Rita');
    await theirs.getByLabel('Last name').fill('Recipient');
    await screenshot(theirs, 'transfer-accept-390.png');
    await expectNoViolations(theirs, 'transfer accept at 390 px');
    await theirs.getByTestId('transfer-accept').click();
    await theirs.waitForURL('**/me');
    await theirs.getByTestId('my-booking').first().waitFor();
    expect(await theirs.getByTestId('my-booking-status').first().innerText()).toMatch(/confirmed/i);
    await screenshot(theirs, 'transfer-accepted-390.png');
    expect(await holderOf()).toEqual([recipient]);
    const width = await theirs.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The sender's card moved to the past, without a pass.
    await page.reload();
    await page.getByText('Transferred').waitFor();
    await screenshot(page, 'transfer-sender-after-390.png');
  });
});
