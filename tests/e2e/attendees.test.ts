import fs from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookings, eventSlots } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { queuedMails } from '../support/mails.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Decision 018, in the browser: an admin finds an attendee of the concierge tours, moves them to another slot,
// resends their confirmation and exports the list as XLSX, on a laptop and on a 390 px phone.
const e2e = setupE2e();
const PASSWORD = 'attendee-admin-password';
const EVENT = 'ap-house';

async function slotsOfEvent() {
  return e2e.db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, EVENT), eq(eventSlots.isActive, true)))
    .orderBy(asc(eventSlots.slotDate), asc(eventSlots.sortKey), asc(eventSlots.slotTime));
}

/** A member booked on the first tour slot; answers the e-mail, the name and the booking. */
async function bookedMember(tag: string, firstName: string) {
  const email = await e2e.newMember(`attendee-${tag}-`, firstName);
  const [first] = await slotsOfEvent();
  const { booking } = await reservePlace(e2e.db, {
    eventId: EVENT,
    email,
    fullName: `${firstName} Member`,
    slotId: first?.id,
    data: { fullName: `${firstName} Member`, email, phoneNumber: '+65 8123 4567', bringingGuests: 'no' },
  });
  return { email, name: `${firstName} Member`, booking };
}

async function adminPage(width: number): Promise<Page> {
  const context = await e2e.newContext(width);
  const email = await e2e.newAdmin('attendee-admin-', PASSWORD);
  await e2e.signInAdmin(context, email, PASSWORD);
  return context.newPage();
}

const toastWith = (page: Page, title: string) =>
  page
    .getByTestId('toast')
    .filter({ has: page.getByText(title, { exact: true }) })
    .last()
    .waitFor();

/** Searches by first name until the list holds just this member (the unfiltered list shows first). */
async function findAttendee(page: Page, member: { name: string; email: string }) {
  await page.getByLabel('Search').fill(member.name.split(' ')[0] as string);
  const rows = page.getByTestId('attendee-row');
  await expect.poll(() => rows.evaluateAll((list) => list.map((r) => r.dataset.email))).toEqual([member.email]);
  return rows.first();
}

async function moveAndResend(page: Page, width: number, tag: string, firstName: string) {
  const member = await bookedMember(tag, firstName);
  const [, target] = await slotsOfEvent();
  if (!target) throw new Error('the concierge tours need two slots');
  const row = await findAttendee(page, member);
  await screenshot(page, `attendees-found-${width}.png`);

  await row.getByRole('button', { name: `Actions for ${member.name}` }).click();
  await screenshot(page, `attendees-menu-${width}.png`, { fullPage: false });
  await page.getByRole('menuitem', { name: 'Move to another slot' }).click();
  await page.getByLabel('New slot').selectOption(target.id);
  await screenshot(page, `attendees-move-dialog-${width}.png`, { fullPage: false });
  await page.getByRole('button', { name: 'Move', exact: true }).click();
  await toastWith(page, 'Booking moved');
  const [moved] = await e2e.db.select().from(bookings).where(eq(bookings.id, member.booking.id));
  expect(moved?.slotId).toBe(target.id);
  const newLabel = await row.getByTestId('attendee-slot').innerText();
  expect(newLabel).toMatch(/ SGT$/);

  await row.getByRole('button', { name: `Actions for ${member.name}` }).click();
  await page.getByRole('menuitem', { name: 'Resend confirmation' }).click();
  await toastWith(page, 'Confirmation sent again');
  await expect
    .poll(async () => (await queuedMails(e2e.db, { purpose: 'confirmation', to: member.email })).length)
    .toBe(2);
  return { ...member, slotLabel: newLabel.trim() };
}

async function exportXlsx(page: Page) {
  const link = page.getByRole('link', { name: 'XLSX' });
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(file.suggestedFilename()).toBe('attendees-AP-House-Concierge-Tour.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(await file.path()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push((sheet.getRow(n).values as unknown[]).slice(1));
  return { header, rows };
}

describe('attendee management', () => {
  it('on a laptop: from the dashboard, find, move, resend, export XLSX', async () => {
    const page = await adminPage(1280);
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: /Attendees of AP House Concierge Tours/ }).click();
    await page.waitForURL((url) => url.pathname === `/admin/events/${EVENT}/attendees`);
    await page.getByRole('heading', { name: 'Attendees: AP House Concierge Tour' }).waitFor();

    const member = await moveAndResend(page, 1280, 'laptop', 'Lara');
    await expectNoTextOverflow(page);
    await screenshot(page, 'attendees-1280.png');

    // The export carries the filtered list: the search is still on, so just this member.
    const { header, rows } = await exportXlsx(page);
    expect(header.slice(0, 5)).toEqual(['Name', 'Email', 'Phone', 'Status', 'Slot']);
    // The form's name and phone answers are the Name and Phone columns, not repeated as answers.
    expect(header).toEqual(expect.arrayContaining(['Booked at', 'Bringing guests']));
    expect(header).not.toEqual(expect.arrayContaining(['Full name']));
    expect(header).not.toEqual(expect.arrayContaining(['Phone number']));
    expect(rows).toHaveLength(1);
    const row = rows[0] as unknown[];
    expect(row.slice(0, 5)).toEqual([member.name, member.email, '+65 8123 4567', 'confirmed', member.slotLabel]);
    expect(String(row[header.indexOf('Booked at')])).toMatch(/ SGT$/);
  });

  it('on a 390 px phone: the same, with no sideways page scroll', async () => {
    const page = await adminPage(390);
    await page.goto(`/admin/events/${EVENT}/attendees`);
    await page.getByRole('heading', { name: 'Attendees: AP House Concierge Tour' }).waitFor();
    const member = await moveAndResend(page, 390, 'phone', 'Pia');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'attendees-390.png');
    const { rows } = await exportXlsx(page);
    expect(rows.map((r) => r[1])).toEqual([member.email]);
  });

  it('reaches the attendees from analytics, and runs a bulk action with a report', async () => {
    const page = await adminPage(1280);
    await page.goto(`/admin/benefits/${EVENT}/attendees`);
    await page.waitForURL((url) => url.pathname === `/admin/events/${EVENT}/attendees`);
    const a = await bookedMember('bulk-a', 'Bea');
    const b = await bookedMember('bulk-b', 'Bo');
    await page.getByLabel('Search').fill('bulk-');
    // The search has settled when just these two are listed (the other tests' bookings show before it).
    const shown = () => page.getByTestId('attendee-row').evaluateAll((rows) => rows.map((r) => r.dataset.email));
    await expect.poll(shown).toEqual([a.email, b.email]);
    await page.getByLabel('Select all shown').check();
    await page.getByLabel('Action for the selection').selectOption('cancel');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByTestId('bulk-report').getByText('2 done').waitFor();
    await screenshot(page, 'attendees-bulk-1280.png');
    for (const m of [a, b]) {
      const [row] = await e2e.db.select().from(bookings).where(eq(bookings.id, m.booking.id));
      expect(row?.status).toBe('cancelled');
    }
  });
});
