import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { StaffRole } from '#common/passes.ts';
import { workerChromium } from './browser.ts';
import { type E2eServer, startServer } from './server.ts';

/**
 * One portal for the calling test file, on the worker's Chromium: registers the hooks that start and stop
 * the portal and returns accessors for the file's tests. Contexts from `newContext`/`newPage` stay open
 * until the file ends; the one from `testContext` closes when its test ends. `initScript` runs in
 * every page the fixture opens (e.g. a toast recorder).
 */
export function setupE2e(opts: { env?: Record<string, string>; initScript?: () => void } = {}) {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let seq = 0;
  const fileContexts: BrowserContext[] = [];
  const testContexts: BrowserContext[] = [];
  let current: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer({ env: opts.env });
    browser = await workerChromium();
  });

  afterEach(async () => {
    current = undefined;
    await closeAll(testContexts);
  });

  afterAll(async () => {
    await closeAll(fileContexts);
    // The worker's Chromium stays open for its next browser file (workerChromium).
    await server?.close();
  });

  const started = () => {
    if (!server || !browser) throw new Error('setupE2e: the server starts in beforeAll; use it inside a hook or test');
    return { server, browser };
  };

  async function openContext(width: number, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const { server, browser } = started();
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width, height: width < 600 ? 740 : 800 },
      ...options,
    });
    // As long as a poll waits (vitest.config.ts): the slower machines of the CI's kind take twice as long.
    context.setDefaultTimeout(15_000);
    if (opts.initScript) await context.addInitScript(opts.initScript);
    return context;
  }

  /** A browser context on the portal, open until the file ends (or the test closes it); `options` e.g. hasTouch. */
  async function newContext(width = 1280, options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await openContext(width, options);
    fileContexts.push(context);
    return context;
  }

  /** A page in a context of its own, open until the file ends. */
  async function newPage(width = 1280): Promise<Page> {
    return (await newContext(width)).newPage();
  }

  /** A context and page for the running test only, closed after it (call it from beforeEach). */
  async function testContext(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await openContext(width);
    testContexts.push(context);
    current = context;
    return { context, page: await context.newPage() };
  }

  /** `${prefix}${n}@example.com`, new on every call, so the per-e-mail sign-in limit never trips. */
  function uniqueEmail(prefix: string): string {
    return `${prefix}${++seq}@example.com`;
  }

  /** Authorises a fresh address named `<firstName> Member` (no name at all without a first name). */
  async function newMember(prefix: string, firstName?: string): Promise<string> {
    const email = uniqueEmail(prefix);
    await started().server.addMember({ email, firstName, lastName: firstName ? 'Member' : undefined });
    return email;
  }

  /** Adds an admin account (a door account with role staff, a partner of `benefitIds`) under a fresh address. */
  async function newAdmin(prefix: string, password: string, role: StaffRole = 'admin', benefitIds?: string[]) {
    const email = uniqueEmail(prefix);
    await started().server.addAdmin(email, password, role, benefitIds);
    return email;
  }

  /** Signs `context` in as a member through the API; the session cookie lands in the context. */
  async function signIn(context: BrowserContext, email: string): Promise<void> {
    const res = await context.request.post('/api/auth/login', { data: { email } });
    expect(res.status(), await res.text()).toBe(200);
  }

  /** Signs the running test's context (from `testContext`) in as `email`; returns the address. */
  async function signInAs(email: string): Promise<string> {
    if (!current) throw new Error('signInAs: open the test context first (testContext in beforeEach)');
    await signIn(current, email);
    return email;
  }

  /** Signs `context` in as an admin through the API. */
  async function signInAdmin(context: BrowserContext, email: string, password: string): Promise<void> {
    const res = await context.request.post('/api/admin/login', { data: { email, password } });
    expect(res.status(), await res.text()).toBe(200);
  }

  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get baseUrl() {
      return started().server.baseUrl;
    },
    get db() {
      return started().server.db;
    },
    newContext,
    newPage,
    testContext,
    uniqueEmail,
    newMember,
    newAdmin,
    signIn,
    signInAs,
    signInAdmin,
  };
}

async function closeAll(contexts: BrowserContext[]) {
  for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
}
