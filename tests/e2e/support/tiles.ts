import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every tile of the dashboard, in page order. */
export const tiles = (p: Page) => p.getByTestId('benefit-tile');

/** The dashboard's tile with this title. */
export const tileTitled = (p: Page, title: string) =>
  tiles(p).filter({ has: p.getByRole('heading', { name: title, exact: true }) });

/**
 * A tile's text as a member reads it: scrolled to first. Tiles far down the dashboard are drawn only as they come
 * near the screen (`content-visibility: auto`), and until then Chromium answers their `innerText` with ''.
 */
export async function tileText(tile: Locator): Promise<string> {
  await tile.scrollIntoViewIfNeeded();
  let text = '';
  await expect.poll(async () => (text = (await tile.innerText()).trim()), { timeout: 10_000 }).not.toBe('');
  return text;
}
