import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/server/db/schema.ts';
import { demoPartnerPages } from '../../src/server/db/seed/partner-pages.ts';
import { enqueueMail } from '../../src/server/features/outbox/mail-outbox.ts';
import { hotCache } from '../../src/server/lib/hot-cache.ts';
import { expectNoViolations } from './support/axe.ts';
import { RESULTS_DIR, screenshot, settle } from './support/browser.ts';
import { deployDemoForm } from './support/demo-form.ts';
import { setupE2e } from './support/suite.ts';
import { tileTitled } from './support/tiles.ts';
import { expectNoTextOverflow, expectTileButtonsAligned, textOverflows, tileRows } from './support/visual.ts';

// Every member and admin page at a laptop's and a phone's width. Each gets a screenshot
// (test-results/visual/<page>-<width>.png, for a person to look at) and two checks a screenshot review keeps
// missing: no text wider than its box, and the buttons of a row of tiles on one line. The same load then runs
// axe (0 violations; member pages also at 360 px, without sideways scrolling): one visit serves both reviews.
// A page is loaded once, at the phone's width (what runs on mount sees a phone), then widened to the laptop's:
// a page load costs about a second of CPU, and the CSS lays the page out again for the new width (decision 042).

const PASSWORD = 'correct-horse-battery-staple';
const PHONE = { width: 390, height: 740 } as const;
const LAPTOP = { width: 1280, height: 800 } as const;
type Width = typeof PHONE.width | typeof LAPTOP.width;
/** The narrowest phone the accessibility review covers: the phone-width load is narrowed to it for axe. */
const A11Y_PHONE = 360;
/** A live dynamic form, built from the demo yacht-brunch sheet (support/demo-form.ts, as the wizard deploys it). */
const FORM = 'after2049';

const e2e = setupE2e();

/** member: has bookings of every kind; newcomer: has none (the forms); admin; visitor: not signed in. */
type Role = 'member' | 'newcomer' | 'admin' | 'visitor';
type Case = {
  name: string;
  role: Role;
  /** The path, or a function of the test's fixtures for one known only at run time. */
  path: string | (() => string);
  /** Waits until the page shows what is under test (and brings it into that state). */
  ready: (p: Page) => Promise<void>;
  /** Only the viewport: an open dialog covers the viewport, not the whole page. */
  viewportOnly?: boolean;
  /** What `ready` shows lasts seconds (toasts): the page is loaded again at the laptop's width, not widened. */
  loadPerWidth?: boolean;
};
type Area = 'member' | 'admin';

let member = '';
let newcomer = '';
let bookingId = '';
const contexts = new Map<string, BrowserContext>();

/** One signed-in context per role and width for the whole file (pages are opened and closed per case). */
async function contextFor(role: Role, width: Width = PHONE.width): Promise<BrowserContext> {
  const key = `${role}-${width}`;
  const known = contexts.get(key);
  if (known) return known;
  const context = await e2e.newContext(width);
  if (role === 'member') await e2e.signIn(context, member);
  if (role === 'newcomer') await e2e.signIn(context, newcomer);
  if (role === 'admin') await e2e.signInAdmin(context, await e2e.newAdmin('visual-admin-', PASSWORD), PASSWORD);
  contexts.set(key, context);
  return context;
}

const heading = (p: Page, name: string) => p.getByRole('heading', { name, exact: true }).waitFor();
/** Waits until the member header shows this member's e-mail (the session is in). */
const memberHeader = (p: Page, email: string) =>
  p.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();
const h1 = (p: Page) => p.getByRole('heading', { level: 1 }).first().waitFor();

const PARTNER_SLUGS = demoPartnerPages()
  .filter((page) => page.layout === 'partner')
  .map((page) => page.slug);

const MEMBER_CASES: Case[] = [
  {
    name: 'login',
    role: 'visitor',
    path: '/login',
    ready: (p) => p.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).waitFor(),
  },
  {
    name: 'login-error',
    role: 'visitor',
    path: '/login',
    ready: async (p) => {
      await p.getByLabel('EMAIL ADDRESS').fill(e2e.uniqueEmail('visual-stranger-'));
      await p.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).click();
      await p.getByRole('alert').waitFor();
    },
  },
  {
    name: 'benefits',
    role: 'member',
    path: '/benefits',
    ready: async (p) => {
      await memberHeader(p, member);
      await p.getByTestId('benefit-tile').first().waitFor();
      expect(await p.getByRole('button', { name: 'ALL', exact: true }).getAttribute('aria-pressed')).toBe('true');
      // The member's bookings are in: the tiles show their badges.
      await p.getByTestId('tile-state').first().waitFor();
    },
  },
  // Modals as a member with no bookings sees them (RSVP NOW, not RSVP Confirmed).
  ...(
    [
      ['speakers-reception', 'Speakers Reception'],
      ['capella', 'Capella Singapore Day Pass'],
      ['elyx', 'Elyx Life'],
    ] as const
  ).map(
    ([name, title]): Case => ({
      name: `benefits-${name}-modal`,
      role: 'newcomer',
      path: '/benefits',
      viewportOnly: true,
      ready: async (p) => {
        await tileTitled(p, title).getByRole('button').click();
        await p.getByRole('dialog').getByRole('heading', { name: title, exact: true }).waitFor();
      },
    }),
  ),
  {
    name: 'benefits-gallery-modal',
    role: 'member',
    path: '/benefits',
    viewportOnly: true,
    ready: async (p) => {
      const tile = p.locator('[data-testid="benefit-tile"][data-benefit-id="national-gallery"]');
      await tile.getByRole('button').click();
      await p.getByRole('dialog').getByRole('heading', { name: 'National Gallery Singapore' }).waitFor();
      await p.getByTestId('rsvp-national-gallery-pass').getByRole('button').waitFor();
    },
  },
  {
    name: 'my-bookings',
    role: 'member',
    path: '/me',
    ready: async (p) => {
      await p.getByRole('heading', { name: 'My bookings', level: 1 }).waitFor();
      await p.getByText('Loading your bookings...').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'booking',
    role: 'member',
    path: () => `/bookings/${bookingId}`,
    ready: (p) => p.getByRole('button', { name: 'Save changes', exact: true }).waitFor(),
  },
  {
    name: 'evening',
    role: 'member',
    path: '/rsvp/sap-night',
    ready: async (p) => {
      const group = p.getByRole('group', { name: 'Joining the AP house tour before SAP evening?' });
      await group.getByRole('radio', { name: 'Yes', exact: true }).check();
      await p.getByText('Select Time Slot', { exact: true }).waitFor();
    },
  },
  {
    name: 'concierge',
    role: 'member',
    path: '/rsvp/ap-house',
    // The member has booked a tour: the page shows the booking.
    ready: (p) => p.getByText('Your concierge tour is booked', { exact: false }).waitFor(),
  },
  {
    name: 'concierge-form',
    role: 'newcomer',
    path: '/rsvp/ap-house',
    ready: async (p) => {
      await p.getByLabel('Select Date', { exact: true }).waitFor();
      await expect.poll(() => p.getByLabel('Full name', { exact: true }).inputValue()).not.toBe('');
    },
  },
  {
    name: 'dynamic-form',
    role: 'member',
    path: `/rsvp/${FORM}`,
    ready: (p) => p.locator('form button[type="submit"]').waitFor(),
  },
  {
    name: 'rsvp-not-available',
    role: 'member',
    path: '/rsvp/does-not-exist',
    ready: (p) => heading(p, 'RSVP Form Not Available'),
  },
  {
    name: 'mclaren-tour',
    role: 'member',
    path: '/mclaren-tour',
    ready: (p) => p.getByTestId('rsvp-mclaren-tour').getByRole('button').waitFor(),
  },
  ...PARTNER_SLUGS.map(
    (slug): Case => ({
      name: `partner-${slug}`,
      role: 'member',
      path: `/${slug}`,
      ready: async (p) => {
        await memberHeader(p, member);
        await p.getByTestId('partner-page').getByRole('heading', { level: 1 }).waitFor();
      },
    }),
  ),
  {
    name: 'elyx-life-terms',
    role: 'visitor',
    path: '/elyx-life-terms',
    ready: (p) => p.getByRole('button', { name: 'Close', exact: true }).waitFor(),
  },
  {
    name: 'not-found',
    role: 'member',
    path: '/no-such-page',
    ready: (p) => heading(p, '404 Page Not Found'),
  },
  {
    name: 'not-found-visitor',
    role: 'visitor',
    path: '/no-such-page',
    ready: (p) => heading(p, '404 Page Not Found'),
  },
];

const ADMIN_CASES: Case[] = [
  {
    name: 'admin-login',
    role: 'visitor',
    path: '/admin',
    ready: (p) => p.getByRole('button', { name: 'Sign In', exact: true }).waitFor(),
  },
  {
    // Three failed sign-ins in a row: the same words each time, so one toast in the corner (a phone: along the
    // bottom), each replacing the last rather than stacking (decision 011, addendum).
    name: 'admin-login-toasts',
    role: 'visitor',
    path: '/admin',
    viewportOnly: true,
    loadPerWidth: true,
    ready: async (p) => {
      await p.getByLabel('Email', { exact: true }).fill(e2e.uniqueEmail('visual-stranger-'));
      await p.getByLabel('Password', { exact: true }).fill('not-the-password');
      const toasts = p.getByTestId('toast');
      for (let n = 1; n <= 3; n++) {
        // Enter, not a click: on a phone the toast already shown may cover the button.
        const sent = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/login');
        await p.getByLabel('Password', { exact: true }).press('Enter');
        await sent;
        await toasts.getByText('Login failed', { exact: true }).waitFor();
        expect(await toasts.count()).toBe(1);
      }
    },
  },
  {
    name: 'admin-dashboard',
    role: 'admin',
    path: '/admin/dashboard',
    ready: (p) => p.getByTestId('admin-benefit-row').first().waitFor(),
  },
  { name: 'admin-add-benefit', role: 'admin', path: '/admin/add-benefit', ready: h1 },
  {
    name: 'admin-edit-benefit',
    role: 'admin',
    path: '/admin/edit-benefit/wristcheck',
    ready: (p) => expect.poll(() => p.getByRole('textbox').first().inputValue()).not.toBe(''),
  },
  {
    name: 'admin-edit-modal',
    role: 'admin',
    path: '/admin/edit-benefit/wristcheck/modal',
    ready: async (p) => {
      await h1(p);
      await p.getByText('Loading', { exact: false }).first().waitFor({ state: 'detached' });
    },
  },
  {
    name: 'admin-pages',
    role: 'admin',
    path: '/admin/pages',
    ready: (p) => p.getByRole('link', { name: '/capella-day-pass' }).waitFor(),
  },
  { name: 'admin-page-new', role: 'admin', path: '/admin/pages/new', ready: h1 },
  {
    name: 'admin-page-edit',
    role: 'admin',
    path: '/admin/pages/capella-day-pass',
    ready: async (p) => {
      await h1(p);
      await p.getByText('Loading', { exact: false }).first().waitFor({ state: 'detached' });
    },
  },
  { name: 'admin-rsvp-config', role: 'admin', path: '/admin/rsvp-config', ready: h1 },
  {
    name: 'admin-bookings',
    role: 'admin',
    path: '/admin/bookings',
    ready: async (p) => {
      await p.getByLabel('Status', { exact: true }).selectOption('all');
      await p.getByTestId('booking-row').first().waitFor();
    },
  },
  {
    name: 'admin-members',
    role: 'admin',
    path: '/admin/members',
    ready: (p) => p.getByTestId('member-row').first().waitFor(),
  },
  {
    name: 'admin-analytics',
    role: 'admin',
    path: '/admin/analytics',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Overview', exact: true }).waitFor();
      await p.getByText('Loading analytics...').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'admin-analytics-benefits',
    role: 'admin',
    path: '/admin/analytics',
    ready: async (p) => {
      const tab = p.getByRole('tab', { name: 'Benefit Analytics', exact: true });
      await tab.click();
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    },
  },
  { name: 'admin-exports', role: 'admin', path: '/admin/exports', ready: h1 },
  {
    name: 'admin-outbox',
    role: 'admin',
    path: '/admin/outbox',
    ready: (p) => p.getByTestId('outbox-row').first().waitFor(),
  },
  {
    name: 'admin-check-in',
    role: 'admin',
    path: '/admin/check-in',
    ready: async (p) => {
      await p.getByLabel('Event', { exact: true }).selectOption({ index: 1 });
      await p.getByTestId('door-verdict').waitFor();
    },
  },
  {
    name: 'admin-audit',
    role: 'admin',
    path: '/admin/audit',
    ready: (p) => p.getByTestId('audit-row').first().waitFor(),
  },
];

beforeAll(async () => {
  member = await e2e.newMember('visual-member-', 'Valentina');
  newcomer = await e2e.newMember('visual-newcomer-', 'Nadia');
  const ctx = await e2e.newContext();
  await e2e.signIn(ctx, member);
  // Bookings of every kind the dashboard shows: going (both gallery events and the reception), awaiting approval,
  // third on a waitlist, and a concierge tour with its booking page.
  for (const eventId of ['national-gallery-pass', 'national-gallery-invitation', 'speakers-reception']) {
    const res = await ctx.request.post(`/api/rsvp/${eventId}`);
    expect(res.status(), `${eventId}: ${await res.text()}`).toBeLessThan(300);
  }
  const tour = await ctx.request.post('/api/ap-house/rsvp', {
    data: {
      fullName: 'Valentina Member',
      email: member,
      selectedDate: '2031-10-02',
      timeSlot: '2:00pm-3:00pm',
      bringingGuests: 'yes',
      guestCount: 1,
      totalAttendees: 2,
    },
  });
  expect(tour.status(), await tour.text()).toBe(201);
  bookingId = ((await tour.json()) as { bookingId: string }).bookingId;
  const waiting = ['visual-w1@example.com', 'visual-w2@example.com', member];
  for (const email of waiting)
    await e2e.db.insert(bookings).values({ eventId: 'crypto-fight-night', email, status: 'waitlisted' });
  await e2e.db.insert(bookings).values({ eventId: 'bryan-johnson', email: member, status: 'pending' });
  hotCache(e2e.db).invalidate('crypto-fight-night');
  hotCache(e2e.db).invalidate('bryan-johnson');

  // Some member activity (a tile's modal opened), so the analytics tabs draw their charts and tables.
  const browsing = await ctx.newPage();
  await browsing.goto('/benefits');
  await tileTitled(browsing, 'Wristcheck').getByRole('button').click();
  await browsing.getByRole('dialog').waitFor();
  await browsing.close();

  // An admin's changes for the audit log, a live dynamic form, and a message in the Outbox.
  const admin = await e2e.newContext();
  await e2e.signInAdmin(admin, await e2e.newAdmin('visual-boss-', PASSWORD), PASSWORD);
  const added = await admin.request.post('/api/admin/members', {
    data: { email: 'visual-guest-with-a-rather-long-address@example-conference-partners.com', firstName: 'Vera' },
  });
  expect(added.status(), await added.text()).toBe(201);
  await deployDemoForm(admin.request, FORM, 'Visual check form');
  await enqueueMail(e2e.db, {
    purpose: 'confirmation',
    to: 'a-member-with-a-long-address@example-conference-partners.com',
    subject: 'RSVP Confirmation - Special Access Pass',
    text: 'Your place is confirmed.',
  });
});

/** Opens the case's page in its role's context at `width` and brings it into the state under test. */
async function open(c: Case, width: Width, area: Area): Promise<Page> {
  const page = await (await contextFor(c.role, width)).newPage();
  const path = typeof c.path === 'function' ? c.path() : c.path;
  await page.goto(path);
  await c.ready(page);
  if (area === 'member') expect(new URL(page.url()).pathname).toBe(path);
  return page;
}

/** The reviews at the page's present width: screenshot, text overflow, tile rows; axe at the laptop's width. */
async function review(page: Page, c: Case, width: Width, area: Area) {
  await settle(page);
  const shot = await screenshot(page, `visual/${c.name}-${width}.png`, { fullPage: !c.viewportOnly });
  const label = `${c.name} at ${width} px`;
  await expectNoTextOverflow(page, label);
  await expectTileButtonsAligned(page, label);
  if (width === LAPTOP.width) {
    await expectNoViolations(page, label, { settled: true });
    // The accessibility review's copy of the Outbox, where its notes point.
    if (c.name === 'admin-outbox') fs.copyFileSync(shot, `${RESULTS_DIR}admin-outbox.png`);
  } else if (area === 'member') {
    // Everything is drawn and loaded already (settle above); narrowing only lays the page out again.
    await page.setViewportSize({ width: A11Y_PHONE, height: PHONE.height });
    await expectNoViolations(page, `${c.name} at ${A11Y_PHONE} px`, { settled: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(A11Y_PHONE);
  }
}

/** The case at the phone's width, then at the laptop's: the same page widened, unless it must load again. */
async function visit(c: Case, area: Area) {
  let page = await open(c, PHONE.width, area);
  try {
    await review(page, c, PHONE.width, area);
    if (c.loadPerWidth) {
      await page.close();
      page = await open(c, LAPTOP.width, area);
    } else {
      await page.setViewportSize(LAPTOP);
    }
    await review(page, c, LAPTOP.width, area);
  } finally {
    await page.close();
  }
}

it.each(MEMBER_CASES.map((c) => [c.name, c] as const))(
  'member %s at 390 and 1280 px: screenshots, no text overflow, no axe violations',
  (_n, c) => visit(c, 'member'),
);
it.each(ADMIN_CASES.map((c) => [c.name, c] as const))(
  'admin %s at 390 and 1280 px: screenshots, no text overflow (axe at 1280 px)',
  (_n, c) => visit(c, 'admin'),
);

/** Where the first line of each visible text in `row` sits (its line box's bottom), by text; same-size text only. */
function textBottoms(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const row = document.querySelector(sel);
    const bottoms: Record<string, number> = {};
    if (!row) return bottoms;
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      // A row's notes (the form's state, a language's missing words) are a line of their own under the row's words.
      if (node.parentElement?.closest('[data-testid="form-state"], [data-testid="words-missing"]')) continue;
      // Screen-reader-only words sit in a 1 px box (sr-only); words shown at this width do not.
      const box = node.parentElement?.getBoundingClientRect();
      if (!text || !box || box.width <= 1 || box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const first = range.getClientRects()[0];
      if (first) bottoms[text.slice(0, 20)] = Math.round(first.bottom);
    }
    return bottoms;
  }, selector);
}

describe('the admin dashboard row', () => {
  it("reads as one line: the name, the description, No Sheet and the buttons' words on one baseline", async () => {
    const page = await (await contextFor('admin', LAPTOP.width)).newPage();
    await page.goto('/admin/dashboard');
    await page.getByTestId('admin-benefit-row').first().getByText('No Sheet').waitFor();
    const bottoms = await textBottoms(page, '[data-testid="admin-benefit-row"]');
    expect(Object.keys(bottoms)).toEqual(expect.arrayContaining(['No Sheet', 'Attendees', 'Edit', 'Delete']));
    expect(new Set(Object.values(bottoms)), JSON.stringify(bottoms)).toHaveProperty('size', 1);
    await page.close();
  });
});

describe('the checks themselves', () => {
  it('fail on a heading cut off in its box and on a tile whose button sits out of its row', async () => {
    const page = await (await contextFor('member', LAPTOP.width)).newPage();
    await page.goto('/benefits');
    await page.getByTestId('benefit-tile').first().waitFor();
    await expectTileButtonsAligned(page);
    expect((await tileRows(page))[0]?.buttonTops.length).toBe(3);

    await page.evaluate(() => {
      const button = document.querySelector<HTMLElement>('[data-testid="benefit-tile"] button');
      if (button) button.style.marginBottom = '12px';
      const heading = document.querySelector<HTMLElement>('h1');
      if (heading) Object.assign(heading.style, { width: '60px', whiteSpace: 'nowrap', overflow: 'hidden' });
    });
    expect((await textOverflows(page)).map((o) => o.element)).toContainEqual(expect.stringMatching(/^h1/));
    await expect(expectNoTextOverflow(page)).rejects.toThrow(/text wider than its box/);
    await expect(expectTileButtonsAligned(page)).rejects.toThrow(/do not line up/);
    await page.close();
  });
});
