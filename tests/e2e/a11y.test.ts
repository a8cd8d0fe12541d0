import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoPartnerPages } from '../../src/server/db/seed/partner-pages.ts';
import { enqueueMail } from '../../src/server/features/notify/mail-outbox.ts';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Accessibility: axe-core on every member and admin page (0 violations), keyboard-only paths
// through sign-in, a modal RSVP and the concierge form, a visible focus indicator, and member
// pages usable at 360 px without sideways scrolling.

const PASSWORD = 'correct-horse-battery-staple';
const DESKTOP = 1280;
const PHONE = 360;

const e2e = setupE2e();

/** A page whose context is signed in as a fresh member (through the API). */
async function memberPage(width: number, firstName = 'Ada'): Promise<{ page: Page; email: string }> {
  const email = await e2e.newMember('a11y-member', firstName);
  const page = await e2e.newPage(width);
  await e2e.signIn(page.context(), email);
  return { page, email };
}

/** A page whose context is signed in as a fresh admin (through the API). */
async function adminPage(width: number): Promise<Page> {
  const email = await e2e.newAdmin('a11y-admin', PASSWORD);
  const page = await e2e.newPage(width);
  await e2e.signInAdmin(page.context(), email, PASSWORD);
  return page;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const tiles = (p: Page) => p.getByTestId('benefit-tile');
const tileTitled = (p: Page, title: string) =>
  tiles(p).filter({ has: p.getByRole('heading', { name: title, exact: true }) });
const pathOf = (p: Page) => new URL(p.url()).pathname;

/** Waits until the member header shows this member's e-mail (the session is in). */
const memberHeader = (p: Page, email: string) =>
  p.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();

type MemberCase = {
  name: string;
  path: string;
  signedIn: boolean;
  /** Waits for the page to be ready and brings it into the state under test. */
  prepare: (p: Page, email: string) => Promise<void>;
  /** Makes what the page shows (e.g. a booking) before it opens; answers the path to visit instead of `path`. */
  setup?: (p: Page, email: string) => Promise<string>;
};

const PARTNER_SLUGS = demoPartnerPages()
  .filter((page) => page.layout === 'partner')
  .map((page) => page.slug);

const MEMBER_CASES: MemberCase[] = [
  {
    name: 'login (empty)',
    path: '/login',
    signedIn: false,
    prepare: (p) => p.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).waitFor(),
  },
  {
    name: 'login (with the error shown)',
    path: '/login',
    signedIn: false,
    prepare: async (p) => {
      await p.getByLabel('EMAIL ADDRESS').fill(e2e.uniqueEmail('stranger'));
      await p.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).click();
      await p.getByRole('alert').waitFor();
    },
  },
  {
    name: 'my bookings',
    path: '/me',
    signedIn: true,
    prepare: async (p) => {
      await p.getByRole('heading', { name: 'My bookings', level: 1 }).waitFor();
      await p.getByText('Loading your bookings...').waitFor({ state: 'detached' });
    },
  },
  {
    name: 'benefits (ALL)',
    path: '/benefits',
    signedIn: true,
    prepare: async (p, email) => {
      await memberHeader(p, email);
      await tiles(p).first().waitFor();
      expect(await p.getByRole('button', { name: 'ALL', exact: true }).getAttribute('aria-pressed')).toBe('true');
    },
  },
  ...['Speakers Reception', 'Capella Singapore Day Pass', 'Elyx Life'].map(
    (title): MemberCase => ({
      name: `benefits (${title} modal open)`,
      path: '/benefits',
      signedIn: true,
      prepare: async (p) => {
        await tileTitled(p, title).getByRole('button').click();
        const dialog = p.getByRole('dialog');
        await dialog.getByRole('heading', { name: title, exact: true }).waitFor();
      },
    }),
  ),
  ...PARTNER_SLUGS.map(
    (slug): MemberCase => ({
      name: `partner page /${slug}`,
      path: `/${slug}`,
      signedIn: true,
      prepare: async (p, email) => {
        await memberHeader(p, email);
        await p.getByTestId('partner-page').getByRole('heading', { level: 1 }).waitFor();
      },
    }),
  ),
  {
    name: 'elyx-life-terms',
    path: '/elyx-life-terms',
    signedIn: false,
    prepare: (p) => p.getByRole('button', { name: 'Close', exact: true }).waitFor(),
  },
  {
    name: 'rsvp/sap-night (Yes chosen)',
    path: '/rsvp/sap-night',
    signedIn: true,
    prepare: async (p) => {
      const group = p.getByRole('group', { name: 'Joining the AP house tour before SAP evening?' });
      await group.getByRole('radio', { name: 'Yes', exact: true }).check();
      await p.getByText('Select Time Slot', { exact: true }).waitFor();
    },
  },
  {
    name: 'rsvp/ap-house',
    path: '/rsvp/ap-house',
    signedIn: true,
    prepare: async (p) => {
      await p.getByLabel('Select Date', { exact: true }).waitFor();
      await expect.poll(() => p.getByLabel('Full name', { exact: true }).inputValue()).not.toBe('');
    },
  },
  {
    name: 'mclaren-tour',
    path: '/mclaren-tour',
    signedIn: true,
    prepare: (p) => p.getByTestId('rsvp-mclaren-tour').getByRole('button').waitFor(),
  },
  {
    name: 'booking page (CHANGE/CANCEL BOOKING)',
    path: '/bookings/:bookingId',
    signedIn: true,
    setup: async (p, email) => {
      const res = await p.context().request.post('/api/ap-house/rsvp', {
        data: {
          fullName: 'Ada Member',
          email,
          selectedDate: '2031-10-02',
          timeSlot: '2:00pm-3:00pm',
          bringingGuests: 'yes',
          guestCount: 1,
          totalAttendees: 2,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return `/bookings/${((await res.json()) as { bookingId: string }).bookingId}`;
    },
    prepare: (p) => p.getByRole('button', { name: 'Save changes', exact: true }).waitFor(),
  },
  {
    name: '404',
    path: '/no-such-page',
    signedIn: false,
    prepare: (p) => p.getByRole('heading', { name: '404 Page Not Found', exact: true }).waitFor(),
  },
  {
    name: "dynamic form 'RSVP Form Not Available'",
    path: '/rsvp/does-not-exist',
    signedIn: true,
    prepare: (p) => p.getByRole('heading', { name: 'RSVP Form Not Available', exact: true }).waitFor(),
  },
];

describe.each([DESKTOP, PHONE])('member pages at %i px', (width) => {
  it.each(MEMBER_CASES.map((c) => [c.name, c] as const))('%s: no axe violations', async (_name, c) => {
    let page: Page;
    let email = '';
    if (c.signedIn) ({ page, email } = await memberPage(width));
    else page = await e2e.newPage(width);
    const path = c.setup ? await c.setup(page, email) : c.path;
    await page.goto(path);
    await c.prepare(page, email);
    expect(pathOf(page)).toBe(path);
    await expectNoViolations(page, `${c.name} at ${width} px`);
    if (width === PHONE) await expectNoSidewaysScroll(page, PHONE);
    await page.context().close();
  });
});

describe('admin pages at 1280 px', () => {
  const ADMIN_CASES: { name: string; path: string; prepare: (p: Page) => Promise<void>; signedIn?: boolean }[] = [
    {
      name: 'admin login',
      path: '/admin',
      signedIn: false,
      prepare: (p) => p.getByRole('button', { name: 'Sign In', exact: true }).waitFor(),
    },
    {
      name: 'dashboard',
      path: '/admin/dashboard',
      prepare: (p) => p.getByTestId('admin-benefit-row').first().waitFor(),
    },
    {
      name: 'add benefit',
      path: '/admin/add-benefit',
      prepare: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      name: 'edit benefit',
      path: '/admin/edit-benefit/wristcheck',
      prepare: async (p) => {
        await expect.poll(() => p.getByRole('textbox').first().inputValue()).not.toBe('');
      },
    },
    {
      name: 'members',
      path: '/admin/members',
      prepare: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      name: 'rsvp config',
      path: '/admin/rsvp-config',
      prepare: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      name: 'analytics (Overview)',
      path: '/admin/analytics',
      prepare: async (p) => {
        await p.getByRole('tab', { name: 'Overview', exact: true }).waitFor();
        await p.getByText('Loading analytics...').waitFor({ state: 'detached' });
      },
    },
    {
      name: 'analytics (Benefit Analytics)',
      path: '/admin/analytics',
      prepare: async (p) => {
        const tab = p.getByRole('tab', { name: 'Benefit Analytics', exact: true });
        await tab.click();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      },
    },
    {
      name: 'exports',
      path: '/admin/exports',
      prepare: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    },
    {
      // beforeAll queued a message: the list has a row.
      name: 'outbox',
      path: '/admin/outbox',
      prepare: async (p) => {
        await p.getByTestId('outbox-row').first().waitFor();
        await screenshot(p, 'admin-outbox');
      },
    },
    {
      name: 'check-in (event chosen)',
      path: '/admin/check-in',
      prepare: async (p) => {
        await p.getByLabel('Event', { exact: true }).selectOption({ index: 1 });
        await p.getByTestId('door-verdict').waitFor();
      },
    },
    {
      name: 'bookings (all)',
      path: '/admin/bookings',
      prepare: async (p) => {
        await p.getByLabel('Status', { exact: true }).selectOption('all');
        await p.getByTestId('booking-row').first().waitFor();
      },
    },
  ];

  beforeAll(async () => {
    // Some member activity, so the analytics tabs draw their charts and tables.
    const { page } = await memberPage(DESKTOP, 'Ana');
    await page.goto('/benefits');
    await tileTitled(page, 'Wristcheck').getByRole('button').click();
    await page.getByRole('dialog').waitFor();
    await page.context().close();
    // A message in the Outbox, as a booking would queue it.
    await enqueueMail(e2e.db, {
      purpose: 'confirmation',
      to: 'ana@example.com',
      subject: 'RSVP Confirmation - Special Access Pass',
      text: 'Your place is confirmed.',
    });
  });

  it.each(ADMIN_CASES.map((c) => [c.name, c] as const))('%s: no axe violations', async (_name, c) => {
    const page = c.signedIn === false ? await e2e.newPage(DESKTOP) : await adminPage(DESKTOP);
    await page.goto(c.path);
    await c.prepare(page);
    await expectNoViolations(page, `admin ${c.name}`);
    await page.context().close();
  });
});

// ---- keyboard ------------------------------------------------------------------------------

type Focused = {
  tag: string;
  id: string;
  text: string;
  tile: string | null;
  inDialog: boolean;
  type: string;
  name: string;
};

const focused = (p: Page): Promise<Focused> =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      text: (el?.textContent ?? '').trim(),
      tile: el?.closest<HTMLElement>('[data-testid="benefit-tile"]')?.dataset.benefitId ?? null,
      inDialog: Boolean(el?.closest('[role="dialog"]')),
      type: el?.getAttribute('type') ?? '',
      name: el?.getAttribute('name') ?? '',
    };
  });

/** Presses Tab until `match` holds for the focused element; fails after `max` presses. */
async function tabTo(p: Page, what: string, match: (f: Focused) => boolean, max = 40): Promise<Focused> {
  for (let i = 0; i < max; i++) {
    await p.keyboard.press('Tab');
    const f = await focused(p);
    if (match(f)) return f;
  }
  throw new Error(`Tab never reached ${what} (last focused: ${JSON.stringify(await focused(p))})`);
}

/**
 * Whether the focused element draws a focus indicator: an outline, or a box-shadow ring, that it
 * does not draw when unfocused (so a border colour change alone does not count).
 */
async function focusIndicator(p: Page): Promise<{ outline: string; boxShadow: string; visible: boolean }> {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    const outline = `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    const hasOutline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
    const hasRing = s.boxShadow !== 'none' && s.boxShadow !== '';
    return { outline, boxShadow: s.boxShadow, visible: hasOutline || hasRing };
  });
}

async function expectVisibleFocus(p: Page, what: string) {
  const f = await focusIndicator(p);
  expect(f.visible, `${what} shows no focus indicator (outline ${f.outline}, box-shadow ${f.boxShadow})`).toBe(true);
}

describe('keyboard only', () => {
  it('signs in with Tab, typing and Enter', async () => {
    const email = await e2e.newMember('a11y-kbd', 'Kay');
    const page = await e2e.newPage(DESKTOP);
    await page.goto('/login');
    await page.getByRole('button', { name: 'ACCESS PORTAL', exact: true }).waitFor();

    await tabTo(page, 'the e-mail field', (f) => f.id === 'email');
    await expectVisibleFocus(page, 'the e-mail field');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('ACCESS PORTAL');
    await expectVisibleFocus(page, 'ACCESS PORTAL');
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).id).toBe('email');
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/benefits');
    await memberHeader(page, email);
    await page.context().close();
  });

  it('opens the Speakers Reception modal, books it, closes it with Escape and returns focus to the tile', async () => {
    const { page, email } = await memberPage(DESKTOP, 'Kay');
    await page.goto('/benefits');
    await memberHeader(page, email);
    await tiles(page).first().waitFor();

    // The filter buttons come first, with a visible focus ring.
    const filter = await tabTo(page, 'the ALL filter', (f) => f.text === 'ALL');
    expect(filter.tag).toBe('button');
    await expectVisibleFocus(page, 'the ALL filter');

    const tile = await tabTo(page, 'the Speakers Reception tile button', (f) => f.tile === 'speakers-reception');
    expect(tile.tag).toBe('button');
    await expectVisibleFocus(page, 'the tile button');

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Speakers Reception', exact: true }).waitFor();
    await expect.poll(async () => (await focused(page)).inDialog).toBe(true);

    // Focus stays in the dialog: Tab reaches RSVP NOW without leaving it.
    const rsvpNow = await tabTo(page, 'RSVP NOW', (f) => {
      if (!f.inDialog) throw new Error(`focus left the dialog: ${JSON.stringify(f)}`);
      return f.text === 'RSVP NOW';
    });
    expect(rsvpNow.tag).toBe('button');
    await expectVisibleFocus(page, 'RSVP NOW');
    await page.keyboard.press('Enter');
    const confirmed = dialog.getByRole('button', { name: 'RSVP Confirmed', exact: true });
    await confirmed.waitFor();
    expect(await confirmed.isDisabled()).toBe(true);
    await page.getByTestId('toast').getByText('RSVP Successful', { exact: true }).waitFor();
    // The button is disabled now; focus stays on its action inside the dialog, not on <body>.
    const afterBooking = await focused(page);
    expect(afterBooking.inDialog, JSON.stringify(afterBooking)).toBe(true);
    await expectVisibleFocus(page, 'the booked action');

    // Escape closes the dialog even though the toast is the topmost layer.

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const f = await focused(page);
        return [f.tag, f.tile];
      })
      .toEqual(['button', 'speakers-reception']);
    await expectVisibleFocus(page, 'the tile button after the dialog closed');
    await page.context().close();
  });

  it('fills and submits the concierge form at /rsvp/ap-house by keyboard alone', async () => {
    const { page, email } = await memberPage(DESKTOP, 'Kay');
    await page.goto('/rsvp/ap-house');
    await memberHeader(page, email);
    const date = page.getByLabel('Select Date', { exact: true });
    const slot = page.getByLabel('Select Time Slot', { exact: true });
    const guestCount = page.getByLabel('How many guests are you bringing?', { exact: true });
    await date.waitFor();
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).inputValue()).toBe('Kay Member');

    await tabTo(page, 'the date', (f) => f.id === 'selectedDate');
    await expectVisibleFocus(page, 'the date select');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => date.inputValue()).toBe('2031-09-29');

    await expect.poll(() => slot.isEnabled()).toBe(true);
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('timeSlot');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => slot.inputValue()).not.toBe('');
    const chosenSlot = await slot.inputValue();

    // Into the Yes/No group: the arrows move between the radios, Space checks one.
    await page.keyboard.press('Tab');
    const radio = await focused(page);
    expect([radio.type, radio.name]).toEqual(['radio', 'bringingGuests']);
    await expectVisibleFocus(page, 'the guests radio');
    await page.keyboard.press('ArrowRight'); // No
    await page.keyboard.press('ArrowLeft'); // back to Yes
    await page.keyboard.press('Space');
    const group = page.getByRole('group', { name: 'Are you bringing any guests?', exact: true });
    expect(await group.getByRole('radio', { name: 'Yes', exact: true }).isChecked()).toBe(true);

    await guestCount.waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('guestCount');
    await page.keyboard.press('ArrowUp');
    expect(await guestCount.inputValue()).toBe('2');

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/ap-house/rsvp',
    );
    await page.keyboard.press('Enter');
    expect((await sent).postDataJSON()).toMatchObject({
      email,
      selectedDate: '2031-09-29',
      timeSlot: chosenSlot,
      bringingGuests: 'yes',
      guestCount: 2,
      totalAttendees: 3,
    });
    await page.getByTestId('toast').getByText('Tour Booked', { exact: true }).waitFor();
    await page.context().close();
  });
});
