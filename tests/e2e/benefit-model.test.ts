import { describe, expect, it } from 'vitest';
import { queuedMails } from '../support/mails.ts';
import { RESULTS_DIR, screenshot } from './support/browser.ts';
import { addTimedBenefit } from './support/organiser.ts';
import { setupE2e } from './support/suite.ts';
import { visibleText } from './support/text.ts';
import { tileText } from './support/tiles.ts';

// DESIGN §8, one benefit model: what an organiser makes in the admin area reaches members as the seeded week does.
const e2e = setupE2e();
const PASSWORD = 'organiser-model-pass-1';
const year = new Date().getUTCFullYear() + 1;
const BRUNCH = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';

describe("an organiser's own offer and event", () => {
  it('an offer with codes opens its modal, gives a code and carries no pass; an event is listed under EVENTS', async () => {
    const admin = await e2e.newContext(1280);
    await e2e.signInAdmin(admin, await e2e.newAdmin('model-', PASSWORD), PASSWORD);
    const form = await admin.newPage();
    const offerId = await addTimedBenefit(form, {
      name: 'Harbour Spa Offer',
      description: 'A spa afternoon at the harbour for pass holders.',
      partnerContactEmail: 'spa@harbour.example',
      timeZone: 'America/New_York',
      day: `${year}-06-12`,
      startTime: '14:00',
      endTime: '18:00',
      venue: 'Harbour Spa',
      capacity: '',
      colours: ['#123c5a', '#f0c060'],
      benefitType: 'offer',
      cardOpens: 'modal',
      // The organiser's own words: the tile and the modal's button both say them.
      buttonText: 'Get my spa code',
    });
    // Its codes, pasted on its attendees page as the organiser does for any offer.
    await form.goto(`/admin/events/${encodeURIComponent(`dynamic:${offerId}`)}/attendees`);
    const codes = form.getByTestId('offer-codes-panel');
    await codes.locator('summary').click();
    await codes.getByTestId('offer-upload-text').fill('HARBOUR-SPA-1\nHARBOUR-SPA-2');
    await codes.getByRole('button', { name: 'Add pasted codes' }).click();
    await expect.poll(() => codes.getByTestId('offer-total').innerText()).toBe('2');
    await form.goto(`/admin/edit-benefit/${offerId}`);
    await expect.poll(() => form.locator('#benefitType').inputValue()).toBe('offer');
    expect(await form.locator('#cardOpens').inputValue()).toBe('modal');
    await screenshot(form, 'model-admin-form-1280.png', { fullPage: true });
    const eventId = await addTimedBenefit(form, {
      name: 'Harbour Cruise',
      description: 'An evening cruise around the harbour.',
      partnerContactEmail: 'cruise@harbour.example',
      timeZone: 'America/New_York',
      day: `${year}-06-13`,
      startTime: '19:00',
      endTime: '22:00',
      venue: 'Pier 17',
      capacity: '40',
      colours: ['#0b2545', '#8da9c4'],
      benefitType: 'event',
      cardOpens: 'page',
    });

    // Its partner page counts its places from the event (DESIGN §4), an organiser's event id and all.
    const saved = await admin.request.put('/api/admin/pages/harbour-cruise', {
      data: {
        benefitId: eventId,
        content: {
          eyebrow: 'On the water',
          title: 'Harbour Cruise',
          subtitle: '',
          heroImage: '',
          sections: [
            {
              paragraphs: ['Two hours round the harbour.'],
              facts: [{ label: 'Places', value: `{dynamic:${eventId}} on board` }],
            },
          ],
          buttons: [{ type: 'rsvp', label: 'RSVP', eventId: `dynamic:${eventId}` }],
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    const member = await e2e.newContext(390, { hasTouch: true });
    const email = await e2e.newMember('model-member-', 'Mia');
    await e2e.signIn(member, email);
    const phone = await member.newPage();
    await phone.goto('/benefits');
    await phone.getByRole('button', { name: 'EVENTS', exact: true }).click();
    await phone.locator(`[data-benefit-id="${eventId}"]`).waitFor();
    expect(await phone.locator(`[data-benefit-id="${offerId}"]`).count()).toBe(0);
    await phone.getByRole('button', { name: 'BENEFITS', exact: true }).click();
    const tile = phone.locator(`[data-benefit-id="${offerId}"]`);
    await tileText(tile);
    await tile.getByTestId('tile-action').click();
    const dialog = phone.getByRole('dialog');
    expect(await visibleText(tile.getByTestId('tile-action'))).toBe('Get my spa code');
    await dialog.getByRole('button', { name: 'Get my spa code' }).click();
    await dialog.getByRole('button', { name: 'OFFER CLAIMED' }).waitFor();
    const code = await dialog.getByTestId('offer-code').innerText();
    expect(code).toMatch(/^HARBOUR-SPA-[12]$/);
    await screenshot(phone, 'model-offer-claimed-390.png');
    await phone.keyboard.press('Escape');
    await expect.poll(() => visibleText(tile.getByTestId('tile-action'))).toBe('OFFER CLAIMED');

    const [mail] = await queuedMails(e2e.db, { purpose: 'confirmation', to: email });
    expect(mail?.subject).toBe('Your offer - Harbour Spa Offer');
    expect(mail?.text).not.toMatch(/RSVP|Your pass:|Guests:/);
    expect(mail?.text).toContain(`Your offer code: ${code}`);
    await phone.goto('/me');
    await phone.getByText('Harbour Spa Offer').first().waitFor();
    expect(await phone.getByTestId('pass-code').count()).toBe(0);
    // An offer takes no guests: its card has no guest line.
    const offerCard = phone.getByTestId('my-booking').filter({ hasText: 'Harbour Spa Offer' });
    expect(await offerCard.locator('dt', { hasText: 'Guests' }).count()).toBe(0);
    await screenshot(phone, 'model-offer-me-390.png', { fullPage: true });

    // Its last code claimed by another member, a later member's tile says so in the offer's words, as its modal does.
    const second = await e2e.newContext(1280);
    await e2e.signIn(second, await e2e.newMember('model-second-', 'Sid'));
    const claim = await second.request.post(`/api/rsvp/${encodeURIComponent(`dynamic:${offerId}`)}`, { data: {} });
    expect(claim.status(), await claim.text()).toBe(201);
    const late = await e2e.newContext(390, { hasTouch: true });
    await e2e.signIn(late, await e2e.newMember('model-late-', 'Lou'));
    const lateDash = await late.newPage();
    await lateDash.goto('/benefits');
    const lateTile = lateDash.locator(`[data-benefit-id="${offerId}"]`);
    await tileText(lateTile);
    await expect.poll(() => visibleText(lateTile.getByTestId('tile-action')), { timeout: 20_000 }).toBe('ALL CLAIMED');
    await lateTile.getByTestId('tile-action').click();
    await lateDash.getByRole('dialog').getByRole('button', { name: 'ALL CLAIMED' }).waitFor();
    await screenshot(lateDash, 'model-offer-all-claimed-390.png', { fullPage: false });

    // The event's card opens its page now that one is written; the page counts the event's places.
    await phone.goto('/benefits');
    await phone.locator(`[data-benefit-id="${eventId}"]`).getByTestId('tile-action').click();
    await phone.waitForURL('**/harbour-cruise');
    await expect.poll(() => visibleText(phone.getByTestId(`capacity-dynamic:${eventId}`))).toBe('40');
    await screenshot(phone, 'model-event-page-390.png', { fullPage: true });
  });

  it("a tour with slots, made from the organiser's own sheet, books a slot and says SPOT SECURED", async () => {
    const admin = await e2e.newContext(1280);
    await e2e.signInAdmin(admin, await e2e.newAdmin('model-tour-', PASSWORD), PASSWORD);
    const form = await admin.newPage();
    const tourId = await addTimedBenefit(form, {
      name: 'Harbour Yacht Tour',
      description: 'A guided tour of the harbour on a yacht, by the hour.',
      partnerContactEmail: 'tours@harbour.example',
      timeZone: 'America/New_York',
      day: `${year}-06-14`,
      startTime: '11:00',
      endTime: '17:00',
      venue: 'Pier 11',
      capacity: '',
      colours: ['#0d3b66', '#faf0ca'],
      benefitType: 'tour',
    });
    // The organiser's sheet: its form in Tab 1, its slots in Tab 2, saved with the spec's call (published at once).
    const sheet = { tab1Url: BRUNCH, tab1Name: 'Form Submissions', tab2Url: BRUNCH, tab2Name: 'Slot Logic' };
    const processed = await admin.request.post('/api/sheets/process', { data: sheet });
    expect(processed.status()).toBe(200);
    const { tab1Headers } = (await processed.json()) as { tab1Headers: object[] };
    const saved = await admin.request.post('/api/admin/rsvp-config', {
      data: {
        benefitId: tourId,
        configName: 'Yacht tour',
        formFields: tab1Headers,
        slotConfig: { hasSlots: true },
        sheetMapping: sheet,
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    const member = await e2e.newContext(1280);
    const email = await e2e.newMember('model-tour-member-', 'Tom');
    await e2e.signIn(member, email);
    const page = await member.newPage();
    await page.goto('/benefits');
    await page.getByRole('button', { name: 'BENEFITS', exact: true }).click();
    const tile = page.locator(`[data-benefit-id="${tourId}"]`);
    await tileText(tile);
    await tile.getByTestId('tile-action').click();
    await page.waitForURL(`**/rsvp/${tourId}`);
    expect(await visibleText(page.getByTestId('rsvp-venue'))).toBe('Pier 11');
    const rsvp = page.locator('fieldset', { has: page.locator('legend', { hasText: /^RSVP/ }) });
    if (await rsvp.count()) await rsvp.getByRole('radio', { name: 'Yes', exact: true }).check();
    await page.getByLabel(/^Time Slot/).selectOption({ index: 1 });
    const guests = page.locator('fieldset', { has: page.locator('legend', { hasText: /^Bringing Guests/ }) });
    if (await guests.count()) await guests.getByRole('radio', { name: 'No', exact: true }).check();
    const diet = page.getByLabel(/^Dietary Requirements/);
    if (await diet.count()) await diet.selectOption({ index: 1 });
    await screenshot(page, 'model-tour-form-1280.png', { fullPage: true });
    await page.locator('form').getByRole('button', { name: 'SUBMIT' }).click();
    await page.getByText('Thank you! Your RSVP has been confirmed.').first().waitFor();
    await page.goto('/benefits');
    const booked = page.locator(`[data-benefit-id="${tourId}"]`);
    await tileText(booked);
    await expect.poll(() => visibleText(booked.getByTestId('tile-action'))).toBe('SPOT SECURED');
    // Its booking lines, as a seeded tile's: the calendar link and where to change or cancel.
    await booked.getByText('Add To Calendar').waitFor();
    await booked.scrollIntoViewIfNeeded();
    await screenshot(page, 'model-tour-booked-1280.png');
    const [mail] = await queuedMails(e2e.db, { purpose: 'confirmation', to: email });
    expect(mail?.text).toContain('Your pass:');
  });

  it('a tour on the built-in tour form, its slots made on Events and slots, books a slot as AP House does', async () => {
    const admin = await e2e.newContext(1280);
    await e2e.signInAdmin(admin, await e2e.newAdmin('model-slots-', PASSWORD), PASSWORD);
    const form = await admin.newPage();
    const day = `${year}-06-15`;
    // A long title over two lines beside a date line that wraps too: the tile's words must still fit whole.
    const tourId = await addTimedBenefit(form, {
      name: 'Harbour Night Walks along the Piers, Bridges and Lit Warehouses of the Old Waterfront',
      description: 'A guided walk along the harbour at night, in small groups, with a stop for hot chocolate.',
      partnerContactEmail: 'walks@harbour.example',
      timeZone: 'America/New_York',
      day,
      endDay: `${year}-06-16`,
      startTime: '19:00',
      endTime: '23:00',
      venue: 'Pier 15',
      capacity: '',
      colours: ['#1b263b', '#e0e1dd'],
      benefitType: 'tour',
      bookedThrough: 'concierge',
    });
    await form.goto(`/admin/edit-benefit/${tourId}`);
    await form.getByRole('link', { name: 'Events and slots' }).click();
    const own = form.getByTestId('benefit-event').first();
    await own.getByText('No slots yet').waitFor();
    const slots = own.getByTestId('slot-capacity');
    for (const [time, places] of [
      ['7:00pm-8:00pm', '6'],
      ['9:00pm-10:00pm', '4'],
    ] as const) {
      await own.getByLabel('Day', { exact: true }).fill(day);
      await own.getByLabel('Time', { exact: true }).fill(time);
      await own.getByLabel('Places', { exact: true }).fill(places);
      await own.getByRole('button', { name: 'Add slot' }).click();
      await own.getByText(`${time}`, { exact: false }).first().waitFor();
    }
    await expect.poll(() => slots.count()).toBe(2);
    // A capacity changed in place; the later slot removed (nothing is booked in it).
    await slots.first().getByRole('spinbutton').fill('8');
    await slots.first().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => visibleText(slots.first())).toContain('0 / 8 held');
    await slots.nth(1).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => slots.count()).toBe(1);
    await screenshot(form, 'model-events-slots-1280.png', { fullPage: true });

    // The member's card opens the built-in tour form at /rsvp/{id}, with the slot as the organiser left it.
    const member = await e2e.newContext(390, { hasTouch: true });
    const email = await e2e.newMember('model-walk-member-', 'Wes');
    await e2e.signIn(member, email);
    const phone = await member.newPage();
    await phone.goto('/benefits');
    await phone.getByRole('button', { name: 'BENEFITS', exact: true }).click();
    const tile = phone.locator(`[data-benefit-id="${tourId}"]`);
    await tileText(tile);
    // No line is cut in half at the tile's foot: the description gives up the lines the date took.
    await expect.poll(() => tile.getByTestId('tile-words').evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0);
    expect(await tile.getByTestId('tile-description').evaluate((e) => getComputedStyle(e).webkitLineClamp)).toBe('1');
    await tile.screenshot({ path: `${RESULTS_DIR}model-walk-tile-390.png` });
    await tile.getByTestId('tile-action').click();
    await phone.waitForURL(`**/rsvp/${tourId}`);
    await phone.locator('#selectedDate').selectOption(day);
    await expect
      .poll(() => phone.locator('#timeSlot option').allTextContents())
      .toEqual(['Choose a time', expect.stringContaining('(8 left)')]);
    await phone.locator('#timeSlot').selectOption({ index: 1 });
    await phone.getByRole('radio', { name: 'No', exact: true }).check();
    await screenshot(phone, 'model-walk-form-390.png', { fullPage: true });
    await phone.getByRole('button', { name: 'SUBMIT', exact: true }).click();
    await phone.getByText('Tour Booked').first().waitFor();
    await phone.waitForURL('**/benefits');
    const booked = phone.locator(`[data-benefit-id="${tourId}"]`);
    await tileText(booked);
    await expect.poll(() => visibleText(booked.getByTestId('tile-action'))).toBe('SPOT SECURED');
    // Its booking lines take the description's room, and the title's second line where they need it: none is cut.
    await booked.getByText('CHANGE/CANCEL BOOKING').waitFor();
    await expect.poll(() => booked.getByTestId('tile-words').evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0);
    await booked.screenshot({ path: `${RESULTS_DIR}model-walk-booked-tile-390.png` });
    await screenshot(phone, 'model-walk-booked-390.png');
    const [mail] = await queuedMails(e2e.db, { purpose: 'confirmation', to: email });
    expect(mail?.text).toContain('Your pass:');
    expect(mail?.text).toContain('Harbour Night Walks');
    await phone.goto('/me');
    await phone.getByText('Harbour Night Walks').first().waitFor();
    expect(await phone.getByTestId('pass-code').count()).toBeGreaterThan(0);
    await screenshot(phone, 'model-walk-me-390.png', { fullPage: true });
    // Another member, at 1280 px, reads the place taken from the same slot on the same form.
    const desk = await e2e.newContext(1280);
    await e2e.signIn(desk, await e2e.newMember('model-walk-desk-', 'Dee'));
    const wide = await desk.newPage();
    await wide.goto(`/rsvp/${tourId}`);
    await wide.locator('#selectedDate').selectOption(day);
    await expect
      .poll(() => wide.locator('#timeSlot option').allTextContents())
      .toEqual(['Choose a time', expect.stringMatching(/EDT \(7 left\)$/)]);
    await screenshot(wide, 'model-walk-form-1280.png');
    // A second night, added as a further event of the same benefit once the first is booked.
    await form.getByLabel('Event title').fill('Harbour Night Walks: second night');
    await form.getByLabel('Start date').fill(`${year}-06-16`);
    await form.getByLabel('Start time').fill('19:00');
    await form.getByLabel('End time').fill('23:00');
    await form.getByRole('button', { name: 'Add event', exact: true }).click();
    await expect.poll(() => form.getByTestId('benefit-event').count()).toBe(2);
    await screenshot(form, 'model-events-added-1280.png', { fullPage: true });
    // Added by mistake, it goes again: nothing was booked for it.
    await form.getByTestId('benefit-event').nth(1).getByRole('button', { name: 'Remove event' }).click();
    await expect.poll(() => form.getByTestId('benefit-event').count()).toBe(1);
  });
});
