import { and, count, eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatSlot } from '#common/time-range.ts';
import { bookings, eventSlots, events } from '../../src/server/db/schema.ts';
import { hotCache } from '../../src/server/lib/hot-cache.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// docs/spec/admin-and-rsvp.md §2 (evening, concierge and car-maker tour pages), §5 (evening and concierge
// validation), §8 (errors) and §9 (constants). Slots, capacities and calendar times are the
// seed catalogue's (src/server/db/seed/catalogue.ts).
const EVENING_QUESTION = 'Joining the AP house tour before SAP evening?';
const EVENING_TOUR_ERROR = 'Please select tour preference and time slot when requesting tour';
const EVENING_SLOTS = ['5:00pm-5:30pm', '5:30pm-6:00pm', '6:00pm-6:30pm', '6:30pm-7:00pm'];
const TOUR_SLOTS = ['10:00am-11:00am', '11:00am-12:00pm', '2:00pm-3:00pm', '3:00pm-4:00pm', '4:00pm-5:00pm'];
const SLOT_FULL = 'Sorry, this time slot is full. Please choose another.';
const SOLD_OUT = 'Sorry, this event is sold out.';

const e2e = setupE2e();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await e2e.testContext());
});

/** A fresh member per test (the server and database are shared by the whole file). */
const addMember = (tag: string, firstName = 'Pat') => e2e.newMember(`pages-${tag}-`, firstName);

const signInAs = async (tag: string, firstName?: string) => e2e.signInAs(await addMember(tag, firstName));

/** A second signed-in member in a browser context of their own; close it when done. */
async function otherMember(tag: string): Promise<{ ctx: BrowserContext; page: Page; email: string }> {
  const ctx = await e2e.newContext();
  const email = await addMember(tag);
  await e2e.signIn(ctx, email);
  return { ctx, page: await ctx.newPage(), email };
}

const pathOf = (p: Page) => new URL(p.url()).pathname;
const waitForPath = (p: Page, path: string) => p.waitForURL((url) => url.pathname === path);
const isPost = (r: Request, path: string) => r.method() === 'POST' && new URL(r.url()).pathname === path;

/** Every member page shows the e-mail upper-cased and LOGOUT (docs/spec/admin-and-rsvp.md §2). */
async function expectMemberHeader(p: Page, email: string) {
  await p.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();
  expect(await p.getByRole('banner').getByRole('button', { name: 'LOGOUT', exact: true }).isVisible()).toBe(true);
}

async function expectLabel(button: Locator, label: string, disabled: boolean) {
  await expect.poll(() => visibleText(button)).toBe(label);
  expect(await button.isDisabled(), `'${label}' disabled`).toBe(disabled);
}

/** The text of a select's options, as a member reads them. */
async function optionTexts(select: Locator): Promise<string[]> {
  return (await select.locator('option').allTextContents()).map((t) => t.trim());
}

/** A toast with this title and description (and only one toast on screen). */
async function expectToast(p: Page, title: string, description: string, variant: 'default' | 'destructive') {
  const toast = p.getByTestId('toast');
  await toast.getByText(title, { exact: true }).waitFor();
  await toast.getByText(description, { exact: true }).waitFor();
  expect(await toast.count()).toBe(1);
  expect(await toast.getAttribute('data-variant')).toBe(variant);
}

/** The web-calendar template link with the stored event data (docs/spec/admin-and-rsvp.md §9 for the times). */
async function expectCalendarLink(
  link: Locator,
  want: { text: string; details: string; location: string; dates: string },
) {
  const url = new URL((await link.getAttribute('href')) ?? '');
  expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
  expect(Object.fromEntries(url.searchParams)).toEqual({ action: 'TEMPLATE', ...want });
  expect(await link.getAttribute('target')).toBe('_blank');
}

/** Holds the page's POST to `path` until `release()` is called, so a pending label can be seen. */
async function holdPost(p: Page, path: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await p.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() === 'POST') await gate;
      await route.continue();
    },
  );
  return release;
}

/** Waits for the page's artwork so full-page screenshots show it. */
async function settleImages(p: Page) {
  await p.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    const loaded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 5000))]);
  });
}

/** Nothing wider than the phone's viewport: no sideways scrolling. */
async function expectNoSidewaysScroll(p: Page, width: number) {
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function bookingsOf(eventId: string, email?: string) {
  const where = email ? and(eq(bookings.eventId, eventId), eq(bookings.email, email)) : eq(bookings.eventId, eventId);
  return e2e.db.select().from(bookings).where(where);
}

async function bookingCount(eventId: string): Promise<number> {
  const [row] = await e2e.db.select({ n: count() }).from(bookings).where(eq(bookings.eventId, eventId));
  return Number(row?.n ?? 0);
}

async function capacityOf(eventId: string): Promise<number | null> {
  const [row] = await e2e.db.select({ capacity: events.capacity }).from(events).where(eq(events.id, eventId));
  return row?.capacity ?? null;
}

// Writes straight to the database bypass the app, so they drop its short read cache by hand.
const setCapacity = async (eventId: string, capacity: number | null) => {
  await e2e.db.update(events).set({ capacity }).where(eq(events.id, eventId));
  hotCache(e2e.db).invalidate(eventId);
};

async function conciergeSlot(date: string, time: string) {
  const [slot] = await e2e.db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, 'ap-house'), eq(eventSlots.slotDate, date), eq(eventSlots.slotTime, time)));
  if (!slot) throw new Error(`no concierge slot ${date} ${time}`);
  return slot;
}

// ---- evening ------------------------------------------------------------------------

function evening(p: Page) {
  const question = p.getByRole('group', { name: EVENING_QUESTION, exact: true });
  return {
    question,
    yes: question.getByRole('radio', { name: 'Yes', exact: true }),
    no: question.getByRole('radio', { name: 'No', exact: true }),
    slot: p.getByLabel('Select Time Slot', { exact: true }),
    submit: p.locator('form button[type="submit"]'),
    calendar: p.getByRole('link', { name: 'Add To Calendar', exact: true }),
    hidden: (name: string) => p.locator(`form input[type="hidden"][name="${name}"]`),
  };
}

describe('evening RSVP page', () => {
  it('asks about the tour, lists the slots on Yes, requires a slot, and No hides and clears the select', async () => {
    const email = await signInAs('evening-form', 'Eve');
    await page.goto('/rsvp/sap-night');
    await expectMemberHeader(page, email);
    const form = evening(page);
    await form.question.waitFor();
    await expectLabel(form.submit, 'SUBMIT', false);

    // Hidden name, email and rsvpStatus fields (docs/spec/admin-and-rsvp.md §2).
    await expect.poll(() => form.hidden('fullName').inputValue()).toBe('Eve Member');
    expect(await form.hidden('email').inputValue()).toBe(email);
    expect(await form.hidden('rsvpStatus').inputValue()).toBe('yes');

    const posts: Request[] = [];
    page.on('request', (r) => {
      if (isPost(r, '/api/rsvp/sap-night')) posts.push(r);
    });

    // Yes shows the seeded slots with their remaining places.
    expect(await form.slot.count()).toBe(0);
    expect(await form.question.getByRole('alert').count()).toBe(0);
    await form.yes.click();
    await page.getByText('Select Time Slot', { exact: true }).waitFor();
    await form.slot.waitFor();
    expect(await optionTexts(form.slot)).toEqual([
      'Choose a time',
      ...EVENING_SLOTS.map((s) => `${formatSlot(s)} (10 left)`),
    ]);
    expect(await form.slot.inputValue()).toBe('');

    // Yes without a slot is refused on the page.
    await form.submit.click();
    const alert = form.question.getByRole('alert');
    await alert.getByText(EVENING_TOUR_ERROR, { exact: true }).waitFor();
    expect(await visibleText(alert)).toBe(EVENING_TOUR_ERROR);
    expect(posts).toHaveLength(0);
    expect(pathOf(page)).toBe('/rsvp/sap-night');

    // No answer at all (on a fresh page): the tour preference is required too.
    await page.reload();
    await expectLabel(form.submit, 'SUBMIT', false);
    expect(await form.question.getByRole('alert').count()).toBe(0);
    await form.submit.click();
    await form.question.getByRole('alert').getByText(EVENING_TOUR_ERROR, { exact: true }).waitFor();
    expect(posts).toHaveLength(0);

    // No hides the select and clears the slot: Yes again shows an empty choice.
    await form.yes.click();
    await form.slot.selectOption('5:30pm-6:00pm');
    expect(await form.slot.inputValue()).toBe('5:30pm-6:00pm');
    await form.no.click();
    await form.slot.waitFor({ state: 'detached' });
    expect(await page.getByText('Select Time Slot', { exact: true }).count()).toBe(0);
    await form.yes.click();
    await form.slot.waitFor();
    expect(await form.slot.inputValue()).toBe('');

    // Booking with No sends no slot and lands on /benefits.
    await form.no.click();
    await form.slot.waitFor({ state: 'detached' });
    const sent = page.waitForRequest((r) => isPost(r, '/api/rsvp/sap-night'));
    await form.submit.click();
    expect((await sent).postDataJSON()).toEqual({
      fullName: 'Eve Member',
      email,
      rsvpStatus: 'yes',
      tourRequested: 'no',
      timeSlot: '',
    });
    await waitForPath(page, '/benefits');
    const [row] = await bookingsOf('sap-night', email);
    expect(row?.slotId).toBeNull();
    expect(row?.data).toMatchObject({ rsvpStatus: 'yes', tourRequested: 'no', timeSlot: null });
  });

  it("books Yes + '5:00pm-5:30pm': SUBMITTING..., /benefits, then SUBMITTED with the calendar link; another member sees 9 left", async () => {
    const email = await signInAs('evening-book', 'Eve');
    await page.goto('/rsvp/sap-night');
    await expectMemberHeader(page, email);
    const form = evening(page);
    await expectLabel(form.submit, 'SUBMIT', false);
    expect(await form.calendar.count()).toBe(0);

    await form.yes.click();
    await form.slot.selectOption('5:00pm-5:30pm');
    const release = await holdPost(page, '/api/rsvp/sap-night');
    const sent = page.waitForRequest((r) => isPost(r, '/api/rsvp/sap-night'));
    await form.submit.click();
    await expectLabel(form.submit, 'SUBMITTING...', true);
    expect((await sent).postDataJSON()).toEqual({
      fullName: 'Eve Member',
      email,
      rsvpStatus: 'yes',
      tourRequested: 'yes',
      timeSlot: '5:00pm-5:30pm',
    });
    release();
    await waitForPath(page, '/benefits');

    const [row] = await bookingsOf('sap-night', email);
    expect(row?.data).toMatchObject({ tourRequested: 'yes', timeSlot: '5:00pm-5:30pm' });
    const [slot] = await e2e.db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.id, row?.slotId ?? ''));
    expect(slot?.slotTime).toBe('5:00pm-5:30pm');
    expect(slot?.booked).toBe(1);

    // Back on the page: SUBMITTED, disabled, and Add To Calendar for 1 October 7-10 PM (11:00-14:00 UTC).
    await page.goto('/rsvp/sap-night');
    await expectLabel(form.submit, 'SUBMITTED', true);
    await form.calendar.waitFor();
    await expectCalendarLink(form.calendar, {
      text: 'SAP Night at AP House',
      details: 'A private evening for Special Access Pass holders at AP House.',
      location: 'AP House Singapore',
      dates: '20311001T110000Z/20311001T140000Z',
    });
    // What was booked, not the empty Yes/No again: the evening's time and, apart, its tour.
    const booked = page.getByTestId('booked-summary');
    expect(await visibleText(booked.getByTestId('booked-when'))).toBe('1 October 2031, 7:00–10:00 PM SGT');
    expect(await visibleText(booked.getByTestId('booked-extra'))).toBe('5:00–5:30 PM SGT');
    expect(await form.question.count()).toBe(0);
    await settleImages(page);
    await screenshot(page, 'evening-booked-1280.png');
    await page.setViewportSize({ width: 390, height: 740 });
    await screenshot(page, 'evening-booked-390.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Its booking page says the slot is the tour, and when the evening is.
    await page.getByTestId('manage-booking').click();
    await page.getByTestId('booking-extra').waitFor();
    expect(await visibleText(page.getByTestId('booking-extra'))).toBe('5:00–5:30 PM SGT');
    expect(await visibleText(page.getByTestId('booking-when'))).toBe('1 October 2031, 7:00–10:00 PM SGT');
    await screenshot(page, 'evening-booking-page-1280.png');

    // The server refuses a second booking with the spec's text.
    const again = await context.request.post('/api/rsvp/sap-night', {
      data: { fullName: 'Eve Member', email, rsvpStatus: 'yes', tourRequested: 'no', timeSlot: '' },
    });
    expect(again.status()).toBe(409);
    expect(await again.json()).toEqual({
      error: "You had already RSVP'd! Email events@aphouse.example to make any changes to your booking.",
      code: 'already_booked',
    });
    expect(await bookingsOf('sap-night', email)).toHaveLength(1);

    // Another member sees one place fewer on that slot.
    const other = await otherMember('evening-other');
    try {
      await other.page.goto('/rsvp/sap-night');
      const otherForm = evening(other.page);
      await expectLabel(otherForm.submit, 'SUBMIT', false);
      await otherForm.yes.click();
      await otherForm.slot.waitFor();
      expect(await optionTexts(otherForm.slot)).toEqual([
        'Choose a time',
        '5:00–5:30 PM SGT (9 left)',
        ...EVENING_SLOTS.slice(1).map((s) => `${formatSlot(s)} (10 left)`),
      ]);
      await settleImages(other.page);
      await screenshot(other.page, 'evening-desktop.png');
    } finally {
      await other.ctx.close();
    }
  });

  it('shows the evening page on /sap-night (redirected to /rsvp/sap-night) and on /rsvp, also at 360 px', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = await signInAs('evening-routes', 'Eve');

    await page.goto('/sap-night');
    await waitForPath(page, '/rsvp/sap-night');
    await evening(page).question.waitFor();

    await page.goto('/rsvp');
    const form = evening(page);
    await form.question.waitFor();
    expect(pathOf(page)).toBe('/rsvp');
    await expectMemberHeader(page, email);
    await page.getByRole('heading', { name: 'SAP Night at AP House', exact: true }).waitFor();
    await expectLabel(form.submit, 'SUBMIT', false);
    await form.yes.click();
    await form.slot.waitFor();

    const [submitBox, slotBox] = [await form.submit.boundingBox(), await form.slot.boundingBox()];
    expect((submitBox?.x ?? -1) >= 0 && (submitBox?.x ?? 0) + (submitBox?.width ?? 0) <= 360).toBe(true);
    expect((slotBox?.x ?? -1) >= 0 && (slotBox?.x ?? 0) + (slotBox?.width ?? 0) <= 360).toBe(true);
    await expectNoSidewaysScroll(page, 360);
    await settleImages(page);
    await screenshot(page, 'evening-360.png');
  });

  it("answers a submission from a tab opened before the booking with the Already RSVP'd toast", async () => {
    const email = await signInAs('evening-tabs', 'Eve');
    const stale = await context.newPage();
    await stale.goto('/rsvp/sap-night');
    const staleForm = evening(stale);
    await expectLabel(staleForm.submit, 'SUBMIT', false);

    await page.goto('/rsvp/sap-night');
    const form = evening(page);
    await form.no.click();
    await form.submit.click();
    await waitForPath(page, '/benefits');

    await staleForm.no.click();
    await staleForm.submit.click();
    const toast = stale.getByTestId('toast');
    // docs/spec/admin-and-rsvp.md §8's title, straight apostrophe and all.
    await toast.getByText(/^Already RSVP'd$/).waitFor();
    await toast
      .getByText("You had already RSVP'd! Email events@aphouse.example to make any changes to your booking.", {
        exact: true,
      })
      .waitFor();
    // Decision 023: holding the place is the done state, not a failure: no red toast, and the page says SUBMITTED.
    expect(await toast.getAttribute('data-variant')).toBe('default');
    expect(pathOf(stale)).toBe('/rsvp/sap-night');
    expect(await bookingsOf('sap-night', email)).toHaveLength(1);
    await expectLabel(staleForm.submit, 'SUBMITTED', true);
    await stale.reload();
    await expectLabel(staleForm.submit, 'SUBMITTED', true);
  });

  it("shows a disabled 'SLOTS ARE FULL' to a fresh member once the event is at capacity", async () => {
    const original = await capacityOf('sap-night');
    expect(original).toBe(150);
    const email = await signInAs('evening-full', 'Eve');
    await page.goto('/rsvp/sap-night');
    const form = evening(page);
    await expectLabel(form.submit, 'SUBMIT', false);
    try {
      await setCapacity('sap-night', await bookingCount('sap-night'));
      // The count polls every 10 s; a reload asks at once.
      await page.reload();
      await expectLabel(form.submit, 'SLOTS ARE FULL', true);
      expect(await form.calendar.count()).toBe(0);

      // The server agrees.
      const res = await context.request.post('/api/rsvp/sap-night', {
        data: { fullName: 'Eve Member', email, rsvpStatus: 'yes', tourRequested: 'no', timeSlot: '' },
      });
      expect(res.status()).toBe(409);
      expect(await res.json()).toEqual({ error: SOLD_OUT, code: 'sold_out' });
      expect(await bookingsOf('sap-night', email)).toHaveLength(0);
    } finally {
      await setCapacity('sap-night', original);
    }
  });
});

// ---- concierge ------------------------------------------------------------------------

function concierge(p: Page) {
  const guests = p.getByRole('group', { name: 'Are you bringing any guests?', exact: true });
  return {
    date: p.getByLabel('Select Date', { exact: true }),
    slot: p.getByLabel('Select Time Slot', { exact: true }),
    guests,
    guestsYes: guests.getByRole('radio', { name: 'Yes', exact: true }),
    guestsNo: guests.getByRole('radio', { name: 'No', exact: true }),
    guestCount: p.getByLabel('How many guests are you bringing?', { exact: true }),
    submit: p.locator('form button[type="submit"]'),
    submitted: p.getByRole('button', { name: 'SUBMITTED', exact: true }),
    refresh: p.getByRole('button', { name: 'Refresh availability' }),
    calendar: p.getByRole('link', { name: 'Add To Calendar', exact: true }),
  };
}

/** The concierge time-slot option that starts with `time`. */
const slotOption = (p: Page, time: string) => concierge(p).slot.locator('option', { hasText: `${formatSlot(time)} (` });

describe('concierge tour page', () => {
  it("requires a date, a slot and a guest answer; the guest count says 'Max 4' and only moves with the arrows", async () => {
    const email = await signInAs('concierge-form', 'Cora');
    await page.goto('/rsvp/ap-house-tours');
    await expectMemberHeader(page, email);
    const form = concierge(page);
    await form.date.waitFor();
    await expectLabel(form.submit, 'SUBMIT', false);
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Cora Member');

    const posts: Request[] = [];
    page.on('request', (r) => {
      if (isPost(r, '/api/ap-house/rsvp')) posts.push(r);
    });
    await form.submit.click();
    for (const message of ['Please select a date', 'Please select a time slot', 'Please select Yes or No for guests']) {
      await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
    }
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      'Please select a date',
      'Please select a time slot',
      'Please select Yes or No for guests',
    ]);
    expect(posts).toHaveLength(0);

    // Five days, then the chosen day's hourly slots with ten places each.
    expect(
      await form.date.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['', '2031-09-29', '2031-09-30', '2031-10-01', '2031-10-02', '2031-10-03']);
    expect(await form.slot.isDisabled()).toBe(true);
    await form.date.selectOption('2031-09-29');
    await expect
      .poll(() => optionTexts(form.slot))
      .toEqual(['Choose a time', ...TOUR_SLOTS.map((s) => `${formatSlot(s)} (10 left)`)]);
    await form.slot.selectOption('10:00am-11:00am');

    expect(await form.guestCount.count()).toBe(0);
    await form.guestsYes.click();
    await form.guestCount.waitFor();
    await page.getByText('Max 4', { exact: true }).waitFor();
    expect(await form.guestCount.getAttribute('type')).toBe('number');
    expect(await form.guestCount.getAttribute('max')).toBe('4');
    expect(await form.guestCount.getAttribute('min')).toBe('1');
    expect(await form.guestCount.inputValue()).toBe('1');

    // Typed characters are ignored; the arrows work and stop at 4 and 1.
    await form.guestCount.click();
    await page.keyboard.press('9');
    expect(await form.guestCount.inputValue()).toBe('1');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3x');
    expect(await form.guestCount.inputValue()).toBe('1');
    await page.keyboard.press('ArrowUp');
    expect(await form.guestCount.inputValue()).toBe('2');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
    expect(await form.guestCount.inputValue()).toBe('4');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    expect(await form.guestCount.inputValue()).toBe('1');
    await page.keyboard.press('ArrowUp');
    expect(await form.guestCount.inputValue()).toBe('2');

    await settleImages(page);
    await screenshot(page, 'concierge-desktop.png');
    expect(posts).toHaveLength(0);
  });

  it('books 2 guests: another member sees the slot drop by 3, the page goes to /benefits after ~1.5 s, and the booking shows on return', async () => {
    const [date, time] = ['2031-09-30', '2:00pm-3:00pm'];
    const other = await otherMember('concierge-other');
    try {
      await other.page.goto('/rsvp/ap-house');
      await concierge(other.page).date.selectOption(date);
      await expect.poll(() => visibleText(slotOption(other.page, time))).toBe(`${formatSlot(time)} (10 left)`);

      const email = await signInAs('concierge-book', 'Cora');
      await page.goto('/rsvp/ap-house');
      const form = concierge(page);
      await expectLabel(form.submit, 'SUBMIT', false);
      await form.date.selectOption(date);
      await form.slot.selectOption(time);
      await form.guestsYes.click();
      await form.guestCount.click();
      await page.keyboard.press('ArrowUp');
      expect(await form.guestCount.inputValue()).toBe('2');

      const release = await holdPost(page, '/api/ap-house/rsvp');
      const sent = page.waitForRequest((r) => isPost(r, '/api/ap-house/rsvp'));
      await form.submit.click();
      await expectLabel(form.submit, 'SUBMITTING...', true);
      expect((await sent).postDataJSON()).toEqual({
        fullName: 'Cora Member',
        email,
        phoneNumber: '',
        selectedDate: date,
        timeSlot: time,
        bringingGuests: 'yes',
        guestCount: 2,
        totalAttendees: 3,
      });
      const answered = page.waitForResponse((r) => isPost(r.request(), '/api/ap-house/rsvp'));
      release();
      expect((await answered).status()).toBe(201);
      const answeredAt = Date.now();

      // No second submission: the page says SUBMITTED (disabled) until it leaves.
      await expectLabel(form.submitted, 'SUBMITTED', true);
      expect(pathOf(page)).toBe('/rsvp/ap-house');
      expect(await form.submit.count()).toBe(0);
      await waitForPath(page, '/benefits');
      const elapsed = Date.now() - answeredAt;
      expect(elapsed).toBeGreaterThanOrEqual(1300);
      expect(elapsed).toBeLessThan(4000);

      const [row] = await bookingsOf('ap-house', email);
      expect(row).toMatchObject({ guestCount: 2, places: 3 });
      expect((await conciergeSlot(date, time)).booked).toBe(3);

      // The other member's list: 10 → 7 left.
      await concierge(other.page).refresh.click();
      await expect.poll(() => visibleText(slotOption(other.page, time))).toBe(`${formatSlot(time)} (7 left)`);

      // Back on the page: the booking, the calendar link at UTC+8 and no way to submit again.
      await page.goto('/rsvp/ap-house');
      await page.getByText(`Your concierge tour is booked: 30 Sep, ${formatSlot(time)}.`, { exact: true }).waitFor();
      await expectLabel(form.submitted, 'SUBMITTED', true);
      expect(await form.date.count()).toBe(0);
      await expectCalendarLink(form.calendar, {
        text: 'AP House Concierge Tour',
        details: 'A private concierge tour of AP House.',
        location: 'AP House Singapore',
        dates: '20310930T060000Z/20310930T070000Z',
      });
      const res = await context.request.post('/api/ap-house/rsvp', {
        data: { fullName: 'Cora Member', email, selectedDate: '2031-10-01', timeSlot: time, bringingGuests: 'no' },
      });
      expect(res.status()).toBe(409);
      expect(await res.json()).toEqual({
        error: "You had already RSVP'd! Email concierge@aphouse.example to make any changes to your booking.",
        code: 'already_booked',
      });
      expect(await bookingsOf('ap-house', email)).toHaveLength(1);
    } finally {
      await other.ctx.close();
    }
  });

  it('fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = await signInAs('concierge-phone', 'Cora');
    await page.goto('/rsvp/ap-house');
    await expectMemberHeader(page, email);
    const form = concierge(page);
    await form.date.selectOption('2031-10-02');
    await form.slot.selectOption('11:00am-12:00pm');
    await form.guestsYes.click();
    await form.guestCount.waitFor();
    for (const control of [form.date, form.slot, form.guestCount, form.submit]) {
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    }
    await expectNoSidewaysScroll(page, 360);
    await settleImages(page);
    await screenshot(page, 'concierge-360.png');
  });

  it("shows the server's refusal when the listed slot filled up meanwhile: 'Unable to RSVP'", async () => {
    const [date, time] = ['2031-10-03', '4:00pm-5:00pm'];
    const email = await signInAs('concierge-full', 'Cora');
    await page.goto('/rsvp/ap-house');
    const form = concierge(page);
    await form.date.selectOption(date);
    await expect.poll(() => visibleText(slotOption(page, time))).toBe(`${formatSlot(time)} (10 left)`);
    await form.slot.selectOption(time);
    await form.guestsNo.click();

    const slot = await conciergeSlot(date, time);
    try {
      // The last place goes elsewhere while this page still lists the slot.
      await e2e.db.update(eventSlots).set({ booked: slot.capacity }).where(eq(eventSlots.id, slot.id));
      hotCache(e2e.db).invalidate('ap-house');
      expect(await slotOption(page, time).count()).toBe(1);
      await form.submit.click();
      await expectToast(page, 'Unable to RSVP', SLOT_FULL, 'destructive');
      expect(pathOf(page)).toBe('/rsvp/ap-house');
      expect(await bookingsOf('ap-house', email)).toHaveLength(0);
      // The list is re-read and the full slot is gone from it.
      await expect.poll(() => slotOption(page, time).count()).toBe(0);
      await expectLabel(form.submit, 'SUBMIT', false);
    } finally {
      await e2e.db.update(eventSlots).set({ booked: slot.booked }).where(eq(eventSlots.id, slot.id));
      hotCache(e2e.db).invalidate('ap-house');
    }
  });
});

// ---- car-maker tour -------------------------------------------------------------------

function tour(p: Page) {
  const root = p.getByTestId('rsvp-mclaren-tour');
  return {
    root,
    button: root.getByRole('button'),
    remaining: root.getByTestId('remaining'),
  };
}

describe('car-maker tour page', () => {
  it("Secure Spot Now → Securing Spot... → Spot Secured, '10 of 10' → '9 of 10 places left'", async () => {
    expect(await bookingCount('mclaren-tour')).toBe(0);
    const email = await signInAs('tour', 'Tim');
    await page.goto('/mclaren-tour');
    await expectMemberHeader(page, email);
    await page.getByText('Limited to first 10 guests only.', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'McLaren Technology Centre Tour', exact: true }).waitFor();
    const back = page.getByRole('link', { name: 'Back to Benefits' });
    expect(await back.getAttribute('href')).toBe('/benefits');

    const t = tour(page);
    await expect.poll(() => visibleText(t.remaining)).toBe('10 of 10 places left');
    await expectLabel(t.button, 'Secure Spot Now', false);

    const release = await holdPost(page, '/api/rsvp/mclaren-tour');
    await t.button.click();
    await expectLabel(t.button, 'Securing Spot...', true);
    release();
    await expectLabel(t.button, 'Spot Secured', true);
    await expect.poll(() => visibleText(t.remaining)).toBe('9 of 10 places left');
    expect(await bookingsOf('mclaren-tour', email)).toHaveLength(1);
    await settleImages(page);
    await screenshot(page, 'tour-desktop.png');

    await back.click();
    await waitForPath(page, '/benefits');
  });

  it('fits a 360 px screen', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = await signInAs('tour-phone', 'Tim');
    await page.goto('/mclaren-tour');
    await expectMemberHeader(page, email);
    const t = tour(page);
    await expectLabel(t.button, 'Secure Spot Now', false);
    await t.remaining.waitFor();
    const box = await t.button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await expectNoSidewaysScroll(page, 360);
    await settleImages(page);
    await screenshot(page, 'tour-360.png');
  });

  it("shows a disabled 'Fully Booked' to a fresh member once 10 are booked", async () => {
    const missing = 10 - (await bookingCount('mclaren-tour'));
    if (missing > 0) {
      await e2e.db.insert(bookings).values(
        Array.from({ length: missing }, (_, i) => ({
          eventId: 'mclaren-tour',
          email: `tour-filler-${i}@example.com`,
        })),
      );
      hotCache(e2e.db).invalidate('mclaren-tour');
    }
    expect(await bookingCount('mclaren-tour')).toBe(10);

    const email = await signInAs('tour-late', 'Tim');
    await page.goto('/mclaren-tour');
    const t = tour(page);
    await expectLabel(t.button, 'Fully Booked', true);
    await expect.poll(() => visibleText(t.remaining)).toBe('No places left');

    const res = await context.request.post('/api/rsvp/mclaren-tour');
    expect(res.status()).toBe(409);
    expect(await res.json()).toEqual({ error: SOLD_OUT, code: 'sold_out' });
    expect(await bookingsOf('mclaren-tour', email)).toHaveLength(0);
  });
});
