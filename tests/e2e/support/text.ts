import type { Locator } from 'playwright-core';

/** An element's text as a reader sees it (`innerText`: laid out, hidden parts left out), without surrounding blanks. */
export const visibleText = async (locator: Locator) => (await locator.innerText()).trim();
