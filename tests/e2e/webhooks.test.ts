import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { runWebhooksOnce } from '../../src/server/features/webhooks/deliver.ts';
import { outboundRules } from '../../src/server/features/webhooks/worker.ts';
import { screenshot } from './support/browser.ts';
import { setupE2e } from './support/suite.ts';
import { expectNoTextOverflow } from './support/visual.ts';

// Decision 058: an organiser registers an endpoint, sends a test event and reads the log; makes a token.
const e2e = setupE2e();
const PASSWORD = 'webhooks-e2e-admin-password';
const received: string[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    received.push(body);
    res.writeHead(200).end('ok from the CRM');
  });
});
beforeAll(() => new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r)));
afterAll(() => new Promise((r) => receiver.close(r)));

// The e2e server runs no webhook worker: the test runs it once, as the worker would on its next tick.
const deliver = () => runWebhooksOnce(e2e.db, outboundRules(loadConfig({ NODE_ENV: 'test' }).webhooks));

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

describe('webhooks and API tokens pages', () => {
  it('registers an endpoint, sends a test event and reads the log; a token is shown once', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/portal-hook`;
    const ctx = await e2e.newContext(1280);
    await e2e.signInAdmin(ctx, await e2e.newAdmin('webhooks-e2e-', PASSWORD), PASSWORD);
    const page = await ctx.newPage();
    await page.goto('/admin/webhooks');
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('Description (optional)').fill('Our CRM');
    await page.getByLabel('Checked in').check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const card = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await card.waitFor();
    await card.getByRole('button', { name: 'Show' }).click();
    expect(await card.getByTestId('webhook-secret').innerText()).toMatch(/^whsec_/);
    await card.getByRole('button', { name: 'Send test event' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Test event queued' }).waitFor();
    await deliver();
    expect(received).toHaveLength(1);
    await card.getByRole('button', { name: 'Delivery log' }).click();
    const delivery = card.getByTestId('webhook-delivery').first();
    await delivery.getByText('delivered').waitFor();
    expect(await delivery.getByTestId('webhook-answer').innerText()).toMatch(/^Answered 200 in \d+ ms/);
    await delivery.getByText('Request and answer').click();
    await delivery.getByText('ok from the CRM').waitFor();
    await expectNoTextOverflow(page);
    await screenshot(page, 'webhooks-1280.png');

    await page.goto('/admin/api-tokens');
    await page.getByLabel('Name', { exact: true }).fill('CRM sync');
    await page.getByLabel('Attendees (names and contact details)').check();
    await page.getByRole('button', { name: 'Create token' }).click();
    expect(await page.getByTestId('new-token').locator('code').innerText()).toMatch(/^ppt_/);
    await page.getByTestId('api-token').filter({ hasText: 'CRM sync' }).waitFor();
    await screenshot(page, 'api-tokens-1280.png');

    const phone = await (await e2e.newContext(390)).newPage();
    await e2e.signInAdmin(phone.context(), await e2e.newAdmin('webhooks-e2e-phone-', PASSWORD), PASSWORD);
    await phone.goto('/admin/webhooks');
    const phoneCard = phone.getByTestId('webhook-endpoint').filter({ hasText: url });
    await phoneCard.getByRole('button', { name: 'Delivery log' }).click();
    await phoneCard.getByTestId('webhook-delivery').first().waitFor();
    await noSidewaysScroll(phone);
    await expectNoTextOverflow(phone);
    await screenshot(phone, 'webhooks-390.png');
    // Removing asks first.
    await phoneCard.getByRole('button', { name: 'Remove' }).click();
    await phone.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await phone.getByText('No endpoints yet').waitFor();

    // A partner's own: an endpoint for their benefits and a token, on a laptop and on a phone.
    const partnerPassword = 'webhooks-e2e-partner-password';
    const partnerEmail = await e2e.newAdmin('webhooks-e2e-partner-', partnerPassword, 'partner', ['after2049']);
    for (const width of [1280, 390]) {
      const partnerCtx = await e2e.newContext(width);
      await e2e.signInAdmin(partnerCtx, partnerEmail, partnerPassword);
      const partner = await partnerCtx.newPage();
      await partner.goto('/admin/webhooks');
      if (width === 1280) {
        await partner.getByLabel('URL').fill(`${url}?partner`);
        await partner.getByLabel('Booking confirmed').check();
        await partner.getByRole('button', { name: 'Add endpoint' }).click();
      }
      const own = partner.getByTestId('webhook-endpoint');
      await own.filter({ hasText: `${url}?partner` }).waitFor();
      expect(await own.count()).toBe(1); // the organiser's endpoints are not theirs to see
      await partner.getByText('You hear only of the benefits assigned to you', { exact: false }).waitFor();
      await noSidewaysScroll(partner);
      await expectNoTextOverflow(partner);
      await screenshot(partner, `webhooks-partner-${width}.png`);
      await partner.goto('/admin/api-tokens');
      if (width === 1280) {
        await partner.getByLabel('Name', { exact: true }).fill('Partner CRM');
        await partner.getByLabel('Check-ins').check();
        await partner.getByRole('button', { name: 'Create token' }).click();
      }
      await partner.getByTestId('api-token').filter({ hasText: 'Partner CRM' }).waitFor();
      expect(await partner.getByTestId('api-token').count()).toBe(1);
      await noSidewaysScroll(partner);
      await expectNoTextOverflow(partner);
      await screenshot(partner, `api-tokens-partner-${width}.png`);
    }
  });
});
