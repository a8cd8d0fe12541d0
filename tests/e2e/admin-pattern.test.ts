import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { benefits } from '../../src/server/db/schema.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';

// Decision 021: the member's form checks an admin's pattern on RE2 (loaded only for a form with a pattern), never on
// the browser's own backtracking RegExp: `^(a|a)*$` on 41 characters would block the page for hours in V8.
const PATTERNED = { id: 'pattern-tasting', title: 'Pattern Tasting', description: 'A tasting.' };
const PLAIN = { id: 'plain-tasting', title: 'Plain Tasting', description: 'Another tasting.' };
const PASSWORD = 'correct-horse-battery-staple';

const e2e = setupE2e();

async function deploy(benefitId: string, pattern?: string) {
  const admin = await e2e.newContext();
  await e2e.signInAdmin(admin, await e2e.newAdmin('pattern-admin-', PASSWORD), PASSWORD);
  const saved = await admin.request.post('/api/admin/rsvp-config', {
    data: {
      benefitId,
      configName: `${benefitId} form`,
      isActive: true,
      formFields: [
        { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
        {
          fieldName: 'code',
          displayName: 'Member Code',
          fieldType: 'text',
          isRequired: true,
          validation: pattern ? { pattern } : {},
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  await admin.close();
}

beforeAll(async () => {
  await e2e.db.insert(benefits).values([
    { ...PATTERNED, slug: PATTERNED.id },
    { ...PLAIN, slug: PLAIN.id },
  ]);
  await deploy(PATTERNED.id, '^(a|a)*$');
  await deploy(PLAIN.id);
});

/** A signed-in member's page that records the RE2 chunk's loading and the form's submissions. */
async function memberPage(tag: string) {
  const context = await e2e.newContext(390);
  await e2e.signIn(context, await e2e.newMember(`pattern-${tag}-`, 'Pia'));
  const page = await context.newPage();
  const chunks: string[] = [];
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (/admin-pattern[^/]*\.js/.test(r.url())) chunks.push(r.url());
    if (r.method() === 'POST' && r.url().includes('/api/rsvp/dynamic/')) posts.push(r);
  });
  return { page, chunks, posts };
}

const now = (page: Page) => page.evaluate(() => performance.now());

describe("an admin's pattern in the member's form", () => {
  it('checks ^(a|a)*$ on 41 characters within a second, in the browser, and books with a good answer', async () => {
    const { page, chunks, posts } = await memberPage('hostile');
    await page.goto(`/rsvp/${PATTERNED.id}`);
    const code = page.getByLabel('Member Code *');
    await code.waitFor();
    await expect.poll(() => chunks.length).toBe(1); // RE2 arrives for this form
    // …and is in use: until then the server checks, which would send the POST this test expects not to see.
    await page.locator('form[data-pattern-check="browser"]').waitFor();
    await code.fill(`${'a'.repeat(40)}!`);
    const started = await now(page);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Member Code format is invalid').first().waitFor();
    // performance.now() answers only once the page's thread is free: a backtracking check would hold it for hours.
    expect((await now(page)) - started).toBeLessThan(1000);
    expect(posts).toEqual([]); // refused by the browser's own check, as the server would
    await screenshot(page, 'admin-pattern-refused-390');

    await code.fill('a'.repeat(40));
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await expect.poll(() => posts.length).toBe(1);
    await page.getByRole('status').getByText(/.+/).first().waitFor();
  });

  it('does not load RE2 for a form without a pattern', async () => {
    const { page, chunks } = await memberPage('plain');
    await page.goto(`/rsvp/${PLAIN.id}`);
    await page.getByLabel('Member Code *').waitFor();
    await page.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
  });
});
