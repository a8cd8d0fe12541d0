import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TILE_HEIGHT_PX } from '#common/constants.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { tiles, tileText } from './support/tiles.ts';
import { expectNoTextOverflow, expectTileButtonsAligned } from './support/visual.ts';

// A tile shows its 16:10 image whole (member-portal.md §9), not cropped to a 3:1 strip, within the
// spec's 352 px tile; its words, booking lines and button still fit, and a row's buttons line up.
const e2e = setupE2e();

/** Each drawn tile's image box and what is in it, and whether its booking lines end above its button. */
const tileBoxes = (page: Page) =>
  page.getByTestId('benefit-tile').evaluateAll((all) =>
    all.map((tile) => {
      const img = tile.querySelector<HTMLImageElement>('[data-testid="tile-image"]');
      const box = img?.getBoundingClientRect();
      const button = tile.querySelector('[data-testid="tile-action"]')?.getBoundingClientRect();
      const lastLink = [...tile.querySelectorAll('a')].at(-1)?.getBoundingClientRect();
      return {
        id: (tile as HTMLElement).dataset.benefitId,
        height: tile.getBoundingClientRect().height,
        ratio: box ? box.width / box.height : 0,
        natural: img ? img.naturalWidth / img.naturalHeight : 0,
        fit: img ? getComputedStyle(img).objectFit : '',
        buttonInside: Boolean(button && button.bottom <= tile.getBoundingClientRect().bottom),
        linksAboveButton: !lastLink || !button || lastLink.bottom <= button.top,
      };
    }),
  );

describe('tile images', () => {
  it.each([390, 1280])('are whole at 16:10 inside 352 px tiles at %i px, booked tile included', async (width) => {
    const page = await e2e.newPage(width);
    await e2e.signIn(page.context(), await e2e.newMember(`tile-image-${width}-`, 'Ida'));
    // The gallery books two events (two calendar lines and a manage line): the fullest tile there is.
    for (const event of ['speakers-reception', 'national-gallery-pass', 'national-gallery-invitation']) {
      const res = await page.context().request.post(`/api/rsvp/${event}`, { data: {} });
      expect(res.status(), `${event}: ${await res.text()}`).toBe(201);
    }
    await page.goto('/benefits');
    await tiles(page).first().getByTestId('tile-image').waitFor();
    await page.getByText('Add To Calendar').first().waitFor();
    // Every tile drawn: they are laid out only as they come near the screen.
    for (const tile of await tiles(page).all()) await tile.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await tileBoxes(page)).every((t) => t.natural > 0)).toBe(true);
    const boxes = await tileBoxes(page);
    for (const t of boxes) {
      expect(t.height, t.id).toBe(TILE_HEIGHT_PX);
      expect(t.fit, t.id).toBe('contain');
      expect(Math.abs(t.ratio - 1.6), `${t.id}: image box ${t.ratio.toFixed(3)}`).toBeLessThan(0.02);
      expect(Math.abs(t.natural - 1.6), `${t.id}: the art itself is 16:10`).toBeLessThan(0.02);
      expect(t.buttonInside, `${t.id}: button inside the tile`).toBe(true);
      expect(t.linksAboveButton, `${t.id}: booking lines end above the button`).toBe(true);
    }
    await expectTileButtonsAligned(page, `benefits at ${width}`);
    await expectNoTextOverflow(page, `benefits at ${width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `tile-images-top-${width}.png`, { fullPage: false });
    const gallery = tiles(page)
      .filter({ has: page.getByText('Add To Calendar') })
      .last();
    expect(await tileText(gallery)).toContain('MANAGE IN MY BOOKINGS');
    await screenshot(page, `tile-images-booked-${width}.png`, { fullPage: false });
    await page.context().close();
  });
});
