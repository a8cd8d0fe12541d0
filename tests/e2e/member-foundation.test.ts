import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { tiles, tileTitled } from './support/tiles.ts';

// docs/spec/member-portal.md §2 and §8; the tile order is the catalogue's (src/server/db/seed/catalogue.ts).
const NOT_AUTHORIZED = 'This email is not authorized to access the portal. Please contact the concierge.';
const EVENT_TITLES = [
  'Speakers Reception',
  'SAP Night at AP House',
  'Closed-Door Q&A with Bryan Johnson',
  'Crypto Fight Night',
  'AFTER 2049',
];
const BENEFIT_TITLES = [
  'AP House Concierge Tours',
  'McLaren Technology Centre Tour',
  'McLaren Artura Showcase',
  'Sotheby’s Private Auction Preview',
  'Capella Singapore Day Pass',
  'National Gallery Singapore',
  'Wristcheck',
  'XO: The Easy Way to Fly Private',
  'Hedley Studios: Exclusive Studio Offer',
  'Elyx Life',
  'JAI by ONESIAM',
];
const TILE_HEIGHT = 352;

const e2e = setupE2e();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await e2e.testContext());
});

/** Adds a fresh member and signs this test's context in through the API. */
const signInAs = async (firstName?: string) => e2e.signInAs(await e2e.newMember('member', firstName));

const pathOf = (p: Page) => new URL(p.url()).pathname;
const waitForPath = (p: Page, path: string) => p.waitForURL((url) => url.pathname === path);
const accessPortal = (p: Page) => p.getByRole('button', { name: 'ACCESS PORTAL', exact: true });

async function tileTitles(p: Page): Promise<string[]> {
  await tiles(p).first().waitFor();
  return (await tiles(p).getByRole('heading').allTextContents()).map((t) => t.trim());
}

async function tileBoxes(p: Page) {
  await tiles(p).first().waitFor();
  const boxes = [];
  for (const tile of await tiles(p).all()) {
    const box = await tile.boundingBox();
    if (!box) throw new Error('a tile has no bounding box (not rendered)');
    boxes.push(box);
  }
  return boxes;
}

/** Loads lazy images and waits for them, so full-page screenshots show the artwork. */
async function settleImages(p: Page) {
  await p.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    const loaded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    await Promise.race([loaded, new Promise((r) => setTimeout(r, 5000))]);
  });
}

async function sessionStatus(): Promise<number> {
  return (await context.request.get('/api/auth/session')).status();
}

describe('sign-in', () => {
  it('refuses an e-mail that is not authorised with the spec message', async () => {
    await page.goto('/login');
    await accessPortal(page).waitFor();
    await screenshot(page, 'login.png');

    await page.getByLabel('EMAIL ADDRESS').fill('stranger@example.com');
    await accessPortal(page).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await visibleText(alert)).toBe(NOT_AUTHORIZED);
    expect(pathOf(page)).toBe('/login');
    expect(await sessionStatus()).toBe(401);
  });

  it('trims the e-mail, ignores capitals, shows VERIFYING... while pending and lands on /benefits', async () => {
    await e2e.server.addMember({ email: 'member@example.com', firstName: 'Demo', lastName: 'Member' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: unknown[] = [];
    await page.route('**/api/auth/login', async (route) => {
      sent.push(route.request().postDataJSON());
      await gate;
      await route.continue();
    });

    await page.goto('/login');
    await page.getByLabel('EMAIL ADDRESS').fill('  Member@Example.COM  ');
    await accessPortal(page).click();
    const verifying = page.getByRole('button', { name: 'VERIFYING...', exact: true });
    await verifying.waitFor();
    expect(await verifying.isDisabled()).toBe(true);
    release();

    await waitForPath(page, '/benefits');
    expect(sent).toEqual([{ email: 'Member@Example.COM' }]);
    const welcome = page.getByRole('heading', { level: 1 });
    await expect.poll(() => visibleText(welcome)).toBe('WELCOME, DEMO');
    await page.getByRole('banner').getByText('MEMBER@EXAMPLE.COM', { exact: true }).waitFor();
    // The benefits arrive after the session: wait for the grid rather than count the first frame.
    await expect.poll(() => tiles(page).count()).toBe(EVENT_TITLES.length + BENEFIT_TITLES.length);
  });

  it('welcomes a member without a first name as GUEST', async () => {
    const email = await signInAs(undefined);
    await page.goto('/benefits');
    await expect.poll(() => visibleText(page.getByRole('heading', { level: 1 }))).toBe('WELCOME, GUEST');
    await page.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();
  });

  it.each(['/benefits', '/wristcheck'])('shows the login page on %s to a signed-out visitor', async (path) => {
    await page.goto(path);
    await accessPortal(page).waitFor();
    expect(pathOf(page)).toBe(path);
    expect(await page.getByLabel('EMAIL ADDRESS').getAttribute('type')).toBe('email');
    expect(await tiles(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'LOGOUT' }).count()).toBe(0);
  });
});

describe('benefits dashboard', () => {
  it('sends / to /benefits', async () => {
    await signInAs('Ada');
    await page.goto('/');
    await waitForPath(page, '/benefits');
    await expect.poll(() => visibleText(page.getByRole('heading', { level: 1 }))).toBe('WELCOME, ADA');
    await tiles(page).first().waitFor();
  });

  it('filters ALL, EVENTS and BENEFITS in the fixed order, three columns of 352 px tiles on desktop', async () => {
    await signInAs('Ada');
    await page.goto('/benefits');
    const filter = (name: string) => page.getByRole('button', { name, exact: true });

    // ALL is the default: the five events first, then the eleven benefits.
    expect(await tileTitles(page)).toEqual([...EVENT_TITLES, ...BENEFIT_TITLES]);
    expect(await filter('ALL').getAttribute('aria-pressed')).toBe('true');

    const boxes = await tileBoxes(page);
    expect(boxes.map((b) => Math.round(b.height))).toEqual(boxes.map(() => TILE_HEIGHT));
    const firstRow = boxes.filter((b) => Math.abs(b.y - (boxes[0]?.y ?? 0)) < 1);
    expect(firstRow).toHaveLength(3);
    expect(Math.round(boxes[3]?.x ?? -1)).toBe(Math.round(boxes[0]?.x ?? -2)); // the fourth tile starts row two

    await settleImages(page);
    await screenshot(page, 'dashboard-desktop.png');

    await filter('EVENTS').click();
    await expect.poll(() => tileTitles(page)).toEqual(EVENT_TITLES);
    expect(await filter('EVENTS').getAttribute('aria-pressed')).toBe('true');

    await filter('BENEFITS').click();
    await expect.poll(() => tileTitles(page)).toEqual(BENEFIT_TITLES);
    for (const box of await tileBoxes(page)) expect(Math.round(box.height)).toBe(TILE_HEIGHT);

    await filter('ALL').click();
    await expect.poll(() => tileTitles(page)).toEqual([...EVENT_TITLES, ...BENEFIT_TITLES]);
  });

  it('shows one column of 352 px tiles at 360 px wide without sideways overflow', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    const email = await signInAs('Ada');
    await page.goto('/benefits');
    await page.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();

    const boxes = await tileBoxes(page);
    expect(boxes).toHaveLength(EVENT_TITLES.length + BENEFIT_TITLES.length);
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    for (const box of boxes) {
      expect(Math.round(box.height)).toBe(TILE_HEIGHT);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await page.getByRole('button', { name: 'LOGOUT' }).isVisible()).toBe(true);

    await settleImages(page);
    await screenshot(page, 'dashboard-360.png');
  });

  it('loads every tile artwork', async () => {
    await signInAs('Ada');
    await page.goto('/benefits');
    await tiles(page).first().waitFor();
    const broken = await page.evaluate(async () => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="tile-image"]')];
      const results = await Promise.all(
        imgs.map(async (img) => {
          img.loading = 'eager';
          try {
            await img.decode();
            return null;
          } catch {
            return img.getAttribute('src');
          }
        }),
      );
      return { count: imgs.length, broken: results.filter(Boolean) };
    });
    expect(broken.count).toBe(EVENT_TITLES.length + BENEFIT_TITLES.length);
    expect(broken.broken).toEqual([]);
  });

  it('opens a modal tile as a dialog titled with the benefit', async () => {
    await signInAs('Ada');
    await page.goto('/benefits');
    await tileTitled(page, 'Capella Singapore Day Pass').getByRole('button').click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Capella Singapore Day Pass', exact: true }).waitFor();
    expect(await visibleText(dialog)).toContain('15%');
    expect(pathOf(page)).toBe('/benefits');
    await settleImages(page);
    await screenshot(page, 'modal.png', { fullPage: false });

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  // The five modals without an RSVP button (XO, Hedley, Artura, Elyx, Capella) lead with a main button.
  it.each([
    ['XO: The Easy Way to Fly Private', 'Book a flight'],
    ['Hedley Studios: Exclusive Studio Offer', 'Visit the studio'],
    ['McLaren Artura Showcase', 'Explore the cars'],
    ['Elyx Life', null],
    ['Capella Singapore Day Pass', 'Offer details'],
  ] as const)('the %s modal has a main button', async (title, label) => {
    await signInAs('Ada');
    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto('/benefits');
    await tileTitled(page, title).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
    const main = dialog.locator('[data-primary]');
    expect(await main.count()).toBe(1);
    if (label) expect(await visibleText(main)).toBe(label);
    const box = await main.boundingBox();
    const frame = await dialog.boundingBox();
    expect(box && frame && box.width > frame.width * 0.6, 'the main button spans the dialog').toBe(true);
    if (title.startsWith('XO')) {
      await settleImages(page);
      await screenshot(page, 'modal-main-button-390.png', { fullPage: false });
      await page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(page, 'modal-main-button-1280.png', { fullPage: false });
    }
  });

  // Decision 070: the demo's Sheet form (XO's flight requests), reached from its modal on a phone.
  it("XO's modal leads to its Sheet's form, which takes a flight request", async () => {
    const context = await e2e.newContext(390, { hasTouch: true });
    const email = await e2e.newMember('flyer', 'Fay');
    await e2e.signIn(context, email);
    const phone = await context.newPage();
    await phone.goto('/benefits');
    await tileTitled(phone, 'XO: The Easy Way to Fly Private').getByRole('button').tap();
    await phone.getByRole('dialog').getByRole('link', { name: 'Request a flight here' }).tap();
    await waitForPath(phone, '/rsvp/special-air-service');
    const form = phone.locator('form');
    await form.getByRole('button', { name: 'SUBMIT' }).waitFor();
    expect(await form.locator('input[type=email]').inputValue()).toBe(email);
    await form.getByLabel('Flying from').fill('Singapore');
    await form.getByLabel('Flying to').fill('Bali');
    await form.getByLabel('Seat or whole jet').selectOption('Whole jet');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(phone, 'xo-sheet-form-390.png');
    await form.getByRole('button', { name: 'SUBMIT' }).tap();
    await phone.getByRole('status').getByText('Thank you! Your RSVP has been confirmed.', { exact: true }).waitFor();
  });

  it('sends the SAP Night page tile to /rsvp/sap-night', async () => {
    await signInAs('Ada');
    await page.goto('/benefits');
    await tileTitled(page, 'SAP Night at AP House').getByRole('button').click();
    await waitForPath(page, '/rsvp/sap-night');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('partner and terms pages', () => {
  it('shows the hotel day pass facts on /capella-day-pass', async () => {
    const email = await signInAs('Ada');
    await page.goto('/capella-day-pass');
    await page.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();
    await settleImages(page);
    await screenshot(page, 'partner-capella.png');

    const text = await visibleText(page.locator('body'));
    expect.soft(text).toContain('15%');
    expect.soft(text).toMatch(/pool/i);
    const restaurant = page.getByRole('link', { name: 'Book Restaurant' });
    expect.soft(await restaurant.count(), "a 'Book Restaurant' link").toBe(1);
    if ((await restaurant.count()) === 1) {
      expect.soft(await restaurant.getAttribute('href')).toMatch(/^mailto:[^?\s]+@[^?\s]+\?.*(subject|body)=/i);
    }
    const footer = page.getByRole('contentinfo');
    // The spec's copyright 2025, carried forward to the year it is (no stale year beside this year's dates).
    expect.soft(await visibleText(footer)).toContain(`© ${new Date().getFullYear()}`);
    for (const name of ['X', 'Instagram', 'YouTube', 'LinkedIn', 'Telegram', 'Flickr']) {
      expect.soft(await footer.getByRole('link', { name, exact: true }).count(), `footer link ${name}`).toBe(1);
    }

    const back = page.getByRole('link', { name: 'Back to Benefits' });
    expect(await back.count(), "a 'Back to Benefits' link").toBe(1);
    await back.click();
    await waitForPath(page, '/benefits');
    await tiles(page).first().waitFor();
  });

  it('serves /elyx-life-terms to a signed-out visitor with the redemption date and a Close button', async () => {
    await page.goto('/elyx-life-terms');
    await page.getByRole('button', { name: 'Close', exact: true }).waitFor();
    // The Close button paints with the page's frame, before its terms have loaded: wait for the terms themselves.
    await page.getByText('30 March 2032').first().waitFor();
    expect(await accessPortal(page).count()).toBe(0);
    expect(await visibleText(page.locator('body'))).toContain('30 March 2032');
  });

  // Browsers refuse to close a tab the page did not open: Close goes back, or to the Elyx page.
  it('/elyx-life-terms opened directly: Close goes to the Elyx page; reached from another page, Close goes back', async () => {
    await signInAs('terms-close');
    await page.goto('/elyx-life-terms');
    const close = page.getByRole('button', { name: 'Close', exact: true });
    await close.waitFor();
    await screenshot(page, 'elyx-terms-1280');
    await close.click();
    await page.waitForURL((url) => url.pathname === '/elyx-life');
    await page.getByTestId('partner-page').waitFor();

    await page.goto('/benefits');
    await tiles(page).first().waitFor();
    await page.goto('/elyx-life-terms');
    await close.click();
    await page.waitForURL((url) => url.pathname === '/benefits');

    // Opened by the Elyx page in a tab of its own, Close closes that tab.
    await page.goto('/elyx-life');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.evaluate(() => window.open('/elyx-life-terms', '_blank')),
    ]);
    const closed = tab.waitForEvent('close');
    // The tab may close before Playwright's click call returns, which it reports as an error: only that one is expected.
    await tab
      .getByRole('button', { name: 'Close', exact: true })
      .click({ noWaitAfter: true })
      .catch(async (error: unknown) => {
        await closed.catch(() => undefined);
        if (!tab.isClosed()) throw error;
      });
    await closed;
    expect(tab.isClosed()).toBe(true);

    await page.setViewportSize({ width: 390, height: 740 });
    await page.goto('/elyx-life-terms');
    await close.waitFor();
    await screenshot(page, 'elyx-terms-390');
  });
});

describe('redirects and unknown routes', () => {
  it('sends /sap-night to /rsvp/sap-night', async () => {
    await signInAs('Ada');
    await page.goto('/sap-night');
    await waitForPath(page, '/rsvp/sap-night');
  });

  it('sends /dynamic-rsvp/abc to /rsvp/abc, even signed out', async () => {
    await page.goto('/dynamic-rsvp/abc');
    await waitForPath(page, '/rsvp/abc');
    await accessPortal(page).waitFor(); // /rsvp/abc itself is protected
  });

  it('shows the 404 page for an unknown route', async () => {
    await page.goto('/no-such-page');
    const title = page.getByRole('heading', { name: '404 Page Not Found', exact: true });
    await title.waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(pathOf(page)).toBe('/no-such-page');
    await screenshot(page, 'not-found.png');
  });
});

describe('logout', () => {
  it('ends the session, lands on /login with the Logged out toast, and /benefits asks to sign in again', async () => {
    const email = await signInAs('Ada');
    await page.goto('/benefits');
    await page.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'LOGOUT', exact: true }).click();
    await waitForPath(page, '/login');
    const toast = page.getByTestId('toast');
    await toast.getByText('Logged out', { exact: true }).waitFor();
    expect(await visibleText(toast)).toContain('You have been successfully logged out');
    await accessPortal(page).waitFor();
    expect(await sessionStatus()).toBe(401);

    await page.goto('/benefits');
    await accessPortal(page).waitFor();
    expect(await tiles(page).count()).toBe(0);
  });
});
