import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Decision 051: an organiser in New York (ORGANISER_TIME_ZONE) with a New York offer reads every admin time in New
// York's zone, labelled: the Outbox and Audit (lists spanning events: the organiser's zone) and the offer's codes
// (one event: its zone). None says SGT.
const e2e = setupE2e({ env: { ORGANISER_TIME_ZONE: 'America/New_York' } });
const PASSWORD = 'organiser-zone-admin-pass';
const OFFER = 'wristcheck';
const NEW_YORK = /\b(EST|EDT)\b/;

describe("an organiser's time zone on admin lists", () => {
  it('Outbox, Audit and the codes list write New York times for a New York offer, at 1280 and 390 px', async () => {
    await e2e.db.update(events).set({ timeZone: 'America/New_York' }).where(eq(events.benefitId, OFFER));
    const ctx = await e2e.newContext(1280);
    await e2e.signInAdmin(ctx, await e2e.newAdmin('ny-organiser-', PASSWORD), PASSWORD);
    const upload = await ctx.request.post(`/api/admin/benefits/${OFFER}/offer-codes/upload`, {
      data: { text: 'NY-ZONE-0001\nNY-ZONE-0002' },
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const memberCtx = await e2e.newContext(390);
    await e2e.signIn(memberCtx, await e2e.newMember('ny-zone-', 'Nia'));
    const claim = await memberCtx.request.post(`/api/rsvp/${OFFER}`, { data: {} });
    expect(claim.status(), await claim.text()).toBe(201);

    const page = await ctx.newPage();
    const phoneCtx = await e2e.newContext(390);
    await e2e.signInAdmin(phoneCtx, await e2e.newAdmin('ny-organiser-phone-', PASSWORD), PASSWORD);
    const phone = await phoneCtx.newPage();
    const check = async (path: string, rows: string, name: string) => {
      for (const [p, width] of [
        [page, 1280],
        [phone, 390],
      ] as const) {
        await p.goto(path);
        const first = p.getByTestId(rows).first();
        await first.waitFor();
        const text = await p.locator('main').innerText();
        expect(text, `${name} at ${width}`).toMatch(NEW_YORK);
        expect(text, `${name} at ${width}`).not.toContain('SGT');
        await screenshot(p, `organiser-zone-${name}-${width}.png`, { fullPage: true });
      }
    };
    await check('/admin/outbox', 'outbox-row', 'outbox');
    await check('/admin/audit', 'audit-row', 'audit');

    await page.goto(`/admin/events/${OFFER}/attendees`);
    const panel = page.getByTestId('offer-codes-panel');
    const claimed = panel.locator('tr').filter({ hasText: 'NY-ZONE-0001' });
    await claimed.waitFor();
    const row = await claimed.innerText();
    expect(row).toMatch(NEW_YORK);
    expect(row).not.toContain('SGT');
    await claimed.scrollIntoViewIfNeeded();
    await screenshot(page, 'organiser-zone-codes-1280.png');
  });
});
