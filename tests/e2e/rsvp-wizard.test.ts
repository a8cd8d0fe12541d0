import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatSlot } from '#common/time-range.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { storeImage } from '../../src/server/features/benefits/images.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// docs/spec/admin-and-rsvp.md §2 (RSVP configuration wizard, generic dynamic RSVP page), §4 (wizard transitions,
// dynamic form rules), §5 (sheet processing form, config save, dynamic field rules), §8 (toasts)
// and §9 (defaults). The demo spreadsheet is served by the local Sheets emulator (demo-sheets/).
const SHEET = 'demo-yacht-brunch';
const SHEET_URL = `https://docs.google.com/spreadsheets/d/${SHEET}/edit#gid=0`;
const BENEFIT = { id: 'after2049', title: 'AFTER 2049' };
const SLOTS = ['11:00am-12:00pm', '12:00pm-1:00pm', '1:00pm-2:00pm'];
const FIELD_NAMES = [
  'Timestamp',
  'Full Name',
  'Email',
  'Phone Number',
  'RSVP',
  'Time Slot',
  'Bringing Guests',
  'Number of Guests',
  'Dietary Requirements',
  'Comments',
];
const SUCCESS = 'Thank you! Your RSVP has been confirmed.';
const ADMIN = { email: 'wizard-admin@example.com', password: 'correct-horse-battery-staple' };
const MEMBER = { email: 'wizard-member@example.com', firstName: 'Ada', lastName: 'Lovelace' };

const e2e = setupE2e({ initScript: toastRecorder });

beforeAll(async () => {
  await e2e.server.addAdmin(ADMIN.email, ADMIN.password);
  await e2e.server.addMember(MEMBER);
});

type ToastRecord = { title: string; description: string; variant: string; at: number };

/** Records every toast that appears: the toaster shows one at a time, a later one replaces an earlier one. */
function toastRecorder() {
  const w = window as unknown as { __toasts: ToastRecord[] };
  w.__toasts = [];
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-testid="toast"]')) {
      if (seen.has(el)) continue;
      seen.add(el);
      const [title = '', description = ''] = [...el.children]
        .filter((c) => c.tagName !== 'BUTTON')
        .map((c) => c.textContent ?? '');
      w.__toasts.push({ title, description, variant: el.getAttribute('data-variant') ?? '', at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true });
}

const toasts = (p: Page) => p.evaluate(() => (window as unknown as { __toasts: ToastRecord[] }).__toasts);

/** Waits for a toast with this title (and description, if given) and checks its variant. */
async function expectToast(p: Page, title: string, description: string | undefined, variant: string) {
  const match = (t: ToastRecord) => t.title === title && (description === undefined || t.description === description);
  await expect
    .poll(async () => (await toasts(p)).filter(match).length, { timeout: 10_000, message: `toast '${title}'` })
    .toBeGreaterThan(0);
  const found = (await toasts(p)).find(match) as ToastRecord;
  expect(found.variant, `variant of '${title}'`).toBe(variant);
  return found;
}

async function signInAdmin(p: Page) {
  await p.goto('/admin');
  await p.getByLabel('Email').fill(ADMIN.email);
  await p.getByLabel('Password').fill(ADMIN.password);
  await p.getByRole('button', { name: 'Sign In' }).click();
  await p.waitForURL((u) => u.pathname === '/admin/dashboard');
}

const value = (l: Locator) => l.inputValue();
const texts = async (l: Locator) => (await l.allInnerTexts()).map((t) => t.trim());

describe('RSVP configuration wizard and the live dynamic form', () => {
  it('processes the demo sheet, saves, deploys, and a member books through the generated form', async () => {
    // ---- admin: sign in, open the wizard from the tab bar ----
    const admin = await e2e.newPage();
    await signInAdmin(admin);
    const nav = admin.getByRole('navigation', { name: 'Admin sections' });
    await nav.getByRole('link', { name: 'RSVP Config' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/rsvp-config');
    expect(await nav.getByRole('link', { name: 'RSVP Config' }).getAttribute('aria-current')).toBe('page');

    const steps = admin.getByRole('list', { name: 'Wizard steps' }).getByRole('listitem');
    const currentStep = async () => (await admin.locator('[aria-current="step"]').innerText()).replace(/\s+/g, ' ');
    expect(await texts(steps)).toEqual([
      expect.stringContaining('Process Sheets'),
      expect.stringContaining('Configure RSVP'),
      expect.stringContaining('Preview & Deploy'),
    ]);
    expect(await currentStep()).toContain('Process Sheets');

    // ---- step 1: validation, prefills, a failing read, then the real one ----
    const tab1Url = admin.getByLabel('Tab 1 Sheet URL');
    const tab1Name = admin.getByLabel('Tab 1 Name');
    const tab2Url = admin.getByLabel('Tab 2 Sheet URL (optional)');
    const tab2Name = admin.getByLabel('Tab 2 Name (optional)');
    const processButton = admin.getByRole('button', { name: 'Process Sheets' });
    expect(await value(tab1Name)).toBe('Form Submissions');
    await tab1Name.fill('');
    await processButton.click();
    await admin.getByText('Please enter a valid Google Sheets URL for Tab 1', { exact: true }).waitFor();
    await admin.getByText('Tab 1 name is required', { exact: true }).waitFor();

    await tab1Url.fill(SHEET_URL);
    await tab1Name.fill('Responses');
    await tab2Url.fill(SHEET_URL);
    expect(await value(tab2Name)).toBe('Slot Logic'); // prefilled once a Tab 2 link is typed
    await processButton.click();
    await expectToast(
      admin,
      'Processing failed',
      'Failed to process sheets. Please check your URLs and try again. Tab "Responses" not found. Tabs in this sheet: Form Submissions, Slot Logic',
      'destructive',
    );
    expect(await currentStep()).toContain('Process Sheets');

    await tab1Name.fill('Form Submissions');
    await screenshot(admin, 'wizard-step1');
    await processButton.click();
    await expectToast(admin, 'Processing complete', '10 fields and 3 time slots found', 'default');
    await admin.getByRole('heading', { name: 'Configure RSVP' }).waitFor();
    expect(await currentStep()).toContain('Configure RSVP');

    // ---- step 2: the processed fields, slot logic and §9 defaults ----
    const fieldList = admin.getByRole('list', { name: 'Form fields' }).getByRole('listitem');
    await expect.poll(() => fieldList.count()).toBe(FIELD_NAMES.length);
    const listed = await texts(fieldList.locator('p.font-medium'));
    expect(listed.map((t) => t.replace(/\s*\*$/, ''))).toEqual(FIELD_NAMES);
    expect(listed.filter((t) => t.endsWith('*'))).toEqual(['Full Name *', 'Email *', 'RSVP *']);
    expect(await value(admin.getByLabel('Benefit ID'))).toBe('default');

    // Edit one field in the dialog: the member sees the new label, the sheet column stays.
    await admin.getByRole('button', { name: 'Edit Comments' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit Field' });
    expect(await value(dialog.getByLabel('Field Type'))).toBe('textarea');
    await dialog.getByLabel('Display Name').fill('Anything else?');
    await dialog.getByRole('button', { name: 'Save Field' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fieldList.getByText('Anything else?', { exact: true }).waitFor();

    const tabs = admin.getByRole('tablist', { name: 'Configuration sections' });
    expect(await texts(tabs.getByRole('tab'))).toEqual(['Form Fields', 'Slot Logic', 'Notifications', 'Behavior']);
    await tabs.getByRole('tab', { name: 'Slot Logic' }).click();
    expect(await admin.getByLabel('This RSVP has time slots').isChecked()).toBe(true);
    expect(await value(admin.getByLabel('Time Slot Field'))).toBe('timeSlot');
    // Decision 049: the wizard proposes each role, each can be None, and a role offers only the fields it can take.
    const rsvpRole = admin.getByLabel('RSVP Status Field');
    expect(await value(rsvpRole)).toBe('rsvp');
    expect(await texts(rsvpRole.locator('option'))).not.toContain('Number of Guests');
    expect(await texts(rsvpRole.locator('option'))).toContain('None');
    expect(await texts(admin.getByLabel('Guest Count Field').locator('option'))).toEqual(['None', 'Number of Guests']);
    expect(await value(admin.getByLabel('Date Field'))).toBe(''); // time-only slots: None
    const roleWarnings = admin.getByRole('status', { name: 'Field role warnings' });
    expect(await roleWarnings.count()).toBe(0);
    await rsvpRole.selectOption({ label: 'None' });
    await roleWarnings.getByText('"RSVP" is not the RSVP Status Field', { exact: false }).waitFor();
    await admin.getByLabel('Time Slot Field').selectOption({ label: 'None' });
    await roleWarnings.getByText('no question is the Time Slot Field', { exact: false }).waitFor();
    await roleWarnings.scrollIntoViewIfNeeded();
    await screenshot(admin, 'wizard-roles-none-1280', { fullPage: false });
    await admin.setViewportSize({ width: 390, height: 800 });
    await roleWarnings.scrollIntoViewIfNeeded();
    await screenshot(admin, 'wizard-roles-none-390', { fullPage: false });
    await admin.setViewportSize({ width: 1280, height: 800 });
    await rsvpRole.selectOption('rsvp');
    await admin.getByLabel('Time Slot Field').selectOption('timeSlot');
    await roleWarnings.waitFor({ state: 'detached' });
    const slotTable = admin.getByRole('table', { name: 'Processed time slots' });
    const slotRows = slotTable.locator('tbody tr');
    expect(await texts(slotRows.locator('td:first-child'))).toEqual(SLOTS);
    await slotTable.scrollIntoViewIfNeeded();
    await screenshot(admin, 'wizard-slots-1280', { fullPage: false });
    await admin.setViewportSize({ width: 390, height: 800 });
    await slotTable.scrollIntoViewIfNeeded();
    await expectNoTextOverflow(admin);
    await screenshot(admin, 'wizard-slots-390', { fullPage: false });
    await admin.setViewportSize({ width: 1280, height: 800 });
    expect(await value(admin.getByLabel('Max Guests per Booking'))).toBe('2');
    await tabs.getByRole('tab', { name: 'Notifications' }).click();
    expect(await admin.getByLabel('Send confirmation e-mail').isChecked()).toBe(true);
    expect(await admin.getByLabel('Include calendar invite').isChecked()).toBe(true);
    expect(await value(admin.getByLabel('Days Before the Event'))).toBe('7, 1');
    await tabs.getByRole('tab', { name: 'Behavior' }).click();
    expect(await admin.getByLabel('Show progress bar').isChecked()).toBe(true);
    expect(await value(admin.getByLabel('Success Message'))).toBe(SUCCESS);
    expect(await value(admin.getByLabel('Editing Window (hours)'))).toBe('24');
    await tabs.getByRole('tab', { name: 'Form Fields' }).click();

    const saveButton = admin.getByRole('button', { name: 'Save Configuration' });
    await saveButton.click();
    await expectToast(
      admin,
      'Configuration name required',
      'Please enter a name for this configuration',
      'destructive',
    );
    expect(await admin.locator('#configName-error').innerText()).toBe('Configuration name required'); // inline too
    // The name field comes into view with the focus: saving is at the foot of a long page.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe('configName');
    const nameBox = await admin.getByLabel('Configuration Name').boundingBox();
    const viewport = admin.viewportSize();
    expect(nameBox && viewport && nameBox.y >= 0 && nameBox.y + nameBox.height <= viewport.height).toBe(true);

    // First save with the default Benefit ID: it saves, but deploying needs a real benefit.
    await admin.getByLabel('Configuration Name').fill('Yacht Brunch RSVP');
    await screenshot(admin, 'wizard-step2');
    await saveButton.click();
    await expectToast(admin, 'Configuration saved', undefined, 'default');
    await admin.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    await admin.getByRole('button', { name: 'Deploy Configuration' }).click();
    await expectToast(
      admin,
      'Deploy failed',
      'There is no benefit with the id "default". Set the Benefit ID in Configure RSVP.',
      'destructive',
    );

    // Back to step 2: everything is kept; pick the benefit by its name.
    await admin.getByRole('button', { name: 'Edit Configuration' }).click();
    expect(await value(admin.getByLabel('Configuration Name'))).toBe('Yacht Brunch RSVP');
    await admin.getByLabel('Existing Benefit').selectOption({ label: BENEFIT.title });
    expect(await value(admin.getByLabel('Benefit ID'))).toBe(BENEFIT.id);
    const created = admin.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/rsvp-config'));
    await saveButton.click();
    const createdBody = (await created).postDataJSON() as Record<string, unknown>;
    expect(createdBody).toMatchObject({ benefitId: BENEFIT.id, configName: 'Yacht Brunch RSVP', isActive: false });
    expect(createdBody.sheetMapping).toEqual({
      tab1Url: SHEET_URL,
      tab1Name: 'Form Submissions',
      tab2Url: SHEET_URL,
      tab2Name: 'Slot Logic',
    });
    await expectToast(admin, 'Configuration saved', `"Yacht Brunch RSVP" for benefit ${BENEFIT.id}.`, 'default');
    expect(await currentStep()).toContain('Preview & Deploy');

    // ---- step 3: summary; saved is not live until deployed ----
    const summary = admin.getByRole('definition');
    expect(await texts(summary)).toEqual([
      'Yacht Brunch RSVP',
      BENEFIT.id,
      '10 fields (9 visible)',
      '3 time slots',
      'Enabled',
      'Saved, not deployed',
    ]);
    const member = await e2e.newPage();
    const login = await member.request.post('/api/auth/login', { data: { email: MEMBER.email } });
    expect(login.status(), await login.text()).toBe(200);
    const before = await member.request.get(`/api/rsvp/configuration/${BENEFIT.id}`);
    expect(before.status()).toBe(404);

    await admin.getByRole('button', { name: 'Deploy Configuration' }).click();
    await expectToast(
      admin,
      'Configuration Deployed!',
      'Your RSVP form is now live and ready to accept submissions',
      'default',
    );
    const live = admin.getByRole('link', { name: `/rsvp/${BENEFIT.id}` });
    await live.waitFor();
    expect(await live.getAttribute('href')).toBe(`/rsvp/${BENEFIT.id}`);
    await screenshot(admin, 'wizard-step3');

    // ---- member: the generated form ----
    // The configuration answers first: the page must still show the form once the benefit is in.
    await member.route(`**/api/benefits/${BENEFIT.id}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await member.goto(`/rsvp/${BENEFIT.id}`);
    await member.getByRole('heading', { name: BENEFIT.title }).waitFor();
    const form = member.locator('form');
    await form.getByLabel('Full Name *').waitFor();
    expect(await value(form.getByLabel('Email *'))).toBe(MEMBER.email);
    const rsvp = form.getByRole('group', { name: 'RSVP *' });
    expect(await texts(rsvp.getByRole('radio').locator('xpath=..'))).toEqual(['Yes', 'No']);
    expect(await form.getByLabel('Time Slot').count()).toBe(0); // only once RSVP is yes
    expect(await form.getByText('Timestamp').count()).toBe(0); // hidden field

    // Name and e-mail start as the session knows them (as on the concierge page); cleared, the name is required.
    expect(await value(form.getByLabel('Full Name *'))).toBe(`${MEMBER.firstName} ${MEMBER.lastName}`);
    await form.getByLabel('Full Name *').fill('');
    const submit = form.getByRole('button', { name: 'SUBMIT' });
    await submit.click();
    await expectToast(member, 'Form Validation Error', 'Please check these fields: Full Name, RSVP', 'destructive');
    await form.getByText('Full Name is required', { exact: true }).waitFor();
    await form.getByText('Please select RSVP', { exact: true }).waitFor();
    expect(await form.getByRole('alert').count()).toBeGreaterThanOrEqual(2);
    await screenshot(member, 'dynamic-form');

    await form.getByLabel('Full Name *').fill(`${MEMBER.firstName} ${MEMBER.lastName}`);
    // A message goes as soon as its field is fixed.
    await expect.poll(() => form.getByText('Full Name is required', { exact: true }).count()).toBe(0);
    await rsvp.getByRole('radio', { name: 'Yes' }).check();
    const slot = form.getByLabel('Time Slot');
    await slot.waitFor();
    expect(await texts(slot.locator('option'))).toEqual([
      'Choose a time',
      ...SLOTS.map((s, i) => `${formatSlot(s)} (${i === 2 ? 8 : 12} left)`),
    ]);
    await slot.selectOption(SLOTS[1] as string);
    await form.getByRole('group', { name: 'Bringing Guests' }).getByRole('radio', { name: 'Yes' }).check();
    await form.getByLabel('Number of Guests').fill('1');
    await form.getByLabel('Dietary Requirements').selectOption('Vegetarian');
    await form.getByLabel('Anything else?').fill('Window table, please');
    await submit.click();
    await member.getByRole('status').getByText(SUCCESS, { exact: true }).waitFor();
    // What was booked stays on screen with its calendar, not only the message.
    const booked = member.getByTestId('booked-summary');
    await booked.waitFor();
    expect(await booked.getByTestId('booked-slot').innerText()).toBe('12:00–1:00 PM SGT');
    expect(await booked.getByTestId('booked-guests').innerText()).toBe('1');
    // Add To Calendar comes with the booking's times; this brunch's slots are times without a date, so none.
    const mine = (await (await member.request.get('/api/user/form-submissions')).json()) as {
      data: { eventId: string; calendar: unknown }[];
    };
    const calendar = mine.data.find((b) => b.eventId === `dynamic:${BENEFIT.id}`)?.calendar ?? null;
    expect(await booked.getByRole('link', { name: 'Add To Calendar', exact: true }).count()).toBe(calendar ? 1 : 0);
    await screenshot(member, 'dynamic-success');
    await member.setViewportSize({ width: 390, height: 740 });
    await screenshot(member, 'dynamic-success-390');
    await member.setViewportSize({ width: 1280, height: 800 });

    // ---- the answer lands in Tab 1 through the outbox ----
    const fullName = `${MEMBER.firstName} ${MEMBER.lastName}`;
    const rowOf = () => {
      const [header = [], ...rows] = parseCsv(e2e.server.sheets.readTab(SHEET, 'Form Submissions'));
      const row = rows.find((r) => r.includes(fullName));
      return row ? Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])) : null;
    };
    await expect.poll(rowOf, { timeout: 5_000, interval: 200 }).not.toBeNull();
    expect(rowOf()).toMatchObject({
      'Full Name': fullName,
      Email: MEMBER.email,
      RSVP: 'Yes',
      'Time Slot': SLOTS[1],
      'Bringing Guests': 'Yes',
      'Number of Guests': '1',
      'Dietary Requirements (None/Vegetarian/Vegan/Halal)': 'Vegetarian',
      Comments: 'Window table, please',
    });
    expect(rowOf()?.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // ---- editing again updates the same configuration's draft (PUT); the live form stays as deployed ----
    await admin.getByRole('button', { name: 'Edit Configuration' }).click();
    const updated = admin.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/admin/rsvp-config/'));
    await saveButton.click();
    expect((await updated).postDataJSON()).toMatchObject({ configName: 'Yacht Brunch RSVP', isActive: false });
    await admin.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    expect((await member.request.get(`/api/rsvp/configuration/${BENEFIT.id}`)).status()).toBe(200);
    await admin.getByRole('button', { name: 'Back to Dashboard' }).click();
    await admin.waitForURL((u) => u.pathname === '/admin/dashboard');
  });

  it('Tab 1 only: warnings each get a toast, fields are edited, and the checks of step 2 hold', async () => {
    const admin = await e2e.newPage();
    await signInAdmin(admin);
    await admin.goto('/admin/rsvp-config');
    // The demo sheets have clean headers: add two warnings to the server's real answer.
    const warnings = [
      'Column I has no header and was skipped.',
      'Duplicate header "Email" in column J (first in column C).',
    ];
    await admin.route('**/api/sheets/process', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), warnings } });
    });
    await admin
      .getByLabel('Tab 1 Sheet URL')
      .fill('https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0');
    expect(await value(admin.getByLabel('Tab 2 Name (optional)'))).toBe('');
    await admin.getByRole('button', { name: 'Process Sheets' }).click();
    await expectToast(admin, 'Processing complete', '8 fields and 0 time slots found', 'default');
    await expectToast(admin, 'Warning', warnings[1], 'destructive');
    const shown = (await toasts(admin)).slice(-3);
    expect(shown.map((t) => [t.title, t.description, t.variant])).toEqual([
      ['Processing complete', '8 fields and 0 time slots found', 'default'],
      ['Warning', warnings[0], 'destructive'],
      ['Warning', warnings[1], 'destructive'],
    ]);
    // One toast at a time: each stays readable for a moment before the next replaces it.
    expect((shown[1]?.at ?? 0) - (shown[0]?.at ?? 0)).toBeGreaterThanOrEqual(500);
    expect((shown[2]?.at ?? 0) - (shown[1]?.at ?? 0)).toBeGreaterThanOrEqual(500);

    // No slot logic: slots stay off.
    const tabs = admin.getByRole('tablist', { name: 'Configuration sections' });
    await tabs.getByRole('tab', { name: 'Slot Logic' }).click();
    expect(await admin.getByLabel('This RSVP has time slots').isChecked()).toBe(false);
    await admin.getByText('No slots were found.', { exact: false }).waitFor();

    // Add a field (a taken name is refused), move it, delete another.
    await tabs.getByRole('tab', { name: 'Form Fields' }).click();
    const names = async () =>
      (await texts(admin.getByRole('list', { name: 'Form fields' }).locator('p.font-medium'))).map((t) =>
        t.replace(/\s*\*$/, ''),
      );
    await admin.getByRole('button', { name: 'Add Field' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Field' });
    await dialog.getByLabel('Field Name').fill('fullName');
    await dialog.getByLabel('Display Name').fill('I accept the house rules');
    await dialog.getByLabel('Field Type').selectOption('checkbox');
    await dialog.getByLabel('Required').check();
    await dialog.getByRole('button', { name: 'Add Field' }).click();
    await dialog.getByText('Another field is already called "fullName"', { exact: true }).waitFor();
    await dialog.getByLabel('Field Name').fill('houseRules');
    await dialog.getByRole('button', { name: 'Add Field' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await names()).slice(-2)).toEqual(['Comments', 'I accept the house rules']);
    await admin.getByRole('button', { name: 'Move I accept the house rules up' }).click();
    expect((await names()).slice(-2)).toEqual(['I accept the house rules', 'Comments']);
    await admin.getByRole('button', { name: 'Delete Comments' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    expect(await names()).toEqual([
      'Timestamp',
      'Full Name',
      'Email',
      'Attending',
      'Date',
      'Time Slot',
      'Join the curator tour?',
      'I accept the house rules',
    ]);

    // A blank success message stops the save and opens the Behavior tab.
    await admin.getByLabel('Configuration Name').fill('Gallery Walk RSVP');
    await tabs.getByRole('tab', { name: 'Notifications' }).click();
    await admin.getByLabel('Send confirmation e-mail').uncheck();
    await tabs.getByRole('tab', { name: 'Behavior' }).click();
    await admin.getByLabel('Success Message').fill(' ');
    await tabs.getByRole('tab', { name: 'Form Fields' }).click();
    const save = admin.getByRole('button', { name: 'Save Configuration' });
    await save.click();
    await expectToast(admin, 'Save failed', 'Success message is required', 'destructive');
    expect(await tabs.getByRole('tab', { name: 'Behavior' }).getAttribute('aria-selected')).toBe('true');
    expect(await admin.locator('#behavior-success-error').innerText()).toBe('Success message is required');
    await admin.getByLabel('Success Message').fill('See you at the gallery!');
    expect(await admin.locator('#behavior-success-error').count()).toBe(0);

    const created = admin.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/rsvp-config'));
    await save.click();
    const body = (await created).postDataJSON() as {
      benefitId: string;
      formFields: { fieldName: string; ordering: number; isRequired: boolean; fieldType: string }[];
      slotConfig: { hasSlots: boolean };
      notifications: { sendConfirmationEmail: boolean; includeCalendarInvite: boolean };
      behavior: { successMessage: string; showProgressBar: boolean };
      sheetMapping: Record<string, unknown>;
    };
    expect(body.benefitId).toBe('default');
    expect(body.formFields.map((f) => [f.fieldName, f.ordering])).toEqual(
      [
        'submissionTimestamp',
        'fullName',
        'email',
        'rsvp',
        'selectedDate',
        'timeSlot',
        'joinTheCuratorTour',
        'houseRules',
      ].map((n, i) => [n, i]),
    );
    expect(body.formFields.at(-1)).toMatchObject({ fieldType: 'checkbox', isRequired: true });
    expect(body.slotConfig.hasSlots).toBe(false);
    expect(body.notifications).toMatchObject({ sendConfirmationEmail: false, includeCalendarInvite: true });
    expect(body.behavior).toMatchObject({ successMessage: 'See you at the gallery!', showProgressBar: true });
    expect(body.sheetMapping).toEqual({
      tab1Url: 'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0',
      tab1Name: 'Form Submissions',
      tab2Url: null,
      tab2Name: null,
    });
    await expectToast(admin, 'Configuration saved', undefined, 'default');
    const summary = admin.getByRole('definition');
    await admin.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    expect(await texts(summary)).toEqual([
      'Gallery Walk RSVP',
      'default',
      '8 fields (7 visible)',
      'No slots configured',
      'Disabled',
      'Saved, not deployed',
    ]);

    // Back to step 1 keeps what was typed.
    await admin.getByRole('button', { name: 'Edit Configuration' }).click();
    await admin.getByRole('button', { name: 'Back to Processing' }).click();
    expect(await value(admin.getByLabel('Tab 1 Sheet URL'))).toBe(
      'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0',
    );
  });
});

describe('the RSVP page header', () => {
  // An uploaded 320x200 picture is framed at its size, not stretched (and blurred) across the page.
  it('frames an uploaded 320x200 image at its own size, at 1280 and 390 px', async () => {
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#7a3cff' } })
      .png()
      .toBuffer();
    const { imageUrl } = await storeImage(e2e.db, png, 'edit');
    const [before] = await e2e.db
      .select({ imageUrl: benefits.imageUrl })
      .from(benefits)
      .where(eq(benefits.id, BENEFIT.id));
    await e2e.db.update(benefits).set({ imageUrl }).where(eq(benefits.id, BENEFIT.id));
    try {
      const member = await e2e.newPage();
      await e2e.signIn(member.context(), await e2e.newMember('header-image-', 'Hana'));
      await member.goto(`/rsvp/${BENEFIT.id}`);
      const frame = member.getByTestId('rsvp-header-image');
      await frame.waitFor();
      const shown = frame.locator('img:not([aria-hidden])');
      await expect.poll(async () => (await shown.boundingBox())?.width).toBe(320);
      expect((await shown.boundingBox())?.height).toBe(200);
      expect((await frame.boundingBox())?.width).toBeGreaterThan(600);
      await screenshot(member, 'rsvp-header-image-1280.png', { fullPage: false });
      await member.setViewportSize({ width: 390, height: 740 });
      // 320 px still fits a phone's page: the same size, never stretched.
      await member.getByRole('heading', { name: BENEFIT.title }).waitFor();
      expect(await shown.boundingBox()).toMatchObject({ width: 320, height: 200 });
      await screenshot(member, 'rsvp-header-image-390.png', { fullPage: false });
    } finally {
      await e2e.db
        .update(benefits)
        .set({ imageUrl: before?.imageUrl ?? '' })
        .where(eq(benefits.id, BENEFIT.id));
    }
  });
});
