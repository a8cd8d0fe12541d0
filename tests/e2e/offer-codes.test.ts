import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromZoneInput } from '#common/event-time.ts';
import { events, offerPools } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Decision 029: the offer's partner (an account scoped to it, decision 030) uploads codes, a member claims one on a phone
// and sees it, the partner redeems it and reads it in their partner report.
const e2e = setupE2e();
const PASSWORD = 'offer-codes-partner-password';
const OFFER = 'wristcheck';
const CODES = ['WC-E2E-0001', 'WC-E2E-0002', 'WC-E2E-0003'] as const;

describe('offer codes', () => {
  it('a partner uploads, a member claims at 390 px (modal and /me, copy), the partner redeems and reads the report', async () => {
    const adminCtx = await e2e.newContext(1280);
    const partner = await e2e.newAdmin('codes-partner-', PASSWORD, 'partner', [OFFER]);
    await e2e.signInAdmin(adminCtx, partner, PASSWORD);
    const admin = await adminCtx.newPage();
    await admin.goto('/admin');
    await admin.getByRole('heading', { name: 'Your partner benefits' }).waitFor();
    await admin.getByRole('link', { name: 'Attendees' }).first().click();
    await admin.waitForURL(`**/admin/partner/events/${OFFER}`);
    const panel = admin.getByTestId('offer-codes-panel');
    await panel.locator('summary').click();
    await panel.getByTestId('offer-upload-text').fill(`${CODES.join('\n')}\n${CODES[0]}`);
    await panel.getByRole('button', { name: 'Add pasted codes' }).click();
    await panel.getByTestId('offer-upload-error').getByText('Line 4 (WC-E2E-0001): appears earlier').waitFor();
    await screenshot(admin, 'offer-codes-refused-1280.png');
    await panel.getByTestId('offer-upload-text').fill(CODES.join('\n'));
    await panel.getByRole('button', { name: 'Add pasted codes' }).click();
    await expect.poll(() => panel.getByTestId('offer-total').innerText()).toBe('3');

    const memberCtx = await e2e.newContext(390);
    await memberCtx.grantPermissions(['clipboard-read', 'clipboard-write']);
    await e2e.signIn(memberCtx, await e2e.newMember('codes-member-', 'Cora'));
    const member = await memberCtx.newPage();
    await member.goto('/benefits');
    const tile = member.locator(`[data-testid="benefit-tile"][data-benefit-id="${OFFER}"]`);
    await tile.getByTestId('tile-action').click();
    const dialog = member.getByRole('dialog');
    await dialog.getByTestId('remaining').getByText('3 left').waitFor();
    await dialog.getByRole('button', { name: 'Claim Your Offer' }).click();
    await expect.poll(() => dialog.getByTestId('offer-code').innerText()).toBe(CODES[0]);
    await expectNoTextOverflow(member);
    await screenshot(member, 'offer-codes-modal-390.png', { fullPage: false });

    await member.goto('/me');
    const code = member.getByTestId('offer-code');
    await expect.poll(() => code.innerText()).toBe(CODES[0]);
    await member.getByTestId('copy-offer-code').click();
    await member.getByTestId('copy-offer-code').getByText('Copied').waitFor();
    expect(await member.evaluate(() => navigator.clipboard.readText())).toBe(CODES[0]);
    expect(await member.getByTestId('pass-qr').count()).toBe(0); // no door: no QR for an offer
    await expectNoTextOverflow(member);
    await screenshot(member, 'offer-codes-me-390.png');

    await admin.reload();
    await panel.getByTestId('offer-redeem-input').fill(CODES[0].toLowerCase());
    await panel.getByRole('button', { name: 'Redeem', exact: true }).click();
    await panel.getByTestId('offer-redeem-verdict').getByText(`${CODES[0]}: redeemed`).waitFor();
    await expect.poll(() => panel.getByTestId('offer-redeemed').innerText()).toBe('1');
    await expectNoTextOverflow(admin);
    await screenshot(admin, 'offer-codes-panel-1280.png');
    // Undone from the code itself, no retyping: the verdict's button, then the list's.
    await panel.getByTestId('offer-redeem-verdict').getByTestId('offer-undo').click();
    await panel.getByTestId('offer-redeem-verdict').getByText(`${CODES[0]}: redemption undone`).waitFor();
    await expect.poll(() => panel.getByTestId('offer-redeemed').innerText()).toBe('0');
    const redeemAgain = async () => {
      await panel.getByTestId('offer-redeem-input').fill(CODES[0]);
      await panel.getByRole('button', { name: 'Redeem', exact: true }).click();
      await expect.poll(() => panel.getByTestId('offer-redeemed').innerText()).toBe('1');
    };
    await redeemAgain();
    const undoInList = panel
      .getByTestId('offer-code-table')
      .getByRole('button', { name: `Undo the redemption of ${CODES[0]}` });
    await undoInList.click();
    await expect.poll(() => panel.getByTestId('offer-redeemed').innerText()).toBe('0');
    await expect.poll(() => undoInList.count()).toBe(0);
    await redeemAgain();

    const phoneAdmin = await e2e.newContext(390);
    await e2e.signInAdmin(phoneAdmin, partner, PASSWORD);
    const small = await phoneAdmin.newPage();
    await small.goto(`/admin/partner/events/${OFFER}`);
    await small.getByTestId('offer-codes-panel').getByTestId('offer-code-cards').waitFor();
    await expectNoTextOverflow(small);
    await screenshot(small, 'offer-codes-panel-390.png');

    expect(await admin.getByTestId('offer-codes-panel').getByText('Codes per member').count()).toBe(0); // the organiser's
    await admin.goto(`/admin/analytics/benefits/${OFFER}/report`);
    await expect
      .poll(() => admin.getByTestId('report-codes-totals').innerText())
      .toContain('1 of 3 claimed · 1 redeemed');
    await screenshot(admin, 'offer-codes-report-1280.png');
  });

  it("the organiser in New York sets the claim window on the event's clock, labelled, at 1280 and 390 px", async () => {
    const [event] = await e2e.db.select().from(events).where(eq(events.benefitId, OFFER));
    const tz = event?.timeZone ?? 'Asia/Singapore';
    const password = 'offer-codes-organiser-password';
    const organiser = await e2e.newAdmin('codes-organiser-', password);
    const OPENS = '2026-01-05T09:30';
    const CLOSES = '2031-03-31T18:00';
    for (const width of [1280, 390]) {
      const context = await e2e.newContext(width, { timezoneId: 'America/New_York' });
      await e2e.signInAdmin(context, organiser, password);
      const page = await context.newPage();
      await page.goto(`/admin/events/${event?.id}/attendees`);
      const panel = page.getByTestId('offer-codes-panel');
      await panel.waitFor();
      await panel.evaluate((el) => el.setAttribute('open', ''));
      const opens = panel.locator('input[name="claimOpensAt"]');
      if (width === 1280) {
        await opens.fill(OPENS);
        await panel.locator('input[name="claimClosesAt"]').fill(CLOSES);
        await panel.getByRole('button', { name: 'Save settings' }).click();
        await page.getByText('Offer settings saved').first().waitFor();
        // Saved: 09:30 in the event's zone, whatever New York's clock says.
        const [pool] = await e2e.db.select().from(offerPools).where(eq(offerPools.benefitId, OFFER));
        expect(pool?.claimOpensAt?.toISOString()).toBe(fromZoneInput(OPENS, tz)?.toISOString());
        expect(pool?.claimClosesAt?.toISOString()).toBe(fromZoneInput(CLOSES, tz)?.toISOString());
        await page.reload();
        await panel.evaluate((el) => el.setAttribute('open', ''));
      }
      // Read back on the event's clock, the zone said beside each time.
      await expect.poll(() => opens.inputValue()).toBe(OPENS);
      expect(await panel.locator('input[name="claimClosesAt"]').inputValue()).toBe(CLOSES);
      expect(await visibleText(panel.getByTestId('event-zone-label').first())).toBe('(SGT)');
      await panel.getByRole('heading', { name: 'Claim settings' }).scrollIntoViewIfNeeded();
      await expectNoTextOverflow(page);
      await screenshot(page, `offer-codes-settings-${width}.png`, { fullPage: false });
    }
  });
});
