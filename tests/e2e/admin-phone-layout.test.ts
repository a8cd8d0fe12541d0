import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendeesPath } from '../../src/client/paths.ts';
import { enqueueMail } from '../../src/server/features/outbox/mail-outbox.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Two admin pages on a 390 px phone: the Attendees header's actions form whole, even rows (not a ragged wrap of
// buttons of every width), and the Outbox reads as stacked rows without scrolling sideways. At 1280 px both keep
// their laptop layout: one row of actions, every Outbox column.
const e2e = setupE2e();
const PASSWORD = 'phone-layout-admin-password';
const EVENT = 'ap-house';
const LONG_TO = 'a-member-with-a-rather-long-address@example-conference-partners.com';
const LONG_SUBJECT = 'RSVP Confirmation - Special Access Pass, with a subject long enough to wrap';

beforeAll(async () => {
  await enqueueMail(e2e.db, {
    purpose: 'confirmation',
    to: LONG_TO,
    subject: LONG_SUBJECT,
    text: 'Your place is confirmed.',
  });
});

async function adminPage(width: number): Promise<Page> {
  const context = await e2e.newContext(width);
  await e2e.signInAdmin(context, await e2e.newAdmin('phone-layout-admin-', PASSWORD), PASSWORD);
  return context.newPage();
}

type Box = { name: string; left: number; right: number; middle: number; width: number };

/** The header's actions (each child of the container), grouped into rows, with the container's edges. */
async function actionRows(page: Page) {
  return page.getByTestId('attendees-actions').evaluate((box) => {
    const frame = box.getBoundingClientRect();
    const rows = new Map<number, Box[]>();
    for (const el of box.children) {
      const r = el.getBoundingClientRect();
      if (r.width === 0) continue;
      // By the middle, not the top edge: a text link centred beside taller buttons is on their row.
      const middle = Math.round(r.top + r.height / 2);
      const item = { name: (el.textContent ?? '').trim(), left: r.left, right: r.right, middle, width: r.width };
      rows.set(middle, [...(rows.get(middle) ?? []), item]);
    }
    return { left: frame.left, right: frame.right, rows: [...rows.values()] };
  });
}

async function openAttendees(width: number) {
  const page = await adminPage(width);
  await page.goto(attendeesPath(EVENT));
  await page.getByTestId('attendee-counts').waitFor();
  await page.getByRole('link', { name: 'Partner report' }).waitFor();
  return page;
}

async function openOutbox(width: number) {
  const page = await adminPage(width);
  await page.goto('/admin/outbox');
  await page.getByTestId('outbox-row').first().waitFor();
  return page;
}

describe('admin pages on a phone', () => {
  it('Attendees at 390 px: the header actions fill whole rows, evenly', async () => {
    const page = await openAttendees(390);
    const { left, right, rows } = await actionRows(page);
    expect(rows.flat().map((b) => b.name)).toEqual([
      'Add booking',
      'Message attendees',
      'CSV',
      'XLSX',
      'Partner report',
    ]);
    for (const row of rows) {
      const names = row.map((b) => b.name).join(', ');
      // Each row runs from the container's left edge to its right edge...
      expect(Math.abs((row[0]?.left ?? 0) - left), `${names}: gap at the left edge`).toBeLessThanOrEqual(1);
      expect(Math.abs((row.at(-1)?.right ?? 0) - right), `${names}: gap at the right edge`).toBeLessThanOrEqual(1);
      // ...and the actions sharing a row are the same width.
      const widths = row.map((b) => b.width);
      expect(Math.max(...widths) - Math.min(...widths), `${names}: widths ${widths}`).toBeLessThanOrEqual(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoTextOverflow(page, 'attendees at 390 px');
  });

  it('Attendees at 1280 px: the header actions stay on one row', async () => {
    const page = await openAttendees(1280);
    const { rows } = await actionRows(page);
    expect(rows).toHaveLength(1);
  });

  // A phone, and a tablet held upright (the table's columns need more room than either).
  it.each([390, 760])('Outbox at %i px: no sideways scrolling, each row stacks its fields', async (width) => {
    const page = await openOutbox(width);
    const row = page.getByTestId('outbox-row').filter({ hasText: LONG_TO }).first();
    await row.waitFor();
    const widths = await page.evaluate(() => {
      const frame = document.querySelector<HTMLElement>('section[aria-label="Messages"]');
      return {
        page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        frame: frame ? [frame.scrollWidth, frame.clientWidth] : null,
      };
    });
    expect(widths.page[0], 'page scrolls sideways').toBeLessThanOrEqual(widths.page[1] as number);
    expect(widths.frame, 'the Messages frame').not.toBeNull();
    expect(widths.frame?.[0], 'the table scrolls sideways').toBeLessThanOrEqual(widths.frame?.[1] as number);
    // The address, subject and status are in the row's visible text, not in a column beyond the screen.
    const details = row.getByTestId('outbox-row-details');
    expect(await details.isVisible()).toBe(true);
    const text = await details.innerText();
    expect(text).toContain(LONG_TO);
    expect(text).toContain(LONG_SUBJECT);
    expect(text).toMatch(/pending|sent|failed/i);
    await expectNoTextOverflow(page, `outbox at ${width} px`);
  });

  it('Outbox at 1280 px: every column, no stacked details', async () => {
    const page = await openOutbox(1280);
    const headers = await page
      .locator('thead th')
      .evaluateAll((ths) =>
        ths.filter((th) => th.getBoundingClientRect().width > 0).map((th) => (th as HTMLElement).innerText.trim()),
      );
    expect(headers.slice(0, 6).map((h) => h.toLowerCase())).toEqual([
      'queued',
      'purpose',
      'to',
      'subject',
      'status',
      'attempts',
    ]);
    expect(await page.getByTestId('outbox-row-details').first().isVisible()).toBe(false);
  });
});
