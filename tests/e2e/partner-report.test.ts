import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_REPORT_MSG } from '#common/partner-report.ts';
import { benefitClickLogs, benefits, bookings, events } from '../../src/server/db/schema.ts';
import { pdfText } from '../support/pdf-text.ts';
import { screenshot, settle } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Decision 017: an admin opens a benefit's partner report from analytics, downloads the PDF, shares a link that a
// partner opens signed out, and revokes it.
const PASSWORD = 'correct-horse-battery-staple';
const ID = 'wine-evening';
const TITLE = 'Wine Evening at the Cellar';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const e2e = setupE2e();
let admin: Page;
let shared = '';

/** An evening that is over: 12 bookings over six days, 8 checked in, 3 no-shows, one released, one promoted. */
async function seed() {
  const endsAt = new Date(Date.now() - DAY);
  await e2e.db.insert(benefits).values({ id: ID, title: TITLE, slug: ID, description: 'A tasting', kind: 'event' });
  await e2e.db.insert(events).values({
    id: ID,
    benefitId: ID,
    title: TITLE,
    location: 'The Cellar',
    capacity: 12,
    startsAt: new Date(endsAt.getTime() - 3 * HOUR),
    endsAt,
  });
  const placed = (i: number) => new Date(endsAt.getTime() - (8 - (i % 6)) * DAY);
  await e2e.db.insert(bookings).values(
    Array.from({ length: 12 }, (_, i) => ({
      eventId: ID,
      email: `guest${i}@example.com`,
      firstName: `Guest${i}`,
      placedAt: placed(i),
      createdAt: placed(i),
      status: i === 11 ? 'cancelled' : 'confirmed',
      releasedAt: i === 11 ? placed(i) : null,
      promotedAt: i === 10 ? placed(i) : null,
      checkedInAt: i < 8 ? new Date(endsAt.getTime() - HOUR) : null,
    })),
  );
  await e2e.db.insert(benefitClickLogs).values({ userEmail: 'guest0@example.com', benefitId: ID, benefitTitle: TITLE });
}

beforeAll(seed);

describe('partner report', () => {
  it('analytics lists attendance per benefit and leads to the report', async () => {
    await e2e.server.addAdmin('reports@example.com', PASSWORD);
    admin = await e2e.newPage();
    await e2e.signInAdmin(admin.context(), 'reports@example.com', PASSWORD);
    await admin.goto('/admin/analytics');
    await admin.getByRole('tab', { name: 'Benefit Analytics', exact: true }).click();
    const row = admin.getByTestId('analytics-row').filter({ hasText: TITLE });
    await row.waitFor();
    expect(await row.getByTestId('attendance-bookings').innerText()).toBe('12');
    expect(await row.getByTestId('attendance-checkIns').innerText()).toBe('8');
    expect(await row.getByTestId('attendance-noShows').innerText()).toBe('3');
    expect(await row.getByTestId('attendance-releases').innerText()).toBe('1');
    expect(await row.getByTestId('attendance-promotions').innerText()).toBe('1');
    await screenshot(admin, 'partner-report-analytics-1280');
    await row.getByRole('link', { name: 'Partner report' }).click();
    await admin.waitForURL((u) => u.pathname === `/admin/analytics/benefits/${ID}/report`);
    await admin.getByRole('heading', { name: TITLE }).waitFor();
    const panel = admin.getByTestId('attendance-panel');
    expect(await panel.innerText()).toContain('73%'); // 8 of 11 expected
    await admin.getByTestId('daily-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await settle(admin);
    await screenshot(admin, 'partner-report-admin-1280');
  });

  it('downloads the report as a PDF', async () => {
    const [file] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('partner-report-Wine-Evening-at-the-Cellar.pdf');
    const pdf = fs.readFileSync(await file.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(TITLE);
    expect(text).toMatch(/ATTENDANCE RATE\n73%/);
    expect(text).not.toContain('guest0@example.com');
  });

  it('creates a read-only link that a partner opens signed out, at 1280 and 390 px', async () => {
    await admin.getByRole('button', { name: 'Create read-only link' }).click();
    const field = admin.getByTestId('created-link');
    await field.waitFor();
    shared = await field.inputValue();
    expect(shared).toMatch(/\/reports\/[A-Za-z0-9_-]{43}$/);
    await admin.getByTestId('report-link').filter({ hasText: 'active' }).waitFor();
    await screenshot(admin, 'partner-report-link-1280');

    for (const width of [1280, 390]) {
      const partner = await e2e.newPage(width);
      await partner.goto(shared);
      await partner.getByRole('heading', { name: TITLE }).waitFor();
      const body = await partner.locator('body').innerText();
      expect(body).toContain('73%');
      expect(body).toContain('This read-only link works until');
      expect(body).not.toContain('guest0');
      await partner.getByTestId('daily-chart').locator('.recharts-bar-rectangle').first().waitFor();
      await settle(partner);
      await screenshot(partner, `partner-report-shared-${width}`);
    }
  });

  it('a revoked link says so', async () => {
    await admin.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByTestId('report-link').filter({ hasText: 'revoked' }).waitFor();
    // The revoked link leaves the screen, and its Copy button with it.
    await expect.poll(() => admin.getByTestId('created-link').count()).toBe(0);
    expect(await admin.getByRole('button', { name: 'Copy' }).count()).toBe(0);
    await screenshot(admin, 'partner-report-link-revoked-1280');
    const partner = await e2e.newPage(390);
    await partner.goto(shared);
    await partner.getByText(PARTNER_REPORT_MSG.revoked).waitFor();
    await screenshot(partner, 'partner-report-revoked-390');
  });
});
