import { beforeEach, describe, expect, it } from 'vitest';
import { groupPassCode } from '#common/passes.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// Passes for members (decision 009): "My bookings" at /me, linked from every member page's header, with a QR pass per
// admitted booking; a cancelled booking stays listed without its pass.
const e2e = setupE2e();

async function bookedMember(width: number) {
  const context = await e2e.newContext(width);
  const email = await e2e.newMember('me-', 'Mia');
  await e2e.signIn(context, email);
  for (const event of ['speakers-reception', 'crypto-fight-night']) {
    const res = await context.request.post(`/api/rsvp/${event}`, { data: {} });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { context, page: await context.newPage(), email };
}

describe('My bookings', () => {
  let width = 1280;
  beforeEach(() => {
    width = 1280;
  });

  it('is linked from the header and shows each booking with its time in the event’s zone and a scannable pass', async () => {
    const { context, page } = await bookedMember(width);
    await page.goto('/benefits');
    await page.getByTestId('my-bookings-link').click();
    await page.waitForURL((u) => u.pathname === '/me');
    await page.getByRole('heading', { name: 'My bookings', level: 1 }).waitFor();
    const cards = page.getByTestId('my-booking');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByTestId('my-booking-when').allInnerTexts()).toContain('30 September 2031, 7:00–11:00 PM SGT');
    const qr = page.getByTestId('pass-qr').first();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // The code under the QR is the booking's pass, as the API gives it.
    const api = (await (await context.request.get('/api/me/bookings')).json()) as {
      data: { eventId: string; passCode: string }[];
    };
    const codes = api.data.map((b) => groupPassCode(b.passCode));
    expect(codes).toContain(await visibleText(page.getByTestId('pass-code').first()));
    // The calendar subscription: a webcal:// link calendar apps poll.
    expect(await page.getByTestId('calendar-subscribe').getAttribute('href')).toMatch(
      /^webcal:\/\/.+\/api\/calendar\/.+\.ics$/,
    );
    await screenshot(page, 'my-bookings-1280.png', { fullPage: true });
  });

  it('fits a 390 px phone, and keeps a cancelled booking without its pass', async () => {
    const { context, page } = await bookedMember(390);
    const list = (await (await context.request.get('/api/me/bookings')).json()) as { data: { id: string }[] };
    const cancelled = list.data[0]?.id as string;
    expect((await context.request.post(`/api/bookings/${cancelled}/cancel`, { data: {} })).status()).toBe(200);
    await page.goto('/me');
    await page.getByText('CANCELLED', { exact: true }).waitFor();
    const gone = page.locator(`[aria-labelledby="booking-${cancelled}"]`);
    expect(await gone.getByTestId('my-booking-status').innerText()).toBe('Cancelled');
    expect(await gone.getByTestId('pass-qr').count()).toBe(0);
    expect(await page.getByTestId('pass-qr').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'my-bookings-390.png', { fullPage: true });
  });

  it('says so when there is nothing booked', async () => {
    const context = await e2e.newContext();
    await e2e.signIn(context, await e2e.newMember('me-none-', 'Ned'));
    const page = await context.newPage();
    await page.goto('/me');
    await page.getByTestId('no-bookings').waitFor();
  });

  it('signs a member in on the page they asked for (a link from an e-mail), and sends /login to the benefits once signed in', async () => {
    const context = await e2e.newContext(390);
    const email = await e2e.newMember('me-link-', 'Lia');
    const page = await context.newPage();
    await page.goto('/me');
    await page.getByLabel('EMAIL ADDRESS').fill(email);
    await page.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).click();
    await page.getByRole('heading', { name: 'My bookings', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/me');
    await page.goto('/login');
    await page.waitForURL((u) => u.pathname === '/benefits');
  });
});
