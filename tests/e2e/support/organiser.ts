import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

export type OrganiserBenefit = {
  name: string;
  description: string;
  partnerContactEmail: string;
  timeZone: string;
  day: string;
  /** The last day, when it runs over more than one. */
  endDay?: string;
  startTime: string;
  endTime: string;
  venue: string;
  venueAddress?: string;
  capacity: string;
  /** The logo's colours: a background and a mark. */
  colours: [string, string];
  /** What it is and what its card opens (the form's defaults: an event on its RSVP form, with a Sheet). */
  benefitType?: 'event' | 'tour' | 'offer' | 'interest';
  cardOpens?: 'form' | 'modal' | 'page' | 'link';
  buttonText?: string;
  /** Taken up through a built-in form (decision 064) rather than the portal's own. */
  bookedThrough?: 'evening' | 'concierge';
};

/** A PNG logo written to a temporary file, for the image picker. */
async function logoFile(colours: [string, string]): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'organiser-logo-'));
  const file = path.join(dir, 'logo.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="100%" height="100%" fill="${colours[0]}"/><circle cx="320" cy="200" r="80" fill="${colours[1]}"/></svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

/** An organiser adds a timed benefit through /admin/add-benefit, its when in `timeZone`; returns its id. */
export async function addTimedBenefit(page: Page, b: OrganiserBenefit): Promise<string> {
  await page.goto('/admin/add-benefit');
  await page.getByRole('heading', { name: 'Add Benefit', level: 1 }).waitFor();
  await page.locator('#benefit-image').setInputFiles(await logoFile(b.colours));
  await page.getByLabel('Benefit Name').fill(b.name);
  await page.getByLabel('Button Text').fill(b.buttonText ?? 'RSVP');
  if (b.benefitType) await page.locator('#benefitType').selectOption(b.benefitType);
  if (b.cardOpens) await page.locator('#cardOpens').selectOption(b.cardOpens);
  await page.getByLabel('Partner Contact Email').fill(b.partnerContactEmail);
  await page.getByLabel('Benefit Description').fill(b.description);
  if (b.bookedThrough) await page.locator('#bookedThrough').selectOption(b.bookedThrough);
  else if ((b.cardOpens ?? 'form') === 'form')
    await page
      .getByLabel('Google Sheet Tab 1 Link')
      .fill('https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit');
  await page.getByLabel('Time zone').selectOption(b.timeZone);
  await page.getByLabel('Start date').fill(b.day);
  await page.getByLabel('Start time').fill(b.startTime);
  if (b.endDay) await page.getByLabel('End date (optional)').fill(b.endDay);
  await page.getByLabel('End time').fill(b.endTime);
  await page.getByLabel('Venue', { exact: true }).fill(b.venue);
  if (b.venueAddress) await page.getByLabel('Venue address (optional)').fill(b.venueAddress);
  await page.getByLabel('Capacity (optional)').fill(b.capacity);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/benefits') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Create Benefit', exact: true }).click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}
