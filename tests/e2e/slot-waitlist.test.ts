import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MSG, CHANGE_CANCEL_LABEL } from '#common/bookings.ts';
import { formatInstant, DEFAULT_TIME_ZONE as SGT } from '#common/event-time.ts';
import { formatSlot } from '#common/time-range.ts';
import { bookings } from '../../src/server/db/schema.ts';
import { windowInstant } from '../../src/server/features/booking-rules/booking-policy.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { findSlot } from '../../src/server/features/rsvp/event-slots.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Booking rules of a deployed configuration, seen in the browser: a dynamic form's full slot takes names for its
// waitlist, and the evening page holds a booking for approval or stays shut until its booking window opens.
// The dynamic form is built from the demo yacht-brunch sheets (Tab 2: 12, 12 and 8 places).
const PASSWORD = 'correct-horse-battery-staple';
const SHEET_URL = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const FORM = 'after2049';
const FULL_SLOT = '1:00pm-2:00pm'; // 8 places
const OPEN_SLOTS = ['11:00am-12:00pm', '12:00pm-1:00pm'];
const EVENING = 'sap-night';

const e2e = setupE2e();
let page: Page;

beforeEach(async () => {
  ({ page } = await e2e.testContext());
});

let adminCtx: BrowserContext | undefined;

/** One signed-in admin for the file (the fixture closes the context when the file ends). */
async function admin(): Promise<BrowserContext> {
  if (!adminCtx) {
    adminCtx = await e2e.newContext();
    await e2e.signInAdmin(adminCtx, await e2e.newAdmin('waitlist-admin-', PASSWORD), PASSWORD);
  }
  return adminCtx;
}

/** Saves a configuration for `benefitId` and deploys it, as the wizard does: Tab 2 is imported, older ones retire. */
async function deploy(benefitId: string, body: Record<string, unknown>) {
  const saved = await (await admin()).request.post('/api/admin/rsvp-config', {
    data: { benefitId, configName: `${benefitId} e2e`, isActive: false, ...body },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  const deployed = await (await admin()).request.post(`/api/admin/rsvp-config/${id}/deploy`, { data: {} });
  expect(deployed.status(), await deployed.text()).toBe(200);
}

/** The button's label and state, once its colour transition has run (so a screenshot shows the final colour). */
async function expectButton(button: Locator, label: string, disabled: boolean) {
  await expect.poll(async () => (await button.innerText()).trim()).toBe(label);
  expect(await button.isDisabled(), `'${label}' disabled`).toBe(disabled);
  await button.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
}

const toastWith = (p: Page, title: string, description: string) =>
  p.getByTestId('toast').filter({ hasText: title }).getByText(description, { exact: true }).waitFor();

const bookingOf = async (eventId: string, email: string) =>
  (
    await e2e.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email)))
  )[0];

describe('dynamic form: a full slot takes names for its waitlist', () => {
  it('lists the full slot as "join the waitlist", relabels the button, books waitlisted and shows the position', async () => {
    const processed = await (await admin()).request.post('/api/sheets/process', {
      data: { tab1Url: SHEET_URL, tab1Name: 'Form Submissions', tab2Url: SHEET_URL, tab2Name: 'Slot Logic' },
    });
    expect(processed.status(), await processed.text()).toBe(200);
    const { tab1Headers } = (await processed.json()) as { tab1Headers: unknown[] };
    await deploy(FORM, {
      formFields: tab1Headers,
      slotConfig: { hasSlots: true, slotField: 'timeSlot', allowWaitlist: true, showRemainingCount: false },
      sheetMapping: { tab2Url: SHEET_URL, tab2Name: 'Slot Logic' },
    });

    // Other members take the slot's 8 places through the engine (each with one guest).
    const eventId = dynamicEventId(FORM);
    const slot = await findSlot(e2e.db, eventId, FULL_SLOT);
    if (!slot) throw new Error(`no slot ${FULL_SLOT}`);
    for (let i = 0; i < slot.capacity / 2; i++) {
      const placed = await reservePlace(e2e.db, {
        eventId,
        email: await e2e.newMember(`waitlist-filler${i}-`, 'Fil'),
        slotId: slot.id,
        guestCount: 1,
      });
      expect(placed.booking.status).toBe('confirmed');
    }

    const email = await e2e.signInAs(await e2e.newMember('waitlist-member-', 'Wes'));
    await page.goto(`/rsvp/${FORM}`);
    const form = page.locator('form');
    await form.getByLabel('Full Name *').fill('Wes Member');
    await form.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
    const select = form.getByLabel('Time Slot');
    const submit = form.locator('button[type="submit"]');
    await expect
      .poll(async () => (await select.locator('option').allTextContents()).map((t) => t.trim()))
      .toEqual([
        'Choose a time',
        ...OPEN_SLOTS.map((s) => formatSlot(s)),
        `${formatSlot(FULL_SLOT)} (full: join the waitlist)`,
      ]);
    await expectButton(submit, 'SUBMIT', false);

    await select.selectOption(FULL_SLOT);
    await expectButton(submit, 'JOIN WAITLIST', false);
    await select.selectOption(OPEN_SLOTS[0] as string);
    await expectButton(submit, 'SUBMIT', false);
    await select.selectOption(FULL_SLOT);
    await expectButton(submit, 'JOIN WAITLIST', false);
    await screenshot(page, 'waitlist-dynamic-full-slot.png');

    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/rsvp/dynamic/${FORM}`,
    );
    await submit.click();
    const res = await answered;
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({
      success: true,
      status: 'waitlisted',
      waitlistPosition: 1,
      message: BOOKING_MSG.slotWaitlisted(1),
    });
    await toastWith(page, 'Joined Waitlist', BOOKING_MSG.slotWaitlisted(1));
    await page.getByRole('status').getByText(BOOKING_MSG.slotWaitlisted(1), { exact: true }).waitFor();
    const mine = await bookingOf(eventId, email);
    expect(mine).toMatchObject({ status: 'waitlisted', slotId: slot.id, places: 1 });
    const manage = page.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true });
    await manage.waitFor();
    expect(await manage.getAttribute('href')).toBe(`/bookings/${mine?.id}`);
    expect((await findSlot(e2e.db, eventId, FULL_SLOT))?.booked).toBe(slot.capacity); // a waitlist place holds none
    await screenshot(page, 'waitlist-dynamic-joined.png');

    // On a later visit the member's booking says where they stand.
    await page.reload();
    await page.getByTestId('booking-state').getByText('You are number 1 on the waitlist.', { exact: true }).waitFor();
    await manage.waitFor();
    expect(await form.count()).toBe(0);
    await screenshot(page, 'waitlist-dynamic-revisit.png');
  });
});

describe('evening page rules', () => {
  const question = () => page.getByRole('group', { name: 'Joining the AP house tour before SAP evening?' });
  const submit = () => page.locator('form button[type="submit"]');

  it('with approval required, the submission is held: AWAITING APPROVAL with CHANGE/CANCEL BOOKING', async () => {
    await deploy(EVENING, {
      slotConfig: { restrictions: { requiresApproval: true } },
      behavior: { allowEditing: true, editingWindowHours: 24 },
    });
    const email = await e2e.signInAs(await e2e.newMember('approval-', 'Abe'));
    await page.goto(`/rsvp/${EVENING}`);
    await expectButton(submit(), 'SUBMIT', false);
    await question().getByRole('radio', { name: 'No', exact: true }).check();
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/rsvp/${EVENING}`,
    );
    await submit().click();
    const res = await answered;
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'pending', message: BOOKING_MSG.pending });
    await toastWith(page, 'Request Received', BOOKING_MSG.pending);
    await page.waitForURL((u) => u.pathname === '/benefits');

    await page.goto(`/rsvp/${EVENING}`);
    await expectButton(submit(), 'AWAITING APPROVAL', true);
    expect((await page.getByTestId('booking-state').innerText()).trim()).toBe(BOOKING_MSG.pending);
    const mine = await bookingOf(EVENING, email);
    expect(mine?.status).toBe('pending');
    const manage = page.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true });
    expect(await manage.getAttribute('href')).toBe(`/bookings/${mine?.id}`);
    expect(await page.getByRole('link', { name: 'Add To Calendar' }).count()).toBe(0);
    await screenshot(page, 'evening-awaiting-approval.png');
  });

  it('before the booking window opens, the button is disabled and says when it opens', async () => {
    await deploy(EVENING, { slotConfig: { bookingWindowStart: '2099-01-01' } });
    await e2e.signInAs(await e2e.newMember('window-', 'Win'));
    await page.goto(`/rsvp/${EVENING}`);
    await expectButton(submit(), 'NOT OPEN YET', true);
    const message = BOOKING_MSG.notYetOpen(formatInstant(windowInstant('2099-01-01', 'start', SGT) as Date, SGT));
    await expect.poll(async () => (await page.getByTestId('booking-state').innerText()).trim()).toBe(message);
    expect(await page.getByRole('link', { name: CHANGE_CANCEL_LABEL }).count()).toBe(0);
    await screenshot(page, 'evening-not-open-yet.png');
  });
});
