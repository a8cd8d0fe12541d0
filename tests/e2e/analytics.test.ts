import fs from 'node:fs';
import type { Locator, Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_MSG } from '#common/analytics-report.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benefitClickLogs, formSubmissionLogs, portalAccessLogs } from '../../src/server/db/schema.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// docs/spec/admin-and-rsvp.md §2 (Analytics), §3 (analytics summary, benefit analytics page), §7, §8 and §9.
// One server for the file: a member makes activity, then an admin reads it on /admin/analytics.
const PASSWORD = 'correct-horse-battery-staple';
const MEMBER = 'ana.lytics@example.com';
const SPEAKERS = 'Speakers Reception';
const SAP = 'SAP Night at AP House';
const WRISTCHECK = 'Wristcheck';
const FILLERS = 24; // with the three above: 27 report rows, two pages of 25
const CSV_HEADER = ['Benefit ID', 'Benefit', 'Clicks', 'Submissions', 'Unique users', 'Total interactions'];

const e2e = setupE2e();
let admin: Page;
const consoleErrors: string[] = [];

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000 - 3_600_000);

/**
 * Older activity straight into the logs, so the newest entries are the member's: SAP Night 25
 * submissions (green badge), Wristcheck 12 clicks (yellow), 24 fillers with one click each.
 */
async function seedHistory() {
  const who = (i: number) => `guest${i}@example.com`;
  await e2e.db.insert(formSubmissionLogs).values(
    Array.from({ length: 25 }, (_, i) => ({
      userEmail: who(i % 9),
      submissionType: 'FORM',
      benefitId: 'sap-night',
      benefitTitle: SAP,
      submissionTime: daysAgo(1 + (i % 6)),
    })),
  );
  await e2e.db.insert(benefitClickLogs).values([
    ...Array.from({ length: 12 }, (_, i) => ({
      userEmail: who(i % 5),
      benefitId: 'wristcheck',
      benefitTitle: WRISTCHECK,
      clickTime: daysAgo(2 + (i % 5)),
    })),
    ...Array.from({ length: FILLERS }, (_, i) => ({
      userEmail: who(i % 7),
      benefitId: `zeta-filler-${i + 1}`,
      benefitTitle: `Zeta Filler ${String(i + 1).padStart(2, '0')}`,
      clickTime: daysAgo(3 + (i % 8)),
    })),
  ]);
  await e2e.db
    .insert(portalAccessLogs)
    .values(Array.from({ length: 30 }, (_, i) => ({ userEmail: who(i % 9), accessTime: daysAgo(1 + (i % 10)) })));
}

beforeAll(seedHistory);

const rows = (p: Page) => p.getByTestId('analytics-row');
const rowNamed = (p: Page, name: string) =>
  rows(p).filter({ has: p.getByTestId('benefit-title').getByText(name, { exact: true }) });
const pageIndicator = (p: Page) => p.getByTestId('page-indicator');
const header = (p: Page, name: string) => p.getByRole('columnheader', { name, exact: true });
const statValue = async (p: Page, id: string) =>
  Number((await p.getByTestId(id).getByTestId('stat-value').innerText()).replace(/[^\d]/g, ''));

async function titles(p: Page, n?: number): Promise<string[]> {
  const all = (await rows(p).getByTestId('benefit-title').allTextContents()).map((t) => t.trim());
  return n === undefined ? all : all.slice(0, n);
}

async function rowCells(row: Locator): Promise<string[]> {
  return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
}

/** Clicks the link and returns the downloaded file's name and text. */
async function download(p: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([p.waitForEvent('download'), link.click()]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), text: fs.readFileSync(filePath, 'utf8') };
}

describe('admin analytics', () => {
  it('a member signs in, opens the Speakers Reception tile and RSVPs: access, click and submission are logged', async () => {
    await e2e.server.addMember({ email: MEMBER, firstName: 'Ana', lastName: 'Lytics' });
    const page = await e2e.newPage();
    await page.goto('/login');
    await page.getByLabel('EMAIL ADDRESS').fill(MEMBER);
    await page.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/benefits');

    const tile = page
      .getByTestId('benefit-tile')
      .filter({ has: page.getByRole('heading', { name: SPEAKERS, exact: true }) });
    const click = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/click');
    await tile.getByRole('button').click();
    expect((await click).status()).toBe(201);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: SPEAKERS, exact: true }).waitFor();

    const submission = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/analytics/submission');
    await dialog.getByTestId('rsvp-speakers-reception').getByRole('button', { name: 'RSVP NOW' }).click();
    expect((await submission).status()).toBe(201);
  });

  it('Overview: totals, the member in recent activity (Just now) and the daily chart; benefits not fetched yet', async () => {
    await e2e.server.addAdmin('analyst@example.com', PASSWORD);
    admin = await e2e.newPage();
    // CSP refusals and React errors show up here; the page must run clean.
    admin.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    admin.on('pageerror', (e) => consoleErrors.push(e.message));
    await e2e.signInAdmin(admin.context(), 'analyst@example.com', PASSWORD);
    const benefitCalls: string[] = [];
    admin.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/analytics/benefits') benefitCalls.push(r.url());
    });

    await admin.goto('/admin/analytics');
    await admin.getByRole('tab', { name: 'Overview', exact: true }).waitFor();
    expect(await admin.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true');
    await admin.getByTestId('stat-portal-accesses').waitFor();
    expect(await statValue(admin, 'stat-portal-accesses')).toBe(31);
    expect(await statValue(admin, 'stat-benefit-clicks')).toBe(12 + FILLERS + 1);
    expect(await statValue(admin, 'stat-form-submissions')).toBe(26);

    const items = admin.getByTestId('activity-item');
    expect(await items.count()).toBe(10);
    const mine = items.filter({ hasText: MEMBER });
    expect(await mine.count()).toBe(3);
    for (const text of await mine.allInnerTexts()) expect(text).toContain('Just now');
    const types = (await mine.allInnerTexts()).map((t) => t.split('\n')[0]?.trim());
    expect(types.sort()).toEqual(['Benefit click', 'Form submission', 'Portal access']);
    expect(await items.filter({ hasText: `Clicked ${SPEAKERS}` }).count()).toBe(1);

    const chart = admin.getByTestId('daily-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    for (const name of ['Portal access', 'Benefit clicks', 'Form submissions']) {
      await chart.locator('.recharts-legend-item-text', { hasText: name }).waitFor();
    }
    await screenshot(admin, 'analytics-overview');
    expect(benefitCalls).toEqual([]);
  });

  it('Benefit Analytics: default sort, badges, paging, sort toggles, search and date range', async () => {
    await admin.getByRole('tab', { name: 'Benefit Analytics', exact: true }).click();
    await rows(admin).first().waitFor();
    expect(await titles(admin, 3)).toEqual([SAP, WRISTCHECK, SPEAKERS]);
    expect(await rows(admin).count()).toBe(25);
    expect(await pageIndicator(admin).innerText()).toBe('Page 1 of 2');
    expect(await header(admin, 'Total Interactions').getAttribute('aria-sort')).toBe('descending');
    const tones = await rows(admin)
      .getByTestId('interactions-badge')
      .evaluateAll((els) => els.slice(0, 4).map((el) => el.getAttribute('data-tone')));
    expect(tones).toEqual(['green', 'yellow', 'grey', 'grey']);
    // Attendance (decision 017): the member's one booking, nothing checked in or over yet.
    expect(await rowCells(rowNamed(admin, SPEAKERS))).toEqual([
      `${SPEAKERS}\nPartner report`,
      ...['1', '1', '1', '2'],
      ...['1', '0', '0', '0', '0'],
      'RSVP list\nAttendees',
    ]);
    await screenshot(admin, 'analytics-benefits');

    await admin.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => pageIndicator(admin).innerText()).toBe('Page 2 of 2');
    await expect.poll(() => titles(admin)).toEqual(['Zeta Filler 23', 'Zeta Filler 24']);

    // A new column starts descending, and back to page 1.
    await header(admin, 'Clicks').getByRole('button').click();
    await expect.poll(() => pageIndicator(admin).innerText()).toBe('Page 1 of 2');
    await expect.poll(() => titles(admin, 3)).toEqual([WRISTCHECK, SPEAKERS, 'Zeta Filler 01']);
    expect(await header(admin, 'Clicks').getAttribute('aria-sort')).toBe('descending');
    expect(await header(admin, 'Total Interactions').getAttribute('aria-sort')).toBe('none');
    expect(await header(admin, 'Clicks').getByTestId('sort-desc').count()).toBe(1);
    // The same column again: ascending.
    await header(admin, 'Clicks').getByRole('button').click();
    await expect.poll(() => titles(admin, 2)).toEqual([SAP, SPEAKERS]);
    expect(await header(admin, 'Clicks').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(admin, 'Clicks').getByTestId('sort-asc').count()).toBe(1);

    await admin.getByRole('searchbox', { name: 'Search benefits' }).fill('speak');
    await expect.poll(() => titles(admin)).toEqual([SPEAKERS]);
    expect(await pageIndicator(admin).innerText()).toBe('Page 1 of 1');

    await admin.getByLabel('Start date').fill('2099-01-01');
    await admin.getByText(ANALYTICS_MSG.noBenefits, { exact: true }).waitFor();
    await admin.getByLabel('Start date').fill('2000-01-01');
    await expect.poll(() => titles(admin)).toEqual([SPEAKERS]);
  });

  it('the clicks dialog lists the member; CSV exports carry the filters and the rows', async () => {
    // The row carries a preview of each list; the dialog asks for the whole one, same date window.
    const fullList = admin.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/admin/analytics/benefits/speakers-reception/emails',
    );
    await rowNamed(admin, SPEAKERS)
      .getByRole('button', { name: `Show click emails for ${SPEAKERS}` })
      .click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Click emails', exact: true }).waitFor();
    const listed = await fullList;
    expect(listed.status()).toBe(200);
    expect(Object.fromEntries(new URL(listed.url()).searchParams)).toEqual({ kind: 'click', startDate: '2000-01-01' });
    expect(await listed.json()).toEqual({ data: { emails: [MEMBER] } });
    expect(await dialog.getByTestId('email-list').innerText()).toBe(MEMBER);
    await screenshot(admin, 'analytics-emails-dialog', { fullPage: false });
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await rowNamed(admin, SPEAKERS)
      .getByRole('button', { name: `Show submission emails for ${SPEAKERS}` })
      .click();
    await dialog.getByRole('heading', { name: 'Submission emails', exact: true }).waitFor();
    expect(await dialog.getByTestId('email-list').innerText()).toBe(MEMBER);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    const csvLink = admin.getByRole('link', { name: 'Download CSV', exact: true });
    const href = new URL((await csvLink.getAttribute('href')) ?? '', e2e.baseUrl);
    expect(href.pathname).toBe('/api/admin/analytics/benefits.csv');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      sortBy: 'totalClicks',
      sortDir: 'asc',
      search: 'speak',
      startDate: '2000-01-01',
    });
    const csv = await download(admin, csvLink);
    expect(csv.name).toBe('benefit-analytics.csv');
    expect(parseCsv(csv.text)).toEqual([CSV_HEADER, ['speakers-reception', SPEAKERS, '1', '1', '1', '2']]);

    const rsvps = await download(admin, rowNamed(admin, SPEAKERS).getByRole('link', { name: 'RSVP list' }));
    expect(rsvps.name).toBe('rsvps-Speakers-Reception.csv');
    const [rsvpHeader, ...booked] = parseCsv(rsvps.text);
    expect(rsvpHeader?.slice(0, 2)).toEqual(['Event', 'Email']);
    expect(booked.map((r) => r.slice(0, 2))).toEqual([[SPEAKERS, MEMBER]]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the error messages when the summary or the report cannot be loaded', async () => {
    const page = await admin.context().newPage();
    await page.route(
      (url) => url.pathname.startsWith('/api/admin/analytics/'),
      (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await page.goto('/admin/analytics');
    await page.getByText(ANALYTICS_MSG.summaryFailed, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Benefit Analytics', exact: true }).click();
    await page.getByText(ANALYTICS_MSG.benefitsFailed, { exact: true }).waitFor();
    await page.close();
  });

  it('says reports are busy (503 report_busy) and loads them again on "Try again"', async () => {
    const page = await admin.context().newPage();
    const busy = JSON.stringify({ error: ANALYTICS_MSG.reportBusy, code: ERROR_CODE.reportBusy });
    const answerBusy = (route: Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '5' }, body: busy });
    const isReport = (url: URL) => url.pathname.startsWith('/api/admin/analytics/');
    await page.route(isReport, answerBusy);
    await page.goto('/admin/analytics');
    await page.getByText(ANALYTICS_MSG.reportBusy, { exact: true }).waitFor();
    await page.unroute(isReport, answerBusy);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Daily activity').waitFor();
    await page.close();
  });
});
