import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's full browser (package `chromium`); Playwright's own browser downloads are never used. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same Blink without the browser's windowing layers, as Playwright itself
 * runs headless tests; about 40% less CPU per page on the 2-core machine (decision 040).
 */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const RESULTS_DIR = fileURLToPath(new URL('../../../test-results/', import.meta.url));

/**
 * The browser the tests drive: E2E_BROWSER names one (E2E_BROWSER=/usr/bin/chromium runs them in the full browser),
 * else the headless shell when it is installed, else the full browser.
 */
const testBrowser = () =>
  process.env.E2E_BROWSER || (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Chromium as every browser test runs it; `extraArgs` add flags (e.g. a fake camera fed from a file). */
export async function launchBrowser(
  extraArgs: string[] = [],
  { executablePath = testBrowser() }: { executablePath?: string } = {},
): Promise<Browser> {
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `${executablePath} is missing: install Debian's chromium-headless-shell (tests) or chromium (benchmarks) package.`,
    );
  }
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's Chromium, launched on first use and shared by every browser file the worker runs (each file
 * opens and closes contexts of its own, so no cookie, storage or cache crosses files): a launch costs ~1.4 s of CPU.
 * Playwright closes it when the worker process exits; one that crashed or was closed is launched again.
 */
export function workerChromium(): Promise<Browser> {
  if (!workerBrowser) {
    const launching = launchBrowser();
    workerBrowser = launching;
    const forget = () => {
      if (workerBrowser === launching) workerBrowser = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return workerBrowser;
}

/** A whole page as a member sees it by scrolling: parts drawn only near the screen (content-visibility) drawn too. */
const DRAW_EVERYTHING = '* { content-visibility: visible !important; }';

/**
 * A PNG in test-results/NAME.png, of the full page unless `fullPage: false` (an open dialog
 * covers only the viewport, so a full-page shot of it shows a band). Returns the file's path.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name.endsWith('.png') ? name : `${name}.png`);
  const fullPage = opts.fullPage ?? true;
  await page.screenshot({ path: file, fullPage, style: fullPage ? DRAW_EVERYTHING : undefined });
  return file;
}

/**
 * Lazy images loaded, parts drawn only near the screen (content-visibility) drawn, requests answered (polling pages
 * are never idle), transitions over: the whole page is there to be checked, as a member scrolling would see it.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => undefined);
  await page.evaluate(async (css) => {
    const drawAll = document.createElement('style');
    drawAll.textContent = css;
    document.head.append(drawAll);
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    const loaded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    const animations = Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await Promise.race([Promise.all([loaded, animations]), new Promise((r) => setTimeout(r, 3000))]);
  }, DRAW_EVERYTHING);
}
