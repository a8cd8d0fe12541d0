import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
