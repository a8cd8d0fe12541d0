import { asc, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { outboxJobs } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Sign-in with an e-mailed one-time code (MEMBER_LOGIN=code).
const CODE_INVALID = 'That code is not valid or has expired. Request a new one.';
const OTHER_BROWSER =
  'This sign-in link only works in a browser where a code for this e-mail was requested. Request a new code here.';
const prompt = (email: string) => `Enter the 6-digit code we sent to ${email}`;

const e2e = setupE2e({ env: { MEMBER_LOGIN: 'code' } });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await e2e.testContext());
});

const newMember = (firstName = 'Coda') => e2e.newMember('code-member', firstName);

/** The sign-in mails to this address, as queued in the outbox (the mail transport is not under test). */
async function codeMails(email: string) {
  const jobs = await e2e.db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, 'mail.send'))
    .orderBy(asc(outboxJobs.createdAt));
  return jobs
    .map((j) => j.payload as { purpose?: string; to?: string; text?: string })
    .filter((m) => m.purpose === 'login-code' && m.to === email);
}

/**
 * The latest sign-in mail to this address; with `newerThan`, the first one after that mail (a code is issued just
 * after the answer, decision 044).
 */
async function mailedCode(email: string, newerThan?: { token: string }): Promise<{ code: string; token: string }> {
  let found: { code: string; token: string } | undefined;
  await expect
    .poll(async () => {
      const text = (await codeMails(email)).at(-1)?.text ?? '';
      const code = /is (\d{6})\./.exec(text)?.[1];
      const token = /[?&]token=([^\s&"]+)/.exec(text)?.[1];
      found = code && token && token !== newerThan?.token ? { code, token } : undefined;
      return Boolean(found);
    })
    .toBe(true);
  if (!found) throw new Error(`no sign-in mail to ${email}`);
  return found;
}

const accessPortal = (p: Page) => p.getByRole('button', { name: 'ACCESS PORTAL', exact: true });
const codeInput = (p: Page) => p.getByLabel('SIGN-IN CODE');
const verifyButton = (p: Page) => p.getByRole('button', { name: 'Verify', exact: true });
const waitForPath = (p: Page, path: string) => p.waitForURL((url) => url.pathname === path);
const sessionStatus = async (c: BrowserContext) => (await c.request.get('/api/auth/session')).status();

async function askForCode(p: Page, email: string) {
  await p.goto('/login');
  await p.getByLabel('EMAIL ADDRESS').fill(email);
  await accessPortal(p).click();
  await p.getByText(prompt(email), { exact: true }).waitFor();
}

/** A stranger's request for a code for `email` (no cookies): its answer's status. */
const strangerAsks = async (email: string) =>
  (
    await fetch(`${e2e.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
  ).status;

describe('sign-in with an e-mailed code', () => {
  it('asks for the code, refuses a wrong one inline, then signs in with the right one', async () => {
    const email = await newMember('Coda');
    await askForCode(page, email);
    expect(await sessionStatus(context)).toBe(401);

    const input = codeInput(page);
    expect(await input.getAttribute('inputmode')).toBe('numeric');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('button', { name: 'Use a different e-mail', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Send a new code', exact: true }).waitFor();
    await screenshot(page, 'login-code-step.png');

    const { code } = await mailedCode(email);
    await input.fill(code === '000000' ? '000001' : '000000');
    await verifyButton(page).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(CODE_INVALID);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'login-code-wrong.png');

    await input.fill(code);
    await verifyButton(page).click();
    await waitForPath(page, '/benefits');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('WELCOME, CODA');
    expect(await sessionStatus(context)).toBe(200);
  });

  it('a browser that signed in before still gets a code after strangers used up the e-mail (decision 019)', async () => {
    const email = await newMember('Dora');
    await askForCode(page, email);
    await codeInput(page).fill((await mailedCode(email)).code);
    await verifyButton(page).click();
    await waitForPath(page, '/benefits');
    const device = (await context.cookies()).find((c) => c.name === 'portal_device_member');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(device?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);

    // A stranger asks for codes for the member past the hour's cap of mails (decision 044).
    for (let i = 0; i < 12; i++) expect(await strangerAsks(email)).toBe(200);
    const last = await mailedCode(email);

    await context.clearCookies({ name: 'portal_session' });
    expect(await sessionStatus(context)).toBe(401);
    await askForCode(page, email);
    // Past the cap, but this browser signed in before: its own allowance, a new code.
    await codeInput(page).fill((await mailedCode(email, last)).code);
    await verifyButton(page).click();
    await waitForPath(page, '/benefits');
    expect(await sessionStatus(context)).toBe(200);
  });

  it('shows the same code step for an e-mail that is not on the list', async () => {
    await askForCode(page, 'not-on-the-list@example.com');
    await codeInput(page).fill('123456');
    await verifyButton(page).click();
    await page.getByRole('alert').waitFor();
    expect((await page.getByRole('alert').innerText()).trim()).toBe(CODE_INVALID);
    expect(await sessionStatus(context)).toBe(401);
  });

  it('sends a new code (the old one stops working) and can go back to the e-mail step', async () => {
    const email = await newMember();
    await askForCode(page, email);
    const first = await mailedCode(email);
    await page.getByRole('button', { name: 'Send a new code', exact: true }).click();
    await page.getByText(`A new code is on its way to ${email}.`, { exact: true }).waitFor();
    // The notice shows once the new code is stored and queued.
    const second = await mailedCode(email, first);
    if (first.code !== second.code) {
      await codeInput(page).fill(first.code);
      await verifyButton(page).click();
      await page.getByRole('alert').waitFor();
      expect((await page.getByRole('alert').innerText()).trim()).toBe(CODE_INVALID);
    }

    await page.getByRole('button', { name: 'Use a different e-mail', exact: true }).click();
    await accessPortal(page).waitFor();
    expect(await page.getByLabel('EMAIL ADDRESS').inputValue()).toBe(email);
    await askForCode(page, email);
    const third = await mailedCode(email);
    await codeInput(page).fill(third.code);
    await verifyButton(page).click();
    await waitForPath(page, '/benefits');
  });

  it("a new browser signs in with the newest e-mail's code while strangers keep asking for codes (decision 044)", async () => {
    const email = await newMember('Nova');
    for (let i = 0; i < 14; i++) expect(await strangerAsks(email)).toBe(200);
    // The hour's cap of mails (LOGIN_CODE_MAILS_PER_HOUR, 3 by default) went out, no more.
    await expect.poll(async () => (await codeMails(email)).length).toBe(3);
    const newest = await mailedCode(email);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await askForCode(page, email);
      await page.getByText('Got more than one sign-in e-mail?', { exact: false }).waitFor();
      await screenshot(page, `login-code-newest-${width}.png`);
      await page.getByRole('button', { name: 'Use a different e-mail', exact: true }).click();
    }
    await askForCode(page, email);
    const started = Date.now();
    await codeInput(page).fill(newest.code);
    await verifyButton(page).click();
    await waitForPath(page, '/benefits');
    expect(await sessionStatus(context)).toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('the e-mailed link signs in only in the browser that asked', async () => {
    const email = await newMember('Linka');
    await askForCode(page, email);
    const { token } = await mailedCode(email);

    // Another browser (no binding cookie) is told so and offered a new code.
    const other = await e2e.browser.newContext({ baseURL: e2e.baseUrl });
    try {
      const elsewhere = await other.newPage();
      await elsewhere.goto(`/login/verify?token=${token}`);
      const alert = elsewhere.getByRole('alert');
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toBe(OTHER_BROWSER);
      await screenshot(elsewhere, 'login-link-other-browser.png');
      await elsewhere.getByRole('button', { name: 'Request a new code', exact: true }).click();
      await waitForPath(elsewhere, '/login');
      expect(await sessionStatus(other)).toBe(401);
    } finally {
      await other.close();
    }

    await page.goto(`/login/verify?token=${token}`);
    await waitForPath(page, '/benefits');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('WELCOME, LINKA');
    expect(await sessionStatus(context)).toBe(200);
  });
});
