import type { Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser } from '../tests/e2e/support/browser.ts';
import { startServer } from '../tests/e2e/support/server.ts';
import { percentile } from './bench-support.ts';

/** The goal (decision 015) for the Largest Contentful Paint of the dashboard and of the sign-in page. */
export const LCP_GOAL_MS = 1500;
const RUNS = 5;
/** The dashboard as a signed-in member opens it, and the sign-in form as a visitor does. */
const PAGES = [
  { path: '/benefits', signedIn: true, ready: '[data-testid="benefit-tile"]' },
  { path: '/login', signedIn: false, ready: '#email' },
] as const;
type Page = (typeof PAGES)[number];
/** CPU slowed 4x, as Lighthouse's mobile profile does; `--cpu 14` here comes near the slower 2-core machine kind's 4x. */
const CPU_SLOWDOWN = 4;
/** DevTools' "Fast 3G": 562.5 ms round trip, 1.6 Mbps down and 750 Kbps up, each times 0.9. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180_000,
  uploadThroughput: 84_375,
} as const;
const RUN_TIMEOUT_MS = 90_000;

type LcpWindow = Window & { __lcp?: { time: number; element: string; url: string } };

// Runs before the app's scripts (addInitScript is not subject to the page's CSP).
function observeLcp() {
  const w = window as LcpWindow;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
      const el = entry.element;
      const element = el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` : '(removed)';
      w.__lcp = { time: entry.startTime, element, url: entry.url ?? '' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** One cold load (fresh context, empty cache) of a page, throttled; the last LCP entry once the page settles. */
async function measureOnce(browser: Browser, baseUrl: string, target: Page, email: string | null, cpu: number) {
  const PAGE = target.path;
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  try {
    context.setDefaultTimeout(RUN_TIMEOUT_MS);
    if (email) {
      // Sign in through the API before throttling; the session cookie lands in this context.
      const res = await context.request.post('/api/auth/login', { data: { email } });
      if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
    }
    const page = await context.newPage();
    await page.addInitScript(observeLcp);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const t0 = Date.now();
    await page.goto(PAGE, { waitUntil: 'load', timeout: RUN_TIMEOUT_MS });
    await page.locator(target.ready).first().waitFor({ timeout: RUN_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: RUN_TIMEOUT_MS });
    await page.waitForTimeout(500); // let the last paint's entry be delivered
    const lcp = await page.evaluate(() => (window as LcpWindow).__lcp ?? null);
    if (!lcp) throw new Error(`no largest-contentful-paint entry for ${PAGE}`);
    if (new URL(page.url()).pathname !== PAGE) throw new Error(`ended on ${page.url()}, not ${PAGE}`);
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((r) => new URL(r.name).pathname)
        .filter((p) => p.endsWith('.js')),
    );
    return { ...lcp, settledMs: Date.now() - t0, scripts };
  } finally {
    await context.close();
  }
}

/**
 * LCP of /benefits for a signed-in member and of /login for a visitor, in headless Chromium, CPU slowed 4x on
 * fast 3G: the median of RUNS cold loads of each. Uses the built client in dist/ (run `npm run build` first).
 */
export async function benchLcp({ cpu = CPU_SLOWDOWN }: { cpu?: number } = {}) {
  const server = await startServer();
  let browser: Browser | undefined;
  const results: { path: string; medianMs: number }[] = [];
  try {
    // The full browser a member runs, not the tests' headless shell: its paint is what the goal is about.
    browser = await launchBrowser([], { executablePath: CHROMIUM_PATH });
    for (const target of PAGES) {
      const runs: Awaited<ReturnType<typeof measureOnce>>[] = [];
      for (let i = 1; i <= RUNS; i++) {
        let email: string | null = null;
        if (target.signedIn) {
          email = `lcp-bench-${i}@example.com`;
          await server.addMember({ email, firstName: 'Bench', lastName: 'Member' });
        }
        runs.push(await measureOnce(browser, server.baseUrl, target, email, cpu));
      }
      const median = percentile(
        runs.map((r) => r.time).sort((a, b) => a - b),
        50,
      );
      const last = runs.at(-1);
      console.log(
        `\nLCP of ${target.path} (${target.signedIn ? 'signed-in member' : 'visitor'}, headless Chromium, CPU ${cpu}x slower, fast 3G)`,
      );
      console.table(
        runs.map((r, i) => ({
          run: i + 1,
          LCP: `${(r.time / 1000).toFixed(2)} s`,
          element: !r.url
            ? r.element
            : r.url.startsWith('data:')
              ? `${r.element} (inside the page)`
              : `${r.element} ${new URL(r.url, server.baseUrl).pathname}`,
          'settled after': `${(r.settledMs / 1000).toFixed(1)} s`,
        })),
      );
      console.log(`Scripts loaded: ${last?.scripts.join(', ') ?? '-'}`);
      results.push({ path: target.path, medianMs: median });
    }
    for (const r of results) {
      console.log(
        `LCP of ${r.path}, median of ${RUNS}: ${(r.medianMs / 1000).toFixed(2)} s; goal <= ${LCP_GOAL_MS / 1000} s` +
          (cpu === CPU_SLOWDOWN
            ? `: ${r.medianMs <= LCP_GOAL_MS ? 'met' : 'MISSED'}`
            : ` at ${CPU_SLOWDOWN}x (this run: ${cpu}x, ${r.medianMs <= LCP_GOAL_MS ? 'within' : 'over'} it)`),
      );
    }
    return results;
  } finally {
    await browser?.close();
    await server.close();
  }
}
