import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SLOT_CAPACITY_MSG } from '#common/slot-capacity.ts';
import { formatSlot } from '#common/time-range.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { findSlot, slotById } from '../../src/server/features/rsvp/event-slots.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { screenshot } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// The organiser changes a slot's capacity on the attendees page (not in the sheet); members see it at once.
const e2e = setupE2e();
const PASSWORD = 'slot-capacity-admin-password';
const FORM = 'after2049';
const SLOT = '1:00pm-2:00pm'; // 8 places in the demo Tab 2

async function memberOptions(page: Page) {
  await page.goto(`/rsvp/${FORM}`);
  const form = page.locator('form');
  await form.getByRole('button', { name: 'SUBMIT' }).waitFor();
  await form.getByRole('group', { name: 'RSVP *' }).getByRole('radio', { name: 'Yes' }).check();
  return form.getByLabel('Time Slot').locator('option').allInnerTexts();
}

describe('slot capacity on the attendees page', () => {
  it('refuses a figure below the places held with the server’s message, saves a larger one, and a member sees it', async () => {
    const adminCtx = await e2e.newContext(1280);
    await e2e.signInAdmin(adminCtx, await e2e.newAdmin('capacity-admin-', PASSWORD), PASSWORD);
    await deployDemoForm(adminCtx.request, FORM, 'Capacity e2e form');
    const eventId = dynamicEventId(FORM);
    const slot = await findSlot(e2e.db, eventId, SLOT);
    if (!slot) throw new Error(`no slot ${SLOT}`);
    // Two members hold three places in the slot.
    for (const guestCount of [1, 0]) {
      const email = await e2e.newMember('capacity-holder-', 'Hol');
      const placed = await reservePlace(e2e.db, { eventId, email, slotId: slot.id, guestCount });
      expect(placed.booking.status).toBe('confirmed');
    }

    const page = await adminCtx.newPage();
    await page.goto(`/admin/events/${encodeURIComponent(eventId)}/attendees`);
    const row = page.locator(`[data-testid="slot-capacity"][data-slot-id="${slot.id}"]`);
    await expect.poll(() => row.getByTestId('slot-held').innerText()).toBe('3 / 8 held');
    const input = row.getByRole('spinbutton');
    const save = row.getByRole('button', { name: 'Save' });

    await input.fill('2');
    await save.click();
    await row.getByRole('alert').getByText(SLOT_CAPACITY_MSG.belowBooked(3), { exact: true }).waitFor();
    await screenshot(page, 'slot-capacity-refused-1280.png');
    expect((await slotById(e2e.db, slot.id))?.capacity).toBe(8);

    await input.fill('15');
    await save.click();
    await page.getByTestId('toast').filter({ hasText: 'Capacity saved' }).waitFor();
    await expect.poll(() => row.getByTestId('slot-held').innerText()).toBe('3 / 15 held');
    await expectNoTextOverflow(page);
    await screenshot(page, 'slot-capacity-saved-1280.png');
    expect((await slotById(e2e.db, slot.id))?.capacity).toBe(15);

    const memberCtx = await e2e.newContext(1280);
    await e2e.signIn(memberCtx, await e2e.newMember('capacity-member-', 'Cam'));
    const member = await memberCtx.newPage();
    expect(await memberOptions(member)).toContain(`${formatSlot(SLOT)} (12 left)`);
    await member.locator('form').getByLabel('Time Slot').selectOption(SLOT); // the screenshot shows the count
    await screenshot(member, 'slot-capacity-member-1280.png');
  });
});
