import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Elements whose text must fit their box: a wider text is cut off (or spills over its neighbour). */
const TEXT_CONTAINERS = 'h1, h2, h3, h4, h5, h6, p, a, button, label, td, dt, dd';

export type Overflow = { element: string; text: string; scrollWidth: number; clientWidth: number };

/**
 * Visible text containers whose content is wider than their box (scrollWidth > clientWidth + 1): text cut by
 * `truncate`, a word too long for its cell, a label wider than its button. Scroll containers (overflow auto or
 * scroll) are meant to be wider inside, and screen-reader-only text is meant to be clipped: both are left out.
 */
export function textOverflows(page: Page): Promise<Overflow[]> {
  return page.evaluate((selector) => {
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      return `${el.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls ? `.${cls}` : ''}`;
    };
    const found: { element: string; text: string; scrollWidth: number; clientWidth: number }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.sr-only')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (['auto', 'scroll'].includes(style.overflowX)) continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        found.push({
          element: describe(el),
          text: (el.innerText || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 80),
          scrollWidth: el.scrollWidth,
          clientWidth: el.clientWidth,
        });
      }
    }
    return found;
  }, TEXT_CONTAINERS);
}

/** Fails, listing each offender, when any visible text container's content is wider than its box. */
export async function expectNoTextOverflow(page: Page, label = page.url()): Promise<void> {
  const found = await textOverflows(page);
  expect(found, `text wider than its box on ${label}`).toEqual([]);
}

export type TileRow = { top: number; buttonTops: { tile: string; top: number }[] };

/** The dashboard's tiles grouped into rows (same top edge), with the top edge of each tile's button. */
export function tileRows(page: Page): Promise<TileRow[]> {
  return page.evaluate(() => {
    const rows = new Map<number, { tile: string; top: number }[]>();
    for (const tile of document.querySelectorAll<HTMLElement>('[data-testid="benefit-tile"]')) {
      const box = tile.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const button = tile.querySelector('button');
      const rowTop = Math.round(box.top + window.scrollY);
      const entry = {
        tile: tile.dataset.benefitId ?? '?',
        top: button ? button.getBoundingClientRect().top + window.scrollY : Number.NaN,
      };
      rows.set(rowTop, [...(rows.get(rowTop) ?? []), entry]);
    }
    return [...rows.entries()].map(([top, buttonTops]) => ({ top, buttonTops }));
  });
}

/**
 * Fails when, in any row of tiles, the buttons' top edges differ by more than 1 px (or a tile has no button):
 * a booked tile's extra lines, a two-line title or a badge must not push its button out of line.
 */
export async function expectTileButtonsAligned(page: Page, label = page.url()): Promise<void> {
  const rows = await tileRows(page);
  const misaligned = rows.filter(({ buttonTops }) => {
    const tops = buttonTops.map((b) => b.top);
    return tops.some(Number.isNaN) || Math.max(...tops) - Math.min(...tops) > 1;
  });
  expect(misaligned, `tile rows whose buttons do not line up on ${label}`).toEqual([]);
}
