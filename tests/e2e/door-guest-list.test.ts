import { and, eq, like } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// At the door: with the scanner or the network down, staff tick people off the event's guest list, kept
// on the phone; an admission made offline is queued and synced like an offline scan.
const e2e = setupE2e();
const PASSWORD = 'door-list-password-1';
const EVENT = 'crypto-fight-night';

async function book(firstName: string): Promise<string> {
  const context = await e2e.newContext();
  const email = await e2e.newMember('glist-', firstName);
  await e2e.signIn(context, email);
  expect((await context.request.post(`/api/rsvp/${EVENT}`, { data: {} })).status()).toBe(201);
  return email;
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId('door-guest-list').getByTestId('door-pass').filter({ hasText: name });

describe('the guest list at the door', () => {
  it('on a 390 px phone, offline: sorted, searchable, with guests and status; Admit queues and syncs', async () => {
    for (const name of ['Zoe', 'Anna', 'Mia']) await book(name);
    const [anna] = await e2e.db
      .update(bookings)
      .set({ guestCount: 2, places: 3 })
      .where(and(eq(bookings.eventId, EVENT), eq(bookings.fullName, 'Anna Member'), like(bookings.email, 'glist-%')))
      .returning();
    expect(anna).toBeDefined();

    const context = await e2e.newContext(390);
    const staff = await e2e.newAdmin('door-list-staff-', PASSWORD, 'staff');
    await e2e.signInAdmin(context, staff, PASSWORD);
    const page = await context.newPage();
    await page.goto('/admin/check-in');
    await page.getByLabel('Event', { exact: true }).selectOption(EVENT);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('door:passes:'))))
      .toBe(true);

    // The network goes: the list is the one kept on the phone.
    await context.setOffline(true);
    await page.getByRole('button', { name: /Guest list/ }).click();
    await page.getByLabel('Filter the guest list').fill('glist-');
    const names = page.getByTestId('door-guest-list').getByTestId('door-pass').locator('span.font-semibold');
    await expect.poll(() => names.allInnerTexts()).toEqual(['Anna Member', 'Mia Member', 'Zoe Member']);
    expect(await rowOf(page, 'Anna Member').innerText()).toContain('+2');
    expect(await rowOf(page, 'Zoe Member').getAttribute('data-status')).toBe('expected');

    await page.getByRole('button', { name: 'Admit Mia Member' }).click();
    await expect.poll(() => page.getByTestId('door-verdict-title').innerText()).toBe('Admitted (offline)');
    await expect.poll(() => rowOf(page, 'Mia Member').getAttribute('data-status')).toBe('queued');
    expect(await rowOf(page, 'Mia Member').innerText()).toContain('Waiting to sync');
    // A second tick on the same person is refused, from the queue.
    expect(await page.getByRole('button', { name: 'Admit Mia Member' }).count()).toBe(0);
    // Searching narrows the list by name.
    await page.getByLabel('Filter the guest list').fill('zoe');
    await expect.poll(() => names.allInnerTexts()).toEqual(['Zoe Member']);
    await page.getByLabel('Filter the guest list').fill('glist-');
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await screenshot(page, 'door-guest-list-offline-390.png');

    // Back online: the queued admission syncs, the server has it, and the row says In.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => page.evaluate(() => localStorage.getItem('door:queue'))).toBe('[]');
    await expect.poll(() => rowOf(page, 'Mia Member').getAttribute('data-status')).toBe('in');
    const [mia] = await e2e.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.eventId, EVENT), eq(bookings.fullName, 'Mia Member'), like(bookings.email, 'glist-%')));
    expect(mia?.checkedInAt).not.toBeNull();
    expect(mia?.checkedInBy).toBe(staff);
    await screenshot(page, 'door-guest-list-synced-390.png');
  });
});
