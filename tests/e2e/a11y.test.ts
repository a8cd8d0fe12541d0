import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoViolations } from './support/axe.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { tiles } from './support/tiles.ts';

// Accessibility by keyboard alone: sign-in, a modal RSVP and the concierge form, each with a visible focus
// indicator. axe on every member and admin page (and 360 px without sideways scrolling) runs in visual.test.ts,
// on the same page loads as the screenshots.

const DESKTOP = 1280;

const e2e = setupE2e();

/** A page whose context is signed in as a fresh member (through the API). */
async function memberPage(width: number, firstName = 'Ada'): Promise<{ page: Page; email: string }> {
  const email = await e2e.newMember('a11y-member', firstName);
  const page = await e2e.newPage(width);
  await e2e.signIn(page.context(), email);
  return { page, email };
}

/** Waits until the member header shows this member's e-mail (the session is in). */
const memberHeader = (p: Page, email: string) =>
  p.getByRole('banner').getByText(email.toUpperCase(), { exact: true }).waitFor();

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
    // Yes shows the guest stepper, holding 1 from its first frame (set with the answer, not after the render): a
    // step pressed at once is never overwritten.
    // Watching starts before the key is pressed (a handle, awaited): input and script reach the page by separate ways.
    const stepperAppears = await page.evaluateHandle(() => ({
      value: new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          const stepper = document.getElementById('guestCount');
          if (stepper instanceof HTMLInputElement) {
            observer.disconnect();
            resolve(stepper.value);
          }
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    }));
    await page.keyboard.press('ArrowLeft'); // back to Yes
    expect(await stepperAppears.evaluate((watch) => watch.value)).toBe('1');
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

// ---- focus rings, target sizes, page titles --------------------------------------------------

/** WCAG relative luminance contrast of two CSS colours (rgb/rgba as computed). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r = 0, g = 0, bl = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
    const ch = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The focused element's ring colour (its outline's), its own fill, and the fill of the card it sits on. */
const ringAndCard = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const opaque = (e: Element | null): string => {
      for (let n = e; n; n = n.parentElement) {
        const bg = getComputedStyle(n).backgroundColor;
        if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
      }
      return getComputedStyle(document.body).backgroundColor;
    };
    const s = getComputedStyle(el);
    return {
      ring: s.outlineColor,
      width: Number.parseFloat(s.outlineWidth),
      fill: s.backgroundColor,
      card: opaque(el.parentElement),
    };
  });

describe('gold buttons', () => {
  it("show a white focus ring, not the button's own gold, 3:1 and more against the card (tile, modal)", async () => {
    const { page, email } = await memberPage(DESKTOP, 'Gil');
    await page.goto('/benefits');
    await memberHeader(page, email);
    await tiles(page).first().waitFor();
    const ringReads = async (what: string) => {
      // The ring's colour eases in with the button's colours: read it once it has settled.
      await expect
        .poll(async () => contrast((await ringAndCard(page)).ring, (await ringAndCard(page)).card))
        .toBeGreaterThanOrEqual(3);
      const r = await ringAndCard(page);
      expect(r.width, what).toBeGreaterThanOrEqual(2);
      expect(r.ring, `${what}: the ring is told apart from the gold fill`).not.toBe(r.fill);
      return r;
    };
    await tabTo(page, 'a gold tile button', (f) => f.tile !== null);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-state'))).toBe('open');
    await ringReads('the tile button');
    await screenshot(page, 'a11y-gold-focus-tile-1280.png');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await tabTo(page, 'the modal action', (f) => f.inDialog && f.text === 'RSVP NOW');
    await ringReads('RSVP NOW in the modal');
    await screenshot(page, 'a11y-gold-focus-modal-1280.png');
    await page.context().close();
  });
});

describe('target size (axe target-size, WCAG 2.2)', () => {
  it("a booked tile's calendar and manage lines, My bookings and the modal: every target 24 px, at 390 and 1280", async () => {
    const { page, email } = await memberPage(390, 'Tia');
    const booked = await page.context().request.post('/api/rsvp/speakers-reception', { data: {} });
    expect(booked.status(), await booked.text()).toBe(201);
    await page.goto('/benefits');
    await memberHeader(page, email);
    const tile = tiles(page)
      .filter({ has: page.getByTestId('tile-state') })
      .first();
    await tile.getByText('Add To Calendar').waitFor();
    const rows = await tile.locator('a').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const h of rows) expect(h).toBeGreaterThanOrEqual(24);
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'a11y-tile-calendar-390.png');
    await expectNoViolations(page, 'benefits with a booked tile at 390 px', { targetSize: true });
    await page.setViewportSize({ width: DESKTOP, height: 900 });
    await expectNoViolations(page, 'benefits with a booked tile at 1280 px', { targetSize: true });
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, 'a11y-tile-calendar-1280.png');
    await tile.getByTestId('tile-action').click();
    await page.getByRole('dialog').getByText('Add To Calendar').first().waitFor();
    await expectNoViolations(page, 'the booked modal at 1280 px', { targetSize: true });
    await page.goto('/me');
    await page.getByText('Add To Calendar').first().waitFor();
    await expectNoViolations(page, 'My bookings at 1280 px', { targetSize: true });
    await page.context().close();
  });
});

describe('page titles', () => {
  it("every member and admin route names its page in the tab; a benefit's pages by its title", async () => {
    const { page } = await memberPage(DESKTOP, 'Tam');
    const benefits = (await (await page.context().request.get('/api/benefits')).json()) as {
      id: string;
      title: string;
    }[];
    const titleOf = (id: string) => benefits.find((b) => b.id === id)?.title ?? `no benefit ${id}`;
    const pageTitleOf = async (slug: string) =>
      ((await (await page.context().request.get(`/api/pages/${slug}`)).json()) as { content: { title: string } })
        .content.title;
    const member: [string, string][] = [
      ['/benefits', 'Benefits'],
      ['/me', 'My bookings'],
      ['/rsvp/sap-night', titleOf('sap-night')],
      ['/rsvp/ap-house', titleOf('ap-house')],
      ['/mclaren-tour', titleOf('mclaren-tour')],
      ['/elyx-life', await pageTitleOf('elyx-life')],
      ['/elyx-life-terms', await pageTitleOf('elyx-life-terms')],
      ['/no-such-page-here', '404 Page Not Found'],
    ];
    const expectTitle = async (path: string, name: string) => {
      await page.goto(path);
      await expect.poll(() => page.title(), { message: path }).toBe(`${name} · Special Access Pass`);
    };
    for (const [path, name] of member) await expectTitle(path, name);

    const signedOut = await e2e.newPage(DESKTOP);
    await signedOut.goto('/login');
    await expect.poll(() => signedOut.title()).toBe('Sign in · Special Access Pass');
    await signedOut.goto('/admin');
    await expect.poll(() => signedOut.title()).toBe('Admin sign in · Special Access Pass');
    await signedOut.context().close();

    await e2e.signInAdmin(
      page.context(),
      await e2e.newAdmin('a11y-titles-', 'a11y-titles-password'),
      'a11y-titles-password',
    );
    for (const [path, name] of [
      ['/admin/dashboard', 'Benefits'],
      ['/admin/outbox', 'Outbox'],
      ['/admin/audit', 'Audit'],
      ['/admin/members', 'Members'],
      ['/admin/analytics', 'Analytics'],
      ['/admin/bookings', 'Bookings'],
      ['/admin/add-benefit', 'Add Benefit'],
    ] as const)
      await expectTitle(path, `${name} · Admin`);
    await page.context().close();
  });
});
