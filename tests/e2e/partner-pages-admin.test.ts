import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_MSG } from '#common/partner-pages.ts';
import { SLUG_MSG } from '../../src/client/features/admin/pages/page-draft.ts';
import { events } from '../../src/server/db/schema.ts';
import { demoCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';

// Decision 010: partner information pages as data, written in the admin area (list, editor with a live preview) and
// read by members at /{slug}. The seeded pages are src/server/db/seed/partner-pages.ts.
const PASSWORD = 'correct-horse-battery-staple';
const SEEDED = { slug: 'capella-day-pass', title: 'Capella Singapore Day Pass' };
const benefitNamed = (id: string) => {
  const benefit = demoCatalogue().find((b) => b.id === id);
  if (!benefit?.form.benefitName) throw new Error(`the seed has no benefit ${id}`);
  return { id, name: benefit.form.benefitName };
};
// A seeded benefit that has no information page of its own yet.
const BENEFIT = benefitNamed('hedley-studios');

const NEW_PAGE = {
  slug: 'hedley-studio-session',
  eyebrow: 'Hedley Studios',
  title: 'Portrait Session at Hedley',
  subtitle: 'A studio hour at the pass-holder rate.',
  heading: 'How it works',
  paragraphs: ['Book a slot with the studio team.', 'Bring your pass to the studio on the day.'],
  fact: { label: 'Where', value: 'Hedley Studios, Duxton Road' },
  button: { label: 'Visit the studio', href: 'https://hedley.example/pass-holders' },
};

const e2e = setupE2e();

const pathOf = (p: Page) => new URL(p.url()).pathname;
const waitForPath = (p: Page, pathname: string) => p.waitForURL((url) => url.pathname === pathname);
const pageRows = (p: Page) => p.getByTestId('admin-page-row');
const rowTitled = (p: Page, title: string) =>
  pageRows(p).filter({ has: p.getByRole('link', { name: title, exact: true }) });
const preview = (p: Page) => p.getByTestId('page-preview');
const previewTitle = (p: Page) => preview(p).getByRole('heading', { level: 1 });
const saveButton = (p: Page) => p.getByRole('button', { name: 'Save page', exact: true });
const scrollWidth = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth);

// Evaluated through the DevTools protocol, as in a11y.test.ts: the CSP refuses an inline <script>.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe's violations on the whole document, one line per failing node. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResults> } };
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} → ${n.target.join(' ')}`));
  }, AXE_TAGS);
}

/** A page whose context is signed in as a fresh admin. */
async function adminPage(width = 1280): Promise<Page> {
  const email = await e2e.newAdmin('pages-admin', PASSWORD);
  const page = await e2e.newPage(width);
  await e2e.signInAdmin(page.context(), email, PASSWORD);
  return page;
}

/** A page whose context is signed in as a fresh member. */
async function memberPage(width = 1280): Promise<Page> {
  const email = await e2e.newMember('pages-member', 'Mia');
  const page = await e2e.newPage(width);
  await e2e.signIn(page.context(), email);
  return page;
}

async function waitForToast(p: Page, title: string) {
  await p.getByTestId('toast').getByText(title, { exact: true }).waitFor();
}

/** How many requests of this method went to the admin pages API while `act` ran. */
async function countWrites(p: Page, act: () => Promise<void>): Promise<number> {
  let writes = 0;
  const onRequest = (r: { method: () => string; url: () => string }) => {
    if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/admin/pages')) writes++;
  };
  p.on('request', onRequest);
  await act();
  p.off('request', onRequest);
  return writes;
}

describe('partner pages in the admin area', () => {
  it('lists the seeded pages under the Pages tab, each with its member address', async () => {
    const page = await adminPage();
    await page.goto('/admin/dashboard');
    const tab = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Pages' });
    await tab.waitFor();
    const tabs = await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link').allInnerTexts();
    expect(tabs.map((t) => t.trim()).slice(0, 3)).toEqual(['Dashboard', 'Add Benefit', 'Pages']);
    await tab.click();
    await waitForPath(page, '/admin/pages');
    expect(await tab.getAttribute('aria-current')).toBe('page');

    const headers = (await page.locator('thead th').allTextContents()).map((t) => t.trim());
    expect(headers).toEqual(['Title', 'Address', 'Benefit', 'Updated', 'Actions']);
    const row = rowTitled(page, SEEDED.title);
    await row.waitFor();
    const address = row.getByRole('link', { name: `/${SEEDED.slug}` });
    expect(await address.getAttribute('href')).toBe(`/${SEEDED.slug}`);
    expect(await address.getAttribute('target')).toBe('_blank');
    expect(await row.getByRole('cell').nth(2).innerText()).toBe(benefitNamed('capella-day-pass').name);
    expect(await row.getByRole('button', { name: `Edit ${SEEDED.title}` }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: `Delete ${SEEDED.title}` }).isVisible()).toBe(true);
    await screenshot(page, 'admin-pages-1280');

    // Edit opens the stored page in the form, with the preview drawing it.
    await row.getByRole('button', { name: `Edit ${SEEDED.title}` }).click();
    await waitForPath(page, `/admin/pages/${SEEDED.slug}`);
    await expect.poll(() => visibleText(previewTitle(page))).toBe(SEEDED.title);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe(SEEDED.title);
    expect(await page.getByLabel('Address', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe(SEEDED.slug);
    expect(await tab.getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'admin-page-editor-1280');
  });

  it('creates a page with a live preview; a member then reads it, and an edit changes what they read', async () => {
    const page = await adminPage();
    await page.goto('/admin/pages');
    await page.getByRole('button', { name: 'New page', exact: true }).click();
    await waitForPath(page, '/admin/pages/new');

    await page.getByLabel('Address', { exact: true }).fill(NEW_PAGE.slug);
    expect(await visibleText(page.getByText(`Members will find this page at /${NEW_PAGE.slug}`))).toBeTruthy();
    await page.getByLabel('Benefit', { exact: true }).selectOption({ label: BENEFIT.name });
    await page.getByLabel('Eyebrow', { exact: true }).fill(NEW_PAGE.eyebrow);
    // The preview follows the typing.
    await page.getByLabel('Title', { exact: true }).fill('Portrait');
    await expect.poll(() => visibleText(previewTitle(page))).toBe('Portrait');
    await page.getByLabel('Title', { exact: true }).fill(NEW_PAGE.title);
    await expect.poll(() => visibleText(previewTitle(page))).toBe(NEW_PAGE.title);
    await page.getByLabel('Subtitle', { exact: true }).fill(NEW_PAGE.subtitle);

    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    const section = page.getByRole('group', { name: 'Section 1' });
    await section.getByLabel('Heading (optional)').fill(NEW_PAGE.heading);
    await section.getByLabel('Paragraphs', { exact: true }).fill(NEW_PAGE.paragraphs.join('\n\n'));
    await section.getByRole('button', { name: 'Add fact', exact: true }).click();
    await section.getByLabel('Label', { exact: true }).fill(NEW_PAGE.fact.label);
    await section.getByLabel('Value', { exact: true }).fill(NEW_PAGE.fact.value);
    const previewSection = preview(page).locator('section');
    await expect.poll(() => previewSection.getByRole('heading', { level: 2 }).innerText()).toBe(NEW_PAGE.heading);
    expect(await previewSection.locator('p').allInnerTexts()).toEqual(NEW_PAGE.paragraphs);
    expect(await previewSection.locator('dt').innerText()).toMatch(new RegExp(NEW_PAGE.fact.label, 'i'));
    expect(await previewSection.locator('dd').innerText()).toBe(NEW_PAGE.fact.value);

    // A button with no address yet still draws (with a harmless href) rather than breaking the preview.
    await page.getByRole('button', { name: 'Add button', exact: true }).click();
    const button = page.getByRole('group', { name: 'Button 1' });
    await button.getByLabel('Label', { exact: true }).fill(NEW_PAGE.button.label);
    const previewLink = preview(page).getByRole('link', { name: NEW_PAGE.button.label });
    expect(await previewLink.getAttribute('href')).toBe('#');
    await button.getByLabel('Web address').fill(NEW_PAGE.button.href);
    await expect.poll(() => previewLink.getAttribute('href')).toBe(NEW_PAGE.button.href);

    // A portal link in the preview does not take the admin away from the unsaved form, on either width.
    await page.getByRole('button', { name: 'Add button', exact: true }).click();
    const second = page.getByRole('group', { name: 'Button 2' });
    await second.getByLabel('Type').selectOption({ label: 'Portal link' });
    await second.getByLabel('Label', { exact: true }).fill('All benefits');
    await second.getByLabel('Portal path').fill('/benefits');
    await preview(page).getByRole('link', { name: 'All benefits' }).click();
    expect(pathOf(page)).toBe('/admin/pages/new');

    // The phone preview is a 390 px viewport of its own.
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    const frame = page.frameLocator('iframe[title="Phone preview"]');
    await expect.poll(() => visibleText(frame.getByRole('heading', { level: 1 }))).toBe(NEW_PAGE.title);
    expect(await frame.locator('html').evaluate(() => window.innerWidth)).toBe(390);
    await page.getByLabel('Title', { exact: true }).fill(`${NEW_PAGE.title}!`);
    await expect.poll(() => visibleText(frame.getByRole('heading', { level: 1 }))).toBe(`${NEW_PAGE.title}!`);
    await page.getByLabel('Title', { exact: true }).fill(NEW_PAGE.title);
    await frame.getByRole('link', { name: 'All benefits' }).click();
    expect(pathOf(page)).toBe('/admin/pages/new');
    expect(page.frames().map((f) => f.url())).toContain('about:srcdoc');
    await screenshot(page, 'admin-page-editor-phone-1280');
    await second.getByRole('button', { name: 'Remove button 2' }).click();

    await saveButton(page).click();
    await waitForToast(page, 'Page created');
    await waitForPath(page, '/admin/pages');
    const row = rowTitled(page, NEW_PAGE.title);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).innerText()).toBe(BENEFIT.name);

    const member = await memberPage();
    await member.goto(`/${NEW_PAGE.slug}`);
    const article = member.getByTestId('partner-page');
    await article.getByRole('heading', { level: 1, name: NEW_PAGE.title }).waitFor();
    expect(await article.getAttribute('data-benefit-id')).toBe(BENEFIT.id);
    await article.getByRole('heading', { level: 2, name: NEW_PAGE.heading }).waitFor();
    for (const p of NEW_PAGE.paragraphs) await article.getByText(p, { exact: true }).waitFor();
    expect(await article.locator('dd').innerText()).toBe(NEW_PAGE.fact.value);
    const link = article.getByRole('link', { name: NEW_PAGE.button.label });
    expect(await link.getAttribute('href')).toBe(NEW_PAGE.button.href);
    expect(await link.getAttribute('target')).toBe('_blank');

    // An edit: a new title and a second paragraph reach the member on their next visit.
    await row.getByRole('button', { name: `Edit ${NEW_PAGE.title}` }).click();
    await waitForPath(page, `/admin/pages/${NEW_PAGE.slug}`);
    const title = page.getByLabel('Title', { exact: true });
    await expect.poll(() => title.inputValue()).toBe(NEW_PAGE.title);
    await title.fill('Portrait Session, Renewed');
    await page
      .getByRole('group', { name: 'Section 1' })
      .getByLabel('Paragraphs', { exact: true })
      .fill('Walk-ins welcome.');
    await saveButton(page).click();
    await waitForToast(page, 'Page saved');
    await waitForPath(page, '/admin/pages');
    await rowTitled(page, 'Portrait Session, Renewed').waitFor();

    await member.reload();
    await article.getByRole('heading', { level: 1, name: 'Portrait Session, Renewed' }).waitFor();
    await article.getByText('Walk-ins welcome.', { exact: true }).waitFor();
    expect(await article.getByText(NEW_PAGE.paragraphs[0] ?? '', { exact: true }).count()).toBe(0);

    // Deleting it asks first, then the member's address no longer opens it.
    await rowTitled(page, 'Portrait Session, Renewed')
      .getByRole('button', { name: /^Delete / })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Page deleted');
    await expect.poll(() => rowTitled(page, 'Portrait Session, Renewed').count()).toBe(0);
    expect((await member.context().request.get(`/api/pages/${NEW_PAGE.slug}`)).status()).toBe(404);
  });

  it('shows bad values at their fields and saves nothing', async () => {
    const page = await adminPage();
    // An event that goes away while the page is being written (only the server can know).
    await e2e.db.insert(events).values({ id: 'gone-soon', title: 'Gone Soon' });
    await page.goto('/admin/pages/new');
    const before = (await (await page.context().request.get('/api/admin/pages')).json()).pages.length;
    const slugError = page.locator('#page-slug-error');

    const writes = await countWrites(page, async () => {
      await page.getByLabel('Address', { exact: true }).fill('Admin');
      await page.getByLabel('Title', { exact: true }).fill('Sneaky');
      await page.getByRole('button', { name: 'Add button', exact: true }).click();
      const button = page.getByRole('group', { name: 'Button 1' });
      await button.getByLabel('Type').selectOption({ label: 'Portal link' });
      await button.getByLabel('Label', { exact: true }).fill('Click me');
      await button.getByLabel('Portal path').fill('javascript:alert(1)');
      // The preview never links to what the schema refuses.
      const previewLink = preview(page).getByRole('link', { name: 'Click me' });
      expect(await previewLink.getAttribute('href')).not.toContain('javascript');
      await saveButton(page).click();
      await expect.poll(() => visibleText(slugError)).toBe(PAGE_MSG.slug);
      await screenshot(page, 'admin-page-editor-errors', { fullPage: false });
      const hrefError = page.locator(`#${await button.getByLabel('Portal path').getAttribute('id')}-error`);
      expect(await visibleText(hrefError)).toBe(PAGE_MSG.internalHref);
      expect(await page.getByLabel('Address', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      // Messages follow the typing once a save has been tried.
      await page.getByLabel('Address', { exact: true }).fill('admin');
      await expect.poll(() => visibleText(slugError)).toBe(PAGE_MSG.slugTaken);
      await page.getByLabel('Address', { exact: true }).fill('sneaky-page');
      await expect.poll(() => slugError.count()).toBe(0);
      await saveButton(page).click();
      expect(await visibleText(hrefError)).toBe(PAGE_MSG.internalHref);
    });
    expect(writes).toBe(0);
    expect(pathOf(page)).toBe('/admin/pages/new');
    const after = (await (await page.context().request.get('/api/admin/pages')).json()).pages.length;
    expect(after).toBe(before);

    // What only the server knows (an RSVP button naming an event since removed) comes back above the form.
    const button = page.getByRole('group', { name: 'Button 1' });
    await button.getByLabel('Type').selectOption({ label: 'RSVP (one click)' });
    await button.getByLabel('Event', { exact: true }).selectOption('gone-soon');
    await e2e.db.delete(events).where(eq(events.id, 'gone-soon'));
    await saveButton(page).click();
    await page
      .getByRole('alert')
      .filter({ hasText: PAGE_MSG.unknownEvent('gone-soon') })
      .first()
      .waitFor();
    expect(pathOf(page)).toBe('/admin/pages/new');
    expect((await page.context().request.get('/api/admin/pages/sneaky-page')).status()).toBe(404);

    // A new page may not take over an existing page's address.
    await page.getByLabel('Address', { exact: true }).fill(SEEDED.slug);
    await button.getByRole('button', { name: 'Remove button 1' }).click();
    await saveButton(page).click();
    await expect.poll(() => visibleText(slugError)).toBe(SLUG_MSG.exists);
    const seeded = await (await page.context().request.get(`/api/admin/pages/${SEEDED.slug}`)).json();
    expect(seeded.content.title).toBe(SEEDED.title);
  });

  it('fits the list and the editor with its preview into 390 px', async () => {
    const page = await adminPage(390);
    await page.goto('/admin/pages');
    await rowTitled(page, SEEDED.title).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-pages-390');

    await page.goto(`/admin/pages/${SEEDED.slug}`);
    await expect.poll(() => visibleText(previewTitle(page))).toBe(SEEDED.title);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    // On a phone the preview comes after the form.
    const formBox = await page.getByRole('form', { name: 'Page' }).boundingBox();
    const previewBox = await preview(page).boundingBox();
    expect(previewBox?.y ?? 0).toBeGreaterThan((formBox?.y ?? 0) + (formBox?.height ?? 0));
    await screenshot(page, 'admin-page-editor-390');

    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    const frame = page.frameLocator('iframe[title="Phone preview"]');
    await expect.poll(() => visibleText(frame.getByRole('heading', { level: 1 }))).toBe(SEEDED.title);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
    await page.locator('iframe[title="Phone preview"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-page-editor-phone-390', { fullPage: false });
  });

  it('passes axe on the list and on the editor, with its messages showing', async () => {
    const page = await adminPage();
    await page.goto('/admin/pages');
    await rowTitled(page, SEEDED.title).waitFor();
    expect(await axeViolations(page), 'pages list').toEqual([]);

    await page.goto(`/admin/pages/${SEEDED.slug}`);
    await expect.poll(() => visibleText(previewTitle(page))).toBe(SEEDED.title);
    expect(await axeViolations(page), 'page editor').toEqual([]);

    await page.goto('/admin/pages/new');
    await page.getByRole('button', { name: 'Add section', exact: true }).click();
    await page.getByRole('group', { name: 'Section 1' }).getByRole('button', { name: 'Add fact' }).click();
    await page.getByRole('button', { name: 'Add button', exact: true }).click();
    await saveButton(page).click();
    await page.locator('#page-slug-error').waitFor();
    expect(await axeViolations(page), 'new page with messages').toEqual([]);
  });
});
