import { and, asc, eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MSG, CHANGE_CANCEL_LABEL } from '#common/bookings.ts';
import { formatSlot } from '#common/time-range.ts';
import { bookings, eventSlots, outboxJobs } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// The booking lifecycle (decision 005) in the browser: a full car-maker tour takes names for its waitlist and promotes the first in line when a
// place frees up; a member moves their concierge tour to another slot through CHANGE/CANCEL BOOKING, and cancels;
// an admin approves and declines bookings held for approval. Event data is the seed catalogue's.
const PASSWORD = 'correct-horse-battery-staple';
const TOUR = 'mclaren-tour'; // capacity 10
const TOUR_CAPACITY = 10;

const e2e = setupE2e();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await e2e.testContext());
});

const addMember = (tag: string, firstName = 'Pat') => e2e.newMember(`booking-${tag}-`, firstName);

/** A signed-in member in a browser context of their own; close it when done. */
async function otherMember(tag: string): Promise<{ ctx: BrowserContext; email: string }> {
  const ctx = await e2e.newContext();
  const email = await addMember(tag);
  await e2e.signIn(ctx, email);
  return { ctx, email };
}

/** A signed-in admin in a browser context of their own; close it when done. */
async function adminContext(): Promise<BrowserContext> {
  const ctx = await e2e.newContext();
  const email = await e2e.newAdmin('booking-admin-', PASSWORD);
  await e2e.signInAdmin(ctx, email, PASSWORD);
  return ctx;
}

/** The admin's RSVP configuration for a benefit (what the wizard's Save Configuration sends). */
async function configure(admin: BrowserContext, benefitId: string, slotConfig: Record<string, unknown>) {
  const res = await admin.request.post('/api/admin/rsvp-config', {
    data: {
      benefitId,
      configName: `${benefitId} bookings`,
      slotConfig,
      behavior: { allowEditing: true, editingWindowHours: 24 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const waitForPath = (p: Page, path: string | RegExp) =>
  p.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));

async function expectLabel(button: Locator, label: string, disabled: boolean) {
  await expect.poll(() => visibleText(button)).toBe(label);
  expect(await button.isDisabled(), `'${label}' disabled`).toBe(disabled);
}

async function expectToast(
  p: Page,
  title: string,
  description: string,
  variant: 'default' | 'destructive' = 'default',
) {
  // The toast reading this (the newest such): toasts stack (decision 011), an earlier one may still show.
  const toast = p
    .getByTestId('toast')
    .filter({ has: p.getByText(title, { exact: true }) })
    .filter({ has: p.getByText(description, { exact: true }) })
    .last();
  await toast.waitFor();
  expect(await toast.getAttribute('data-variant')).toBe(variant);
}

async function bookingsOf(eventId: string, email: string) {
  return e2e.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email)));
}

async function conciergeSlot(date: string, time: string) {
  const [slot] = await e2e.db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, 'ap-house'), eq(eventSlots.slotDate, date), eq(eventSlots.slotTime, time)));
  if (!slot) throw new Error(`no concierge slot ${date} ${time}`);
  return slot;
}

/** Books a concierge tour through the API as the signed-in member of `context`; answers the booking id. */
async function bookConcierge(email: string, selectedDate: string, timeSlot: string, guestCount: number) {
  const res = await context.request.post('/api/ap-house/rsvp', {
    data: {
      fullName: 'Cora Member',
      email,
      phoneNumber: '',
      selectedDate,
      timeSlot,
      bringingGuests: guestCount > 0 ? 'yes' : 'no',
      guestCount,
      totalAttendees: 1 + guestCount,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { bookingId: string }).bookingId;
}

async function settleImages(p: Page) {
  await p.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.race([
      Promise.all(images.map((img) => img.decode().catch(() => undefined))),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  });
}

describe('car-maker tour waitlist', () => {
  it('a member joins the full tour’s waitlist as #1 and is promoted (and mailed) when another member cancels', async () => {
    const admin = await adminContext();
    await configure(admin, TOUR, { allowWaitlist: true });
    await admin.close();

    // Nine places taken through the engine, the tenth by a member who will cancel through the API.
    for (let i = 0; i < TOUR_CAPACITY - 1; i++) {
      await reservePlace(e2e.db, { eventId: TOUR, email: await addMember(`tour-filler${i}`) });
    }
    const leaver = await otherMember('tour-leaver');
    const booked = await leaver.ctx.request.post(`/api/rsvp/${TOUR}`);
    expect(booked.status(), await booked.text()).toBe(201);
    const { bookingId: leaverBooking, status: leaverStatus } = (await booked.json()) as {
      bookingId: string;
      status: string;
    };
    expect(leaverStatus).toBe('confirmed');

    const email = await addMember('tour-waiter', 'Wes');
    await e2e.signInAs(email);
    await page.goto('/mclaren-tour');
    const root = page.getByTestId(`rsvp-${TOUR}`);
    const button = root.getByRole('button');
    await expect.poll(() => visibleText(root.getByTestId('remaining'))).toBe('No places left');
    await expectLabel(button, 'Join Waitlist', false);

    await button.click();
    await expectToast(page, 'Joined Waitlist', BOOKING_MSG.waitlisted(1));
    await expectLabel(button, 'On Waitlist · #1', true);
    await root.getByText('You are number 1 on the waitlist.', { exact: true }).waitFor();
    // A waitlisted member may always leave the line: the link goes to their booking page.
    const manage = root.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true });
    await manage.waitFor();
    const [mine] = await bookingsOf(TOUR, email);
    expect(mine?.status).toBe('waitlisted');
    expect(await manage.getAttribute('href')).toBe(`/bookings/${mine?.id}`);
    await settleImages(page);
    await screenshot(page, 'booking-waitlist-tour.png');

    // A second click is not possible, and a second POST is refused.
    const again = await context.request.post(`/api/rsvp/${TOUR}`);
    expect(again.status()).toBe(409);
    expect(await again.json()).toEqual({ error: BOOKING_MSG.alreadyWaitlisted, code: 'already_waitlisted' });

    const cancelled = await leaver.ctx.request.post(`/api/bookings/${leaverBooking}/cancel`, { data: {} });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    expect(await cancelled.json()).toEqual({ success: true, status: 'cancelled' });
    await leaver.ctx.close();

    await page.reload();
    await expectLabel(button, 'Spot Secured', true);
    expect(await root.getByText('You are number 1 on the waitlist.').count()).toBe(0);
    const [promoted] = await bookingsOf(TOUR, email);
    expect(promoted?.status).toBe('confirmed');

    const mails = await e2e.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, 'mail.send'))
      .orderBy(asc(outboxJobs.createdAt));
    const promotion = mails.filter((m) => m.payload.purpose === 'promoted' && m.payload.to === email);
    expect(promotion).toHaveLength(1);
  });
});

describe('CHANGE/CANCEL BOOKING', () => {
  const [fromDate, fromTime] = ['2031-09-29', '10:00am-11:00am'];
  const [toDate, toTime] = ['2031-09-30', '2:00pm-3:00pm'];

  it('books a concierge tour, follows the dashboard link, moves it to another slot with 1 guest, then cancels it', async () => {
    const email = await addMember('concierge', 'Cora');
    await e2e.signInAs(email);
    const fromBefore = (await conciergeSlot(fromDate, fromTime)).booked;
    const toBefore = (await conciergeSlot(toDate, toTime)).booked;

    await page.goto('/rsvp/ap-house');
    await page.getByLabel('Select Date', { exact: true }).selectOption(fromDate);
    await page.getByLabel('Select Time Slot', { exact: true }).selectOption(fromTime);
    await page
      .getByRole('group', { name: 'Are you bringing any guests?', exact: true })
      .getByRole('radio', { name: 'No', exact: true })
      .check();
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('toast').getByText('Tour Booked', { exact: true }).waitFor();
    await waitForPath(page, '/benefits');

    const tile = page.locator('[data-testid="benefit-tile"][data-benefit-id="ap-house"]');
    const link = tile.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true });
    await link.scrollIntoViewIfNeeded();
    await settleImages(page);
    await screenshot(page, 'booking-dashboard-tile.png', { fullPage: false });
    await link.click();
    await waitForPath(page, /^\/bookings\/[0-9a-f-]{36}$/);
    const [booking] = await bookingsOf('ap-house', email);
    expect(new URL(page.url()).pathname).toBe(`/bookings/${booking?.id}`);
    expect((await conciergeSlot(fromDate, fromTime)).booked).toBe(fromBefore + 1);

    await page.getByRole('heading', { name: 'Your booking', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'AP House Concierge Tour', exact: true }).waitFor();
    expect(await visibleText(page.getByTestId('booking-status'))).toBe('Confirmed');
    expect(await visibleText(page.getByTestId('booking-when'))).toBe('29 September 2031, 10:00–11:00 AM SGT');
    expect(await visibleText(page.getByTestId('booking-guests'))).toBe('0');
    expect(await visibleText(page.getByTestId('change-until'))).toMatch(
      /^You can change or cancel until \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [AP]M SGT\.$/,
    );

    const save = page.getByRole('button', { name: 'Save changes', exact: true });
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    const slotSelect = page.getByLabel('Move to another time slot', { exact: true });
    await slotSelect.selectOption({ label: `${formatSlot(toTime, toDate)} (${10 - toBefore} left)` });
    await page.getByLabel('Guests', { exact: true }).selectOption({ label: '1 guest' });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await page.waitForTimeout(300); // the button's colour transition, for the screenshot
    await screenshot(page, 'booking-page-desktop.png');
    await save.click();
    await expectToast(page, 'Booking Updated', BOOKING_MSG.changed);
    await expect.poll(() => visibleText(page.getByTestId('booking-when'))).toBe('30 September 2031, 2:00–3:00 PM SGT');
    expect(await visibleText(page.getByTestId('booking-guests'))).toBe('1');
    expect(await slotSelect.inputValue()).toBe((await conciergeSlot(toDate, toTime)).id);

    // The places moved with the booking: one left the old slot, two (member and guest) joined the new one.
    expect((await conciergeSlot(fromDate, fromTime)).booked).toBe(fromBefore);
    expect((await conciergeSlot(toDate, toTime)).booked).toBe(toBefore + 2);
    const [moved] = await bookingsOf('ap-house', email);
    expect(moved).toMatchObject({ status: 'confirmed', guestCount: 1, places: 2 });

    // The concierge page now shows the new slot and the same link.
    await page.goto('/rsvp/ap-house');
    await page.getByText('Your concierge tour is booked: 30 Sep, 2:00–3:00 PM SGT.', { exact: true }).waitFor();
    await page.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true }).click();
    await waitForPath(page, `/bookings/${booking?.id}`);

    // Cancel asks first; 'Keep booking' keeps it.
    const cancel = page.getByRole('button', { name: 'Cancel booking', exact: true });
    await cancel.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Cancel booking?', exact: true }).waitFor();
    await screenshot(page, 'booking-cancel-confirm.png', { fullPage: false });
    await dialog.getByRole('button', { name: 'Keep booking', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await bookingsOf('ap-house', email))[0]?.status).toBe('confirmed');

    await cancel.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel', exact: true }).click();
    await expectToast(page, 'Booking Cancelled', BOOKING_MSG.cancelled);
    await waitForPath(page, '/benefits');
    expect((await bookingsOf('ap-house', email))[0]?.status).toBe('cancelled');
    expect((await conciergeSlot(toDate, toTime)).booked).toBe(toBefore);
    await page.locator('[data-testid="benefit-tile"][data-benefit-id="ap-house"]').waitFor();
    expect(await page.getByRole('link', { name: CHANGE_CANCEL_LABEL }).count()).toBe(0);
  });

  it('fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = await addMember('concierge-phone', 'Cora');
    await e2e.signInAs(email);
    const bookingId = await bookConcierge(email, '2031-10-01', '11:00am-12:00pm', 2);
    await page.goto(`/bookings/${bookingId}`);
    await page.getByRole('button', { name: 'Save changes', exact: true }).waitFor();
    expect(await visibleText(page.getByTestId('booking-guests'))).toBe('2');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'booking-page-360.png');
  });

  it('outside the editing window, the link mails the partner contact and the page says why', async () => {
    const email = await addMember('late', 'Lee');
    await e2e.signInAs(email);
    const bookingId = await bookConcierge(email, '2031-10-02', '3:00pm-4:00pm', 0);
    // Its slot now starts in about 12 hours: the default window closed 24 hours before the start.
    const soon = new Date(Date.now() + 12 * 3_600_000 + 8 * 3_600_000); // Singapore's wall clock
    const hour = soon.getUTCHours();
    const clock = (h: number) => `${h % 12 || 12}:00${h < 12 ? 'am' : 'pm'}`;
    const [booked] = await e2e.db.select().from(bookings).where(eq(bookings.id, bookingId));
    await e2e.db
      .update(eventSlots)
      .set({ slotDate: soon.toISOString().slice(0, 10), slotTime: `${clock(hour)}-${clock((hour + 1) % 24)}` })
      .where(eq(eventSlots.id, booked?.slotId ?? ''));

    await page.goto(`/bookings/${bookingId}`);
    const contact = 'concierge@aphouse.example';
    await page.getByText(BOOKING_MSG.windowClosed(contact), { exact: true }).waitFor();
    const mail = page.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true });
    expect(await mail.getAttribute('href')).toBe(`mailto:${contact}`);
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    const refused = await context.request.post(`/api/bookings/${bookingId}/cancel`, { data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: BOOKING_MSG.windowClosed(contact), code: 'change_window_closed' });
  });
});

describe('booking window', () => {
  it('a form that is not open yet shows a disabled button with the opening date, and the POST is refused', async () => {
    const admin = await adminContext();
    await configure(admin, 'crypto-fight-night', { bookingWindowStart: '2099-01-01' });
    await admin.close();
    const email = await addMember('window', 'Win');
    await e2e.signInAs(email);
    await page.goto('/crypto-fight-night');
    const root = page.getByTestId('rsvp-crypto-fight-night');
    await expectLabel(root.getByRole('button'), 'NOT OPEN YET', true);
    const note = root.getByTestId('booking-state');
    await expect.poll(() => visibleText(note)).toMatch(/^Bookings for this event open on 1 January 2099/);
    const res = await context.request.post('/api/rsvp/crypto-fight-night');
    expect(res.status()).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe(await visibleText(note));
  });
});

describe('admin Bookings page', () => {
  it('lists bookings awaiting approval; Approve confirms one, Decline (after asking) declines another', async () => {
    const admin = await adminContext();
    await configure(admin, 'bryan-johnson', { restrictions: { requiresApproval: true } });

    const [first, second] = [await otherMember('approve-a'), await otherMember('approve-b')];
    for (const m of [first, second]) {
      const res = await m.ctx.request.post('/api/rsvp/bryan-johnson');
      expect(res.status(), await res.text()).toBe(201);
      expect(await res.json()).toMatchObject({ status: 'pending', message: BOOKING_MSG.pending });
    }

    // The member sees their booking held for approval, with the link to change or cancel it.
    await e2e.signInAs(first.email);
    await page.goto('/bryan-johnson');
    const root = page.getByTestId('rsvp-bryan-johnson');
    await expectLabel(root.getByRole('button'), 'AWAITING APPROVAL', true);
    await root.getByText(BOOKING_MSG.pending, { exact: true }).waitFor();
    await root.getByRole('link', { name: CHANGE_CANCEL_LABEL, exact: true }).waitFor();

    const adminPage = await admin.newPage();
    await adminPage.goto('/admin/bookings');
    await adminPage.getByRole('heading', { name: 'Bookings', exact: true }).waitFor();
    const nav = adminPage.getByRole('navigation', { name: 'Admin sections' });
    expect(await nav.getByRole('link', { name: 'Bookings' }).getAttribute('aria-current')).toBe('page');
    expect(await adminPage.getByLabel('Status', { exact: true }).inputValue()).toBe('pending');
    const rows = adminPage.getByTestId('booking-row');
    await expect.poll(() => rows.count()).toBe(2);
    const row = (email: string) => rows.filter({ hasText: email });
    expect(await visibleText(row(first.email))).toContain('Closed-Door Q&A with Bryan Johnson');
    expect(await visibleText(row(first.email))).toContain('Awaiting approval');
    await screenshot(adminPage, 'booking-admin-pending.png');

    await row(first.email)
      .getByRole('button', { name: `Approve ${first.email}` })
      .click();
    await expectToast(adminPage, 'Booking approved', `${first.email} · Closed-Door Q&A with Bryan Johnson`);
    await expect.poll(() => rows.count()).toBe(1);
    expect((await bookingsOf('bryan-johnson', first.email))[0]?.status).toBe('confirmed');

    await row(second.email)
      .getByRole('button', { name: `Decline ${second.email}` })
      .click();
    const dialog = adminPage.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Decline booking?', exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectToast(adminPage, 'Booking declined', `${second.email} · Closed-Door Q&A with Bryan Johnson`);
    await adminPage.getByText('No bookings awaiting approval', { exact: true }).waitFor();
    expect((await bookingsOf('bryan-johnson', second.email))[0]?.status).toBe('declined');

    await adminPage.getByLabel('Status', { exact: true }).selectOption('all');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    expect(await visibleText(row(first.email))).toContain('Confirmed');
    expect(await visibleText(row(second.email))).toContain('Declined');
    await screenshot(adminPage, 'booking-admin-all.png');

    // The approved member's page says so.
    await page.reload();
    await expectLabel(root.getByRole('button'), 'SPOT SECURED', true);

    for (const m of [first, second]) await m.ctx.close();
    await admin.close();
  });
});
