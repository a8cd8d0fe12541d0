import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { tileText } from './support/tiles.ts';

// Decision 023: the forms' seams: the spec's create call and the ongoing choice, a date question without a role on a
// time-only form, a date-and-time form, and a stale button on a second device showing the done state.
const e2e = setupE2e();
const PASSWORD = 'forms-seams-pass-phrase';
const BRUNCH = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const GALLERY = 'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0';
let admin: BrowserContext;
let logo: Buffer;

beforeAll(async () => {
  admin = await e2e.newContext(1280);
  await e2e.signInAdmin(admin, await e2e.newAdmin('seams-admin-', PASSWORD), PASSWORD);
  logo = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#16324f' } })
    .png()
    .toBuffer();
});

/** POST /api/admin/benefits exactly as the spec writes it: multipart text fields and a logo, no schedule. */
async function specCreate(request: APIRequestContext, name: string, buttonText = 'Claim Offer') {
  const res = await request.post('/api/admin/benefits', {
    multipart: {
      benefitName: name,
      benefitDescription: `${name} for pass holders.`,
      buttonText,
      partnerContactEmail: 'partner@seams.example',
      excelTab1Link: BRUNCH,
      logo: { name: 'logo.png', mimeType: 'image/png', buffer: logo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A benefit with the demo sheet's form deployed, plus extra fields and the role choices given. */
async function deployForm(id: string, url: string, extra: object[], slotConfig: object) {
  await e2e.db
    .insert(benefits)
    .values({ id, slug: id, title: id, description: 'A form.', action: 'page', actionTarget: `/rsvp/${id}` });
  const sheet = { tab1Url: url, tab1Name: 'Form Submissions', tab2Url: url, tab2Name: 'Slot Logic' };
  const processed = await admin.request.post('/api/sheets/process', { data: sheet });
  expect(processed.status()).toBe(200);
  const { tab1Headers } = (await processed.json()) as { tab1Headers: object[] };
  const saved = await admin.request.post('/api/admin/rsvp-config', {
    data: { benefitId: id, configName: id, formFields: [...tab1Headers, ...extra], slotConfig, sheetMapping: sheet },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id: configId } = (await saved.json()) as { id: string };
  expect((await admin.request.post(`/api/admin/rsvp-config/${configId}/deploy`, { data: {} })).status()).toBe(200);
}

async function memberPage(width: number, email: string) {
  const context = await e2e.newContext(width);
  await e2e.signIn(context, email);
  return context.newPage();
}

/** A dynamic form's answer: a radio group's option, or a select's. */
async function choose(p: Page, label: string, value: string) {
  const group = p.locator('fieldset', { has: p.locator('legend', { hasText: new RegExp(`^${label}`, 'i') }) });
  if (await group.count()) return group.getByRole('radio', { name: value, exact: true }).check();
  await p.getByLabel(new RegExp(`^${label}`, 'i')).selectOption(value);
}

const toasts = (p: Page) => p.getByTestId('toast');
const redToasts = (p: Page) => p.locator('[data-testid="toast"][data-variant="destructive"]');

describe('the ongoing choice and the spec create call', () => {
  it('adds an ongoing benefit in the admin form, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await admin.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto('/admin/add-benefit');
      await page.getByRole('heading', { name: 'Add Benefit', level: 1 }).waitFor();
      await page.getByLabel('Schedule').selectOption({ label: 'Ongoing offer (no end date)' });
      await page.getByText('Members see it as an ongoing offer').waitFor();
      // An ongoing offer asks for no dates.
      expect(await page.getByLabel('Start date').count()).toBe(0);
      expect(await page.getByLabel('Last day').count()).toBe(0);
      await page.getByLabel('Benefit Name').fill(`Lounge Pass ${width}`);
      await page.getByLabel('Button Text').fill('Claim Pass');
      await page.getByLabel('Partner Contact Email').fill('lounge@seams.example');
      await page.getByLabel('Benefit Description').fill('Lounge access all week.');
      await page.getByLabel('Google Sheet Tab 1 Link').fill(BRUNCH);
      await page.locator('#schedule').scrollIntoViewIfNeeded();
      await screenshot(page, `admin-benefit-ongoing-${width}.png`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.close();
    }
  });

  it('creates through the spec call; members see an ongoing offer they book in one click', async () => {
    const id = await specCreate(admin.request, 'Harbour Lounge', 'Claim Pass');
    const dash = await admin.newPage();
    await dash.goto('/admin/dashboard');
    const badge = dash.getByTestId('admin-benefit-row').filter({ hasText: 'Harbour Lounge' }).getByTestId('form-state');
    expect(await visibleText(badge)).toBe('Form not set up: members book in one click');
    await badge.scrollIntoViewIfNeeded();
    await screenshot(dash, 'admin-dashboard-form-state-1280.png');
    await dash.close();

    const page = await memberPage(1280, await e2e.newMember('lounge-', 'Lou'));
    await page.goto('/benefits');
    const tile = page.locator(`[data-benefit-id="${id}"]`);
    await tile.waitFor();
    expect(await tileText(tile)).toContain('Ongoing');
    await page.goto(`/rsvp/${id}`);
    await page.getByRole('heading', { name: 'Harbour Lounge' }).waitFor();
    const action = page.getByTestId(`rsvp-dynamic:${id}`);
    await action.getByRole('button', { name: 'Claim Pass' }).click();
    await action.getByRole('button', { name: 'RSVP Confirmed' }).waitFor();
    expect(await page.getByText('RSVP Form Not Available').count()).toBe(0);
  });
});

describe('a stale button on a second device', () => {
  it('shows the done state, not a red error (one-click, 1280 px)', async () => {
    const id = await specCreate(admin.request, 'Cigar Terrace', 'Reserve');
    const email = await e2e.newMember('stale-', 'Sol');
    const laptop = await memberPage(1280, email);
    const phone = await memberPage(390, email);
    await laptop.goto(`/rsvp/${id}`);
    const stale = laptop.getByTestId(`rsvp-dynamic:${id}`).getByRole('button', { name: 'Reserve' });
    await stale.waitFor();
    await phone.goto(`/rsvp/${id}`);
    await phone.getByTestId(`rsvp-dynamic:${id}`).getByRole('button', { name: 'Reserve' }).click();
    await phone.getByTestId(`rsvp-dynamic:${id}`).getByRole('button', { name: 'RSVP Confirmed' }).waitFor();

    await stale.click();
    await laptop.getByTestId(`rsvp-dynamic:${id}`).getByRole('button', { name: 'RSVP Confirmed' }).waitFor();
    await toasts(laptop).filter({ hasText: "Already RSVP'd" }).first().waitFor();
    expect(await redToasts(laptop).count()).toBe(0);
    await screenshot(laptop, 'stale-press-one-click-1280.png');
  });
});

const ARRIVING_ON = {
  fieldName: 'arrivingOn',
  displayName: 'Arriving on',
  fieldType: 'date',
  isRequired: true,
  isVisible: true,
  ordering: 99,
};

describe('a time-only form with a date question that holds no role', () => {
  it('keeps the chosen slot when the date is answered, books, and a stale phone shows the done state (390 px)', async () => {
    const id = 'seams-brunch-arrival';
    await deployForm(id, BRUNCH, [ARRIVING_ON], { hasSlots: true, slotField: 'timeSlot' });
    const email = await e2e.newMember('arrival-', 'Ari');
    const phone = await memberPage(390, email);
    await phone.goto(`/rsvp/${id}`);
    const form = phone.locator('form');
    await form.getByRole('button', { name: 'SUBMIT' }).waitFor();
    await choose(phone, 'RSVP', 'Yes');
    const slot = phone.getByLabel(/^Time Slot/);
    await slot.selectOption({ index: 1 });
    const chosen = await slot.inputValue();
    expect(chosen).not.toBe('');
    await phone.getByLabel(/^Arriving on/).fill('2031-10-01');
    // The date question is only an answer: the slot stays chosen.
    expect(await slot.inputValue()).toBe(chosen);
    await choose(phone, 'Bringing Guests', 'No');
    await choose(phone, 'Dietary Requirements', 'None');

    // Meanwhile the member books from a laptop: the phone's SUBMIT is now stale.
    const laptop = await memberPage(1280, email);
    await laptop.goto(`/rsvp/${id}`);
    await laptop.locator('form').getByRole('button', { name: 'SUBMIT' }).waitFor();
    await choose(laptop, 'RSVP', 'Yes');
    await laptop.getByLabel(/^Time Slot/).selectOption(chosen);
    await laptop.getByLabel(/^Arriving on/).fill('2031-10-02');
    await choose(laptop, 'Bringing Guests', 'No');
    await choose(laptop, 'Dietary Requirements', 'None');
    await laptop.locator('form').getByRole('button', { name: 'SUBMIT' }).click();
    await laptop.getByText('Thank you! Your RSVP has been confirmed.').first().waitFor();

    await form.getByRole('button', { name: 'SUBMIT' }).click();
    await phone.getByText('You have already RSVP’d for this event.').waitFor();
    await toasts(phone).filter({ hasText: "Already RSVP'd" }).first().waitFor();
    expect(await redToasts(phone).count()).toBe(0);
    await screenshot(phone, 'stale-press-form-390.png', { fullPage: true });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

describe('a date-and-time form', () => {
  it('asks the day, then offers that day’s slots, and books', async () => {
    const id = 'seams-gallery-dated';
    await deployForm(id, GALLERY, [], { hasSlots: true, slotField: 'timeSlot', dateField: 'selectedDate' });
    const page = await memberPage(1280, await e2e.newMember('dated-', 'Dee'));
    await page.goto(`/rsvp/${id}`);
    await page.locator('form').getByRole('button', { name: 'SUBMIT' }).waitFor();
    await choose(page, 'Attending', 'Yes');
    const date = page.getByLabel(/^Date/);
    await date.selectOption({ index: 1 });
    const slot = page.getByLabel(/^Time Slot/);
    await slot.selectOption({ index: 1 });
    await choose(page, 'Join the curator tour', 'No');
    await page.locator('form').getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Thank you! Your RSVP has been confirmed.').first().waitFor();
    expect(await redToasts(page).count()).toBe(0);
  });
});

describe('the wizard on a benefit with sheet links', () => {
  it('fills Tab 1 and Tab 2 from the benefit, and step 3 previews the sheet’s slots after Edit current configuration', async () => {
    const res = await admin.request.post('/api/admin/benefits', {
      multipart: {
        benefitName: 'Brunch Cruise',
        benefitDescription: 'Brunch on the water.',
        buttonText: 'RSVP',
        partnerContactEmail: 'brunch@seams.example',
        excelTab1Link: BRUNCH,
        excelTab2Link: BRUNCH,
        logo: { name: 'logo.png', mimeType: 'image/png', buffer: logo },
      },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const page = await admin.newPage();
    await page.goto(`/admin/rsvp-config?benefit=${id}`);
    await expect.poll(() => page.getByLabel('Tab 1 Sheet URL').inputValue()).toBe(BRUNCH);
    expect(await page.getByLabel('Tab 2 Sheet URL (optional)').inputValue()).toBe(BRUNCH);
    expect(await page.getByLabel('Tab 2 Name (optional)').inputValue()).toBe('Slot Logic');

    // A configuration saved on it, then opened again without re-processing the sheets.
    const sheet = { tab1Url: BRUNCH, tab1Name: 'Form Submissions', tab2Url: BRUNCH, tab2Name: 'Slot Logic' };
    const processed = await admin.request.post('/api/sheets/process', { data: sheet });
    const { tab1Headers } = (await processed.json()) as { tab1Headers: object[] };
    const saved = await admin.request.post('/api/admin/rsvp-config', {
      data: {
        benefitId: id,
        configName: 'Brunch Cruise RSVP',
        isActive: false,
        formFields: tab1Headers,
        slotConfig: { hasSlots: true, slotField: 'timeSlot' },
        sheetMapping: sheet,
      },
    });
    expect(saved.status()).toBe(201);
    await page.goto(`/admin/rsvp-config?benefit=${id}`);
    await page.getByRole('button', { name: 'Edit current configuration' }).click();
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await page.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    await expect.poll(() => page.getByLabel('Configuration summary').innerText()).toContain('3 time slots');
    const preview = page.getByTestId('form-preview');
    await preview.getByRole('radio', { name: 'Yes' }).first().check();
    const options = await preview
      .getByLabel(/^Time Slot/)
      .locator('option')
      .allTextContents();
    expect(options.join(' | ')).toContain('(12 left)');
    expect(options.join(' | ')).toContain('(8 left)');
    expect(options.join(' | ')).not.toContain('10:00');
  });
});

describe('admin Add booking for a listed member', () => {
  it('opens the form with the member’s e-mail and name filled in', async () => {
    const id = 'seams-brunch-admin';
    await deployForm(id, BRUNCH, [], { hasSlots: true, slotField: 'timeSlot' });
    const email = await e2e.newMember('listed-', 'Lia');
    const page = await admin.newPage();
    await page.goto(`/admin/events/${encodeURIComponent(`dynamic:${id}`)}/attendees`);
    await page.getByRole('button', { name: 'Add booking' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel("Member's e-mail").fill(email);
    await dialog.getByRole('button', { name: 'Next: the form' }).click();
    await expect.poll(() => dialog.getByLabel('Full Name *').inputValue()).toBe('Lia Member');
    expect(await dialog.getByLabel('Email *').inputValue()).toBe(email);
  });
});
