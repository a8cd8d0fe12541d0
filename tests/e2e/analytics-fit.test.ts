import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefitClickLogs, formSubmissionLogs } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Benefit Analytics fits a 1280 px laptop (every column, to Promoted, RSVP list and Attendees, in view)
// and stays usable on a 390 px phone (the table scrolls inside its frame, the page does not).
const PASSWORD = 'correct-horse-battery-staple';
const LONG = 'Whisky Masterclass with the Distillers of the Highlands at the Cellar Bar';
const e2e = setupE2e();

beforeAll(async () => {
  const at = new Date(Date.now() - 86_400_000);
  await e2e.db.insert(benefitClickLogs).values(
    Array.from({ length: 25 }, (_, i) => ({
      userEmail: `fit${i}@example.com`,
      benefitId: i % 2 ? 'fit-whisky' : 'fit-gala',
      benefitTitle: i % 2 ? LONG : 'Gala',
      clickTime: at,
    })),
  );
  await e2e.db.insert(formSubmissionLogs).values(
    Array.from({ length: 7 }, (_, i) => ({
      userEmail: `fit${i}@example.com`,
      submissionType: 'FORM',
      benefitId: 'fit-whisky',
      benefitTitle: LONG,
      submissionTime: at,
    })),
  );
});

async function openBenefits(width: number): Promise<Page> {
  const page = await e2e.newPage(width);
  await e2e.signInAdmin(page.context(), `fit${width}@example.com`, PASSWORD);
  await page.goto('/admin/analytics');
  await page.getByRole('tab', { name: 'Benefit Analytics', exact: true }).click();
  await page.getByTestId('analytics-row').filter({ hasText: LONG }).waitFor();
  return page;
}

/** The table frame's overflow and where the row's last links end, against the viewport. */
const measure = (page: Page) =>
  page.getByTestId('analytics-table').evaluate((table) => {
    const frame = table.parentElement as HTMLElement;
    const link = [...table.querySelectorAll('a')].find((a) => a.textContent?.includes('Attendees'));
    const promoted = [...table.querySelectorAll('th')].find((h) => h.textContent?.includes('Promoted'));
    return {
      frameOverflow: frame.scrollWidth - frame.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      attendeesRight: link?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY,
      promotedRight: promoted?.getBoundingClientRect().right ?? Number.POSITIVE_INFINITY,
      frameRight: frame.getBoundingClientRect().right,
      viewport: window.innerWidth,
    };
  });

describe('Benefit Analytics width', () => {
  it('fits a 1280 px laptop: no sideways scroll, Promoted and the row links in view', async () => {
    await e2e.server.addAdmin('fit1280@example.com', PASSWORD);
    const page = await openBenefits(1280);
    const m = await measure(page);
    expect(m.frameOverflow).toBeLessThanOrEqual(0);
    expect(m.pageOverflow).toBeLessThanOrEqual(0);
    expect(m.promotedRight).toBeLessThanOrEqual(m.frameRight);
    expect(m.attendeesRight).toBeLessThanOrEqual(m.frameRight);
    await screenshot(page, 'analytics-fit-1280');
  });

  it('on a 390 px phone the table scrolls inside its frame, never the page', async () => {
    await e2e.server.addAdmin('fit390@example.com', PASSWORD);
    const page = await openBenefits(390);
    const m = await measure(page);
    expect(m.pageOverflow).toBeLessThanOrEqual(0);
    expect(m.frameOverflow).toBeGreaterThan(0); // reachable by scrolling the frame
    await page.getByTestId('analytics-table').evaluate((t) => {
      (t.parentElement as HTMLElement).scrollLeft = 10_000;
    });
    const link = page.getByRole('link', { name: 'Attendees' }).first();
    expect(await link.isVisible()).toBe(true);
    await screenshot(page, 'analytics-fit-390');
  });
});
