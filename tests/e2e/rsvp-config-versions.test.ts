import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Decision 013: the organiser opens the benefit's configuration, adds a field, reads the diff, previews the real
// member form at desktop and phone widths, deploys; members then get the new field. Earlier versions are listed.
const BENEFIT = { id: 'lantern-walk', title: 'Lantern Walk', description: 'An evening walk along the river.' };
const SHEET_URL = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const PASSWORD = 'correct-horse-battery-staple';

const e2e = setupE2e();
let adminEmail = '';

beforeAll(async () => {
  await e2e.db.insert(benefits).values({ ...BENEFIT, slug: BENEFIT.id });
  const admin = await e2e.newContext();
  adminEmail = await e2e.newAdmin('versions-admin-', PASSWORD);
  await e2e.signInAdmin(admin, adminEmail, PASSWORD);
  // Version 1, deployed through the API as the wizard would: the demo sheet's columns, slots from Tab 2.
  const sheets = { tab1Url: SHEET_URL, tab1Name: 'Form Submissions', tab2Url: SHEET_URL, tab2Name: 'Slot Logic' };
  const processed = await admin.request.post('/api/sheets/process', { data: sheets });
  const { tab1Headers } = (await processed.json()) as { tab1Headers: unknown[] };
  const saved = await admin.request.post('/api/admin/rsvp-config', {
    data: {
      benefitId: BENEFIT.id,
      configName: 'Lantern Walk RSVP',
      isActive: false,
      formFields: tab1Headers,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: sheets,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const deployed = await admin.request.post(`/api/admin/rsvp-config/${(await saved.json()).id}/deploy`, { data: {} });
  expect(deployed.status(), await deployed.text()).toBe(200);
  await admin.close();
});

/** The page's own width: nothing may stick out sideways. */
const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signedInAdminPage(width = 1280) {
  const context = await e2e.newContext(width);
  await e2e.signInAdmin(context, adminEmail, PASSWORD);
  return context.newPage();
}

describe('configuration versions in the wizard', () => {
  it('opens the live configuration, adds a field, shows the diff and the member form, deploys it', async () => {
    const admin = await signedInAdminPage();
    const submissions: string[] = [];
    admin.on('request', (r) => {
      if (r.url().includes('/api/rsvp/dynamic/')) submissions.push(r.url());
    });
    await admin.goto(`/admin/rsvp-config?benefit=${BENEFIT.id}`);
    const current = admin.getByTestId('current-config');
    await current.getByText('Current configuration: Lantern Walk RSVP').waitFor();
    expect(await current.innerText()).toContain(`Version 1, deployed`);
    expect(await admin.getByRole('button', { name: 'Re-process Sheets' }).isVisible()).toBe(true);
    expect(await admin.getByLabel('Tab 1 Sheet URL').inputValue()).toBe(SHEET_URL);
    await admin.getByRole('button', { name: 'Edit current configuration' }).click();

    // ---- step 2 opens with the stored form ----
    await admin.getByRole('heading', { name: 'Configure RSVP' }).waitFor();
    expect(await admin.getByLabel('Configuration Name').inputValue()).toBe('Lantern Walk RSVP');
    const fieldList = admin.getByRole('list', { name: 'Form fields' });
    expect(await fieldList.locator('li').count()).toBe(10);
    await admin.getByRole('button', { name: 'Add Field' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Field' });
    await dialog.getByLabel('Field Name').fill('company');
    await dialog.getByLabel('Display Name').fill('Company');
    await dialog.getByLabel('Required').check();
    await dialog.getByRole('button', { name: 'Add Field' }).click();
    await dialog.waitFor({ state: 'detached' });
    const put = admin.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/admin/rsvp-config/'));
    await admin.getByRole('button', { name: 'Save Configuration' }).click();
    expect((await put).postDataJSON()).toMatchObject({ isActive: false });

    // ---- step 3: the diff against live ----
    await admin.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    const diff = admin.getByRole('region', { name: 'Changes from the live version' });
    await diff.getByText('Fields added').waitFor();
    expect(await diff.innerText()).toContain('+ Company company');
    expect(await diff.getByRole('note').innerText()).toContain("adds a column to Tab 1's header");
    expect(await admin.getByLabel('Configuration summary').innerText()).toContain('Draft saved, not deployed');
    // Saved, not deployed: members still get version 1.
    const member = await e2e.newContext();
    await e2e.signIn(member, await e2e.newMember('lantern-', 'Lena'));
    const liveFields = async () =>
      (
        (await (await member.request.get(`/api/rsvp/configuration/${BENEFIT.id}`)).json()) as {
          formFields: { fieldName: string }[];
        }
      ).formFields.map((f) => f.fieldName);
    expect(await liveFields()).not.toContain('company');

    // ---- the preview is the member form: desktop width ----
    const preview = admin.getByTestId('form-preview');
    await preview.getByLabel('Company *').waitFor();
    expect(await preview.getByLabel('Email *').inputValue()).toBe('member@example.com');
    await preview.getByRole('heading', { name: BENEFIT.title }).waitFor();
    await preview.getByRole('button', { name: 'SUBMIT' }).click();
    await admin.getByText('Form Validation Error').first().waitFor();
    await screenshot(admin, 'config-versions-step3-1280');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);

    // ---- and in a 390 px phone frame; submitting there sends nothing ----
    await admin.getByRole('button', { name: 'Phone', exact: true }).click();
    const frameBox = await admin.locator('iframe[title="Phone preview"]').boundingBox();
    expect(Math.round(frameBox?.width ?? 0)).toBe(390);
    const phone = admin.frameLocator('iframe[title="Phone preview"]');
    await phone.getByLabel('Company *').fill('Lantern & Co');
    await phone.getByLabel('Full Name *').fill('Lena Member');
    expect(await phone.locator('body').evaluate((b) => b.scrollWidth)).toBeLessThanOrEqual(390);
    await admin.locator('iframe[title="Phone preview"]').scrollIntoViewIfNeeded();
    await screenshot(admin, 'config-versions-step3-phone-preview', { fullPage: false });
    expect(submissions).toEqual([]);

    // ---- deploy makes the draft version 2; version 1 is listed with who deployed it ----
    await admin.getByRole('button', { name: 'Deploy Configuration' }).click();
    await admin.getByText('Configuration Deployed!').first().waitFor();
    const versions = admin.getByRole('list', { name: 'Deployed versions' });
    await versions.getByText('Version 2, deployed').waitFor();
    const rows = await versions.locator('li').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`by ${adminEmail}`);
    expect(rows[0]).toContain('Live');
    expect(rows[1]).toContain('Version 1');
    expect(await liveFields()).toContain('company');
    expect(submissions).toEqual([]);

    // ---- the member gets the new field on /rsvp/{benefitId}, at 1280 and 390 px ----
    for (const width of [1280, 390]) {
      const page = await member.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
      await page.goto(`/rsvp/${BENEFIT.id}`);
      await page.getByLabel('Company *').waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `config-versions-member-${width}`);
      await page.close();
    }
  });

  it('restores version 1 into the draft; members keep version 2 until it is deployed', async () => {
    const admin = await signedInAdminPage(390);
    await admin.goto(`/admin/rsvp-config?benefit=${BENEFIT.id}`);
    await admin.getByRole('button', { name: 'Edit current configuration' }).click();
    await admin.getByRole('button', { name: 'Save Configuration' }).click();
    await admin.getByRole('heading', { name: 'Preview & Deploy' }).waitFor();
    await admin.getByRole('button', { name: 'Restore version 1 into the draft' }).click();
    await admin.getByText('Version 1 restored').first().waitFor();
    const diff = admin.getByRole('region', { name: 'Changes from the live version' });
    await diff.getByText('Fields removed').waitFor();
    expect(await diff.innerText()).toContain('Company');
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await screenshot(admin, 'config-versions-restore-390');
    const member = await e2e.newContext();
    await e2e.signIn(member, await e2e.newMember('lantern-late-', 'Lou'));
    const live = await member.request.get(`/api/rsvp/configuration/${BENEFIT.id}`);
    expect(JSON.stringify(await live.json())).toContain('company');
  });
});
