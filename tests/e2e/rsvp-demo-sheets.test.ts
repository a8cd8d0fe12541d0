import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// For every spreadsheet in demo-sheets/ an organiser runs the wizard in the browser (defaults
// plus one field the sheet has no column for), deploys, a member completes the generated form, and the answers reach
// the emulator's sheet, the RSVP-list CSV and the admin Bookings page. Then a live edit (a field added, a column
// renamed in the sheet) still puts the next answer under the right columns.
type Sheet = {
  id: string;
  tab1: string;
  tab2?: string;
  /** The field the organiser adds: the sheet has no column for it. */
  custom: { fieldName: string; displayName: string };
  /** Fields the wizard proposes without a column: slots on several days and no date column get a Date field. */
  proposed?: string[];
  /** Labels the member must have been asked (the slot, and the day when slots are on several days). */
  asks: string[];
};
const COMPANY = { fieldName: 'company', displayName: 'Company' };
const SHEETS: Sheet[] = [
  { id: 'demo-yacht-brunch', tab1: 'Form Submissions', tab2: 'Slot Logic', custom: COMPANY, asks: ['Time Slot'] },
  {
    id: 'demo-gallery-walk',
    tab1: 'Form Submissions',
    tab2: 'Slot Logic',
    custom: COMPANY,
    asks: ['Date', 'Time Slot'],
  },
  // Date and time in one column (Session): the day is asked as a Date field, which deploy gives a column.
  {
    id: 'demo-rooftop-sunset',
    tab1: 'Form Submissions',
    tab2: 'Slot Logic',
    custom: COMPANY,
    proposed: ['Date'],
    asks: ['Date', 'Session'],
  },
  { id: 'demo-golf-bangkok', tab1: 'Réponses', tab2: 'Créneaux', custom: COMPANY, asks: ['Date', 'Créneau horaire'] },
  { id: 'demo-chef-table', tab1: 'Form Submissions', tab2: 'Slot Logic', custom: COMPANY, asks: ['Seating'] },
  // This one already asks for the company: the organiser adds who referred the member.
  {
    id: 'demo-founders-breakfast',
    tab1: 'Form Submissions',
    custom: { fieldName: 'referredBy', displayName: 'Referred By' },
    asks: ['Would you like a seat at the founders table?'],
  },
];
const PASSWORD = 'correct-horse-battery-staple';
const urlOf = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;
const benefitOf = (s: Sheet) => `sheet-${s.id.replace(/^demo-/, '')}`;

const e2e = setupE2e();
let admin: Page;
let adminContext: BrowserContext;

beforeAll(async () => {
  // The benefits come straight from the database: the UI that adds them proves nothing here.
  await e2e.db.insert(benefits).values(
    SHEETS.map((s) => ({
      id: benefitOf(s),
      slug: benefitOf(s),
      title: `Demo ${s.id.replace(/^demo-/, '').replace(/-/g, ' ')}`,
      description: `The ${s.id} spreadsheet's form.`,
    })),
  );
  const email = await e2e.newAdmin('sheets-admin-', PASSWORD);
  adminContext = await e2e.newContext();
  await e2e.signInAdmin(adminContext, email, PASSWORD);
  admin = await adminContext.newPage();
});

/** Waits for a toast with this title (the toaster shows one at a time). */
const toast = (p: Page, title: string) =>
  p.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 10_000 });

/** Step 2's Add Field dialog: a required text field. */
async function addField(p: Page, field: { fieldName: string; displayName: string }) {
  await p.getByRole('button', { name: 'Add Field' }).click();
  const dialog = p.getByRole('dialog', { name: 'Add Field' });
  await dialog.getByLabel('Field Name').fill(field.fieldName);
  await dialog.getByLabel('Display Name').fill(field.displayName);
  await dialog.getByLabel('Required').check();
  await dialog.getByRole('button', { name: 'Add Field' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Step 3: the warning that deploying adds the columns, then Deploy. */
async function deploy(p: Page, columns: string[]) {
  await p.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
  const note = p.getByRole('region', { name: 'Changes from the live version' }).getByRole('note');
  await note.waitFor();
  const words = await note.innerText();
  expect(words).toMatch(/^Deploying adds (a column|columns) to Tab 1's header/);
  expect(words).toMatch(new RegExp(`has no column for: ${columns.join(', ')}\\.$`));
  await p.getByRole('button', { name: 'Deploy Configuration' }).click();
  await toast(p, 'Configuration Deployed!');
}

/** The wizard from a new benefit: process the sheet's tabs, add the custom field, save the defaults, deploy. */
async function runWizard(s: Sheet) {
  const benefitId = benefitOf(s);
  await admin.goto(`/admin/rsvp-config?benefit=${benefitId}`);
  await admin.getByLabel('Tab 1 Sheet URL').fill(urlOf(s.id));
  await admin.getByLabel('Tab 1 Name').fill(s.tab1);
  if (s.tab2) {
    await admin.getByLabel('Tab 2 Sheet URL (optional)').fill(urlOf(s.id));
    await admin.getByLabel('Tab 2 Name (optional)').fill(s.tab2);
  }
  await admin.getByRole('button', { name: 'Process Sheets' }).click();
  await toast(admin, 'Processing complete');
  await admin.getByRole('heading', { name: 'Configure RSVP' }).waitFor();
  await addField(admin, s.custom);
  await admin.getByLabel('Configuration Name').fill(`${s.id} RSVP`);
  await admin.getByLabel('Benefit ID').fill(benefitId);
  await admin.getByRole('button', { name: 'Save Configuration' }).click();
  await toast(admin, 'Configuration saved');
  await deploy(admin, [...(s.proposed ?? []), s.custom.displayName]);
}

type Control = {
  id: string;
  kind: 'radio' | 'select' | 'checkbox' | 'input' | 'textarea';
  type: string;
  label: string;
  value: string;
  options: string[];
};

/** The form's visible controls with their labels and current values, in the page's order. */
const controlsOf = (form: Locator) =>
  form.evaluate((el): Control[] => {
    const out: Control[] = [];
    for (const c of el.querySelectorAll<HTMLElement>('fieldset, [id^="f-"]')) {
      if (c instanceof HTMLFieldSetElement) {
        const radios = [...c.querySelectorAll<HTMLInputElement>('input[type=radio]')];
        if (radios.length === 0) continue;
        out.push({
          id: radios[0]?.name ?? '',
          kind: 'radio',
          type: 'radio',
          label: c.querySelector('legend')?.textContent?.trim() ?? '',
          value: radios.find((r) => r.checked)?.value ?? '',
          options: radios.map((r) => r.value),
        });
        continue;
      }
      const label =
        c.closest('label')?.textContent?.trim() ?? el.querySelector(`label[for="${c.id}"]`)?.textContent?.trim() ?? '';
      if (c instanceof HTMLSelectElement) {
        const options = [...c.options].map((o) => o.value).filter(Boolean);
        out.push({ id: c.id, kind: 'select', type: 'select', label, value: c.value, options });
      } else if (c instanceof HTMLInputElement) {
        const kind = c.type === 'checkbox' ? 'checkbox' : 'input';
        out.push({ id: c.id, kind, type: c.type, label, value: c.checked ? 'on' : c.value, options: [] });
      } else if (c instanceof HTMLTextAreaElement) {
        out.push({ id: c.id, kind: 'textarea', type: 'textarea', label, value: c.value, options: [] });
      }
    }
    return out;
  });

/** A sensible answer for a free-text control, by its type and label. */
function textFor(c: Control, tag: string): string {
  const label = c.label.toLowerCase();
  if (c.type === 'email') return `${tag}@example.com`;
  if (c.type === 'tel' || /phone|mobile|téléphone/.test(label)) return '+65 6000 0000';
  if (c.type === 'url' || /url|linkedin/.test(label)) return `https://www.linkedin.com/in/${tag}`;
  if (c.type === 'number') return '1';
  if (c.type === 'date') return '2031-10-01';
  if (c.type === 'time') return '10:00';
  if (/first name/.test(label)) return 'Ada';
  if (/last name/.test(label)) return `Lovelace-${tag}`;
  if (/name|nom/.test(label)) return `Ada Lovelace ${tag}`;
  if (/title/.test(label)) return 'Founder';
  return `${c.label.replace(/\s*\*$/, '')} of ${tag}`;
}

/**
 * Fills every visible field by its type: yes (or the first choice) on radios, the first open choice in selects
 * (dates, then time slots, appear as earlier answers open them), one guest, text by label. Prefilled answers stay.
 * Returns the answers as sent, by the field's label.
 */
async function fillForm(form: Locator, tag: string): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (let round = 0; round < 6; round++) {
    let changed = false;
    for (const c of await controlsOf(form)) {
      const label = c.label.replace(/\s*\*$/, '');
      if (c.value && c.value !== '') {
        if (c.kind !== 'checkbox') answers.set(label, c.value);
        continue;
      }
      changed = true;
      if (c.kind === 'radio') {
        const pick = c.options.find((o) => /^(yes|oui)$/i.test(o)) ?? (c.options[0] as string);
        await form.locator(`input[type=radio][name="${c.id}"][value="${pick}"]`).check();
        answers.set(label, pick);
      } else if (c.kind === 'select') {
        // Dates and time slots arrive with the slot list: a busy machine may show the select before its choices.
        const choices = form.locator(`#${c.id} option:not([value=""])`);
        await expect.poll(() => choices.count(), { message: `choices in ${c.label}` }).toBeGreaterThan(0);
        const options =
          c.options.length > 0
            ? c.options
            : await choices.evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
        const pick = /guest|invité|plus/i.test(c.label) ? (options.find((o) => o === '1') ?? options[0]) : options[0];
        expect(pick, `a choice in ${c.label}`).toBeTruthy();
        await form.locator(`#${c.id}`).selectOption(pick as string);
        answers.set(label, pick as string);
      } else if (c.kind === 'checkbox') {
        await form.locator(`#${c.id}`).check();
      } else {
        const text = textFor(c, tag);
        await form.locator(`#${c.id}`).fill(text);
        answers.set(label, text);
      }
    }
    if (!changed) return answers;
  }
  throw new Error('the form kept opening new fields');
}

/** The row of Tab 1 holding this e-mail address, by header. */
function sheetRow(s: Sheet, email: string) {
  const [header = [], ...rows] = parseCsv(e2e.server.sheets.readTab(s.id, s.tab1));
  const row = rows.find((r) => r.includes(email));
  return row ? { header, cells: Object.fromEntries(header.map((h, i) => [h, row[i] ?? ''])) } : null;
}

/** A member completes /rsvp/{benefitId} at 390 px; returns their address and the answers they gave. */
async function memberAnswers(s: Sheet, shot: string) {
  const benefitId = benefitOf(s);
  const context = await e2e.newContext(390);
  const email = await e2e.newMember(`${benefitId}-`, 'Ada');
  await e2e.signIn(context, email);
  const member = await context.newPage();
  await member.goto(`/rsvp/${benefitId}`);
  const form = member.locator('form');
  await form.getByRole('button', { name: 'SUBMIT' }).waitFor();
  const emailInput = form.locator('input[type=email]');
  expect(await emailInput.inputValue()).toBe(email); // prefilled from the session
  const answers = await fillForm(form, email.split('@')[0] as string);
  for (const label of [...s.asks, s.custom.displayName]) expect(answers.get(label), `${s.id}: ${label}`).toBeTruthy();
  expect(await member.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await screenshot(member, shot);
  await form.getByRole('button', { name: 'SUBMIT' }).click();
  await member.getByRole('status').getByText('Thank you! Your RSVP has been confirmed.', { exact: true }).waitFor();
  await context.close();
  return { email, answers };
}

/** Every answer lands in the sheet (the custom one under its own column), the RSVP list and the Bookings page. */
async function expectDelivered(s: Sheet, email: string, answers: Map<string, string>) {
  await expect.poll(() => sheetRow(s, email), { timeout: 10_000, interval: 200 }).not.toBeNull();
  const row = sheetRow(s, email);
  expect(row?.cells[s.custom.displayName], `${s.id}: the custom column`).toBe(answers.get(s.custom.displayName));
  const cells = Object.values(row?.cells ?? {});
  for (const [label, value] of answers) expect(cells, `${s.id}: ${label} in the sheet`).toContain(value);

  const csv = await adminContext.request.get(`/api/admin/benefits/${benefitOf(s)}/rsvps.csv`);
  expect(csv.status()).toBe(200);
  const [head = [], ...lines] = parseCsv(await csv.text());
  const line = lines.find((l) => l.includes(email)) ?? [];
  expect(line[head.indexOf(s.custom.displayName)], `${s.id}: the custom column of the CSV`).toBe(
    answers.get(s.custom.displayName),
  );
  const listed = line.map((v) => v.replace(/^'/, ''));
  for (const [label, value] of answers) expect(listed, `${s.id}: ${label} in the CSV`).toContain(value);

  await admin.goto('/admin/bookings');
  await admin.getByLabel(/status/i).selectOption('all');
  const bookingRow = admin.getByTestId('booking-row').filter({ hasText: email });
  const disclosure = bookingRow.getByTestId('booking-answers');
  await disclosure.locator('summary').click();
  const shown = await disclosure.locator('dl').innerText();
  expect(shown).toContain(s.custom.displayName);
  expect(shown).toContain(answers.get(s.custom.displayName));
}

describe('every demo sheet, end to end', () => {
  for (const s of SHEETS) {
    it(`${s.id}: wizard, member form, sheet, CSV and Bookings`, async () => {
      await runWizard(s);
      const { email, answers } = await memberAnswers(s, `demo-sheet-${s.id}-390`);
      await expectDelivered(s, email, answers);
    });
  }

  it('a live edit (a field added, a column renamed in the sheet) keeps answers in their columns', async () => {
    const s = SHEETS[0] as Sheet;
    const added = { fieldName: 'memberCode', displayName: 'Member Code' };
    await admin.goto(`/admin/rsvp-config?benefit=${benefitOf(s)}`);
    await admin.getByRole('button', { name: 'Edit current configuration' }).click();
    await admin.getByRole('heading', { name: 'Configure RSVP' }).waitFor();
    await addField(admin, added);
    await admin.getByRole('button', { name: 'Save Configuration' }).click();
    await toast(admin, 'Configuration saved');
    await deploy(admin, [added.displayName]);

    // The organiser renames a column in their sheet.
    const file = path.join(e2e.server.sheets.dir, s.id, `${s.tab1}.csv`);
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('Timestamp,Full Name,')).toBe(true);
    fs.writeFileSync(file, text.replace('Full Name', 'Guest Name'));

    const { email, answers } = await memberAnswers(s, `demo-sheet-${s.id}-edited-390`);
    await expect.poll(() => sheetRow(s, email), { timeout: 10_000, interval: 200 }).not.toBeNull();
    const row = sheetRow(s, email);
    expect(row?.header.filter((h) => /name/i.test(h))).toEqual(['Guest Name']); // no new column for the renamed one
    expect(row?.cells['Guest Name']).toBe(answers.get('Full Name'));
    expect(row?.cells.Email).toBe(email);
    expect(row?.cells[s.custom.displayName]).toBe(answers.get(s.custom.displayName));
    expect(row?.cells[added.displayName]).toBe(answers.get(added.displayName));
    expect(row?.header.slice(-2)).toEqual([s.custom.displayName, added.displayName]);
  });
});
