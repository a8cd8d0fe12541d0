import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { DEPLOY_MSG } from '#common/sheets.ts';
import { benefits, bookings } from '../../src/server/db/schema.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { SHEETS_APPEND, sheetsAppendHandler } from '../../src/server/features/sheets/export-row.ts';
import { SHEETS_SLOTS, slotSyncHandler } from '../../src/server/features/sheets/slot-sync.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 012: every answer reaches the organiser's sheet, even for a field the sheet had no column for, and a renamed
// column keeps receiving its field's answers.
let t: TestApp;
let admin: string;
const SHEET = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const BENEFIT = 'river-brunch';
const TAB1 = 'Form Submissions';
const runOutbox = () => runOutboxOnce(t.db, { [SHEETS_APPEND]: sheetsAppendHandler(t.sheets.gateway) });
const csvRows = () =>
  t.sheets
    .readTab('demo-yacht-brunch', TAB1)
    .trim()
    .split('\n')
    .map((line) => line.split(','));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  await t.db.insert(benefits).values({
    id: BENEFIT,
    slug: BENEFIT,
    title: 'River Brunch',
    description: 'Brunch.',
    partnerContactEmail: 'brunch@river.example',
  });
});
afterAll(() => t.close());

const answer = (name: string, email: string, company: string) => ({
  formData: {
    fullName: name,
    email,
    rsvp: 'Yes',
    timeSlot: '11:00am-12:00pm',
    bringingGuests: 'No',
    dietaryRequirements: 'None',
    phoneNumber: '+65 6000 0000',
    company,
  },
});

describe('every answer reaches the sheet', () => {
  it('adds a column for a wizard-only field at deploy, fills it, and follows a renamed header', async () => {
    const processed = await t.post('/api/sheets/process', admin, {
      tab1Url: SHEET,
      tab1Name: TAB1,
      tab2Url: SHEET,
      tab2Name: 'Slot Logic',
    });
    const fields = [
      ...processed.json().tab1Headers,
      { fieldName: 'company', displayName: 'Company', fieldType: 'text', isRequired: true, columnMapping: null },
    ];
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: BENEFIT,
      configName: 'River Brunch RSVP',
      formFields: fields,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab1Url: SHEET, tab1Name: TAB1, tab2Url: SHEET, tab2Name: 'Slot Logic' },
      isActive: false,
    });
    expect(saved.statusCode).toBe(201);
    const deployed = await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {});
    expect(deployed.json().warnings).toContain(DEPLOY_MSG.columnsAdded(['Company']));
    const header = csvRows()[0] ?? [];
    expect(header.at(-1)).toBe('Company');

    const ada = await t.signIn('ada.river@example.com', 'Ada');
    expect(
      (
        await t.post(
          `/api/rsvp/dynamic/${BENEFIT}`,
          ada,
          answer('Ada Lovelace', 'ada.river@example.com', 'Analytical Engines'),
        )
      ).statusCode,
    ).toBe(201);
    expect(await runOutbox()).toEqual({ done: 1, failed: 0 });
    const first = csvRows()[1] ?? [];
    expect(first[header.indexOf('Full Name')]).toBe('Ada Lovelace');
    expect(first[header.indexOf('Company')]).toBe('Analytical Engines');

    // The organiser renames a column in the sheet: its field's answers still land under it.
    const file = path.join(t.sheets.dir, 'demo-yacht-brunch', `${TAB1}.csv`);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('Full Name', 'Guest Name'));
    const grace = await t.signIn('grace.river@example.com', 'Grace');
    expect(
      (await t.post(`/api/rsvp/dynamic/${BENEFIT}`, grace, answer('Grace Hopper', 'grace.river@example.com', 'Navy')))
        .statusCode,
    ).toBe(201);
    expect(await runOutbox()).toEqual({ done: 1, failed: 0 });
    const [renamed = [], , second = []] = csvRows();
    expect(renamed).toHaveLength(header.length); // no new column for the renamed one
    expect(second[renamed.indexOf('Guest Name')]).toBe('Grace Hopper');
    expect(second[renamed.indexOf('Company')]).toBe('Navy');

    // The RSVP list: one column per field, answers as typed, and the name and phone from the form.
    const csv = await t.get(`/api/admin/benefits/${BENEFIT}/rsvps.csv`, admin);
    const [head = [], ...lines] = csv.body
      .trim()
      .split(/\r?\n/)
      .map((l) => l.split(','));
    expect(head).toEqual(expect.arrayContaining(['Full name', 'Phone', 'Company', 'Dietary Requirements']));
    const graceLine = lines.find((l) => l.includes('grace.river@example.com')) ?? [];
    expect(graceLine[head.indexOf('Company')]).toBe('Navy');
    expect(graceLine[head.indexOf('Full name')]).toBe('Grace Hopper');
    // A cell starting with + could run as a formula in a spreadsheet program: the list writes it as text.
    expect(graceLine[head.indexOf('Phone')]).toBe("'+65 6000 0000");

    // The admin's Bookings page and the partner's notice list the answers, labelled as the form asked them.
    const listed = await t.get('/api/admin/bookings?status=all', admin);
    const graceBooking = listed.json().data.find((b: { email: string }) => b.email === 'grace.river@example.com');
    expect(graceBooking.answers).toEqual(
      expect.arrayContaining([
        { label: 'Company', value: 'Navy' },
        { label: 'Dietary Requirements', value: 'None' },
        { label: 'Full Name', value: 'Grace Hopper' },
      ]),
    );
    expect(graceBooking.answers.map((a: { label: string }) => a.label)).not.toContain('Timestamp');
    const notices = await queuedMails(t.db, { purpose: 'admin-notification' });
    const notice = notices.find((m) => m.text.includes('Grace Hopper'));
    expect(notice?.text).toContain('Their answers:');
    expect(notice?.text).toContain('Company: Navy');
  });

  it('shows the terms and refuses an answer without the tick; the tick is recorded with the booking', async () => {
    await t.db
      .insert(benefits)
      .values({ id: 'terms-brunch', slug: 'terms-brunch', title: 'Terms Brunch', description: 'x' });
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'terms-brunch',
      configName: 'Terms Brunch RSVP',
      formFields: [
        { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
        { fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true },
      ],
      behavior: { requireTermsAcceptance: true, termsText: 'No refunds. Dress code: smart casual.' },
    });
    expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
    const member = await t.signIn('terms@example.com', 'Terry');
    const live = await t.get('/api/rsvp/configuration/terms-brunch', member);
    expect(live.json().behavior).toMatchObject({
      requireTermsAcceptance: true,
      termsText: 'No refunds. Dress code: smart casual.',
    });
    const formData = { fullName: 'Terry Terms', email: 'terms@example.com' };
    const refused = await t.post('/api/rsvp/dynamic/terms-brunch', member, { formData });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: DYN_MSG.termsRequired,
      code: 'invalid_form',
      fields: { acceptTerms: DYN_MSG.termsRequired },
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.email, 'terms@example.com'))).toEqual([]);
    const taken = await t.post('/api/rsvp/dynamic/terms-brunch', member, { formData, acceptTerms: true });
    expect(taken.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.email, 'terms@example.com'));
    expect(row?.data).toMatchObject({ termsAccepted: 'Yes' });
  });

  it("writes Tab 2's taken count back after a booking and after its cancellation", async () => {
    const CHEF = 'https://docs.google.com/spreadsheets/d/demo-chef-table/edit';
    await t.db
      .insert(benefits)
      .values({ id: 'chef-table', slug: 'chef-table', title: "Chef's Table", description: 'x' });
    const processed = await t.post('/api/sheets/process', admin, {
      tab1Url: CHEF,
      tab1Name: TAB1,
      tab2Url: CHEF,
      tab2Name: 'Slot Logic',
    });
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'chef-table',
      configName: "Chef's Table RSVP",
      formFields: processed.json().tab1Headers,
      behavior: { allowEditing: true },
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab1Url: CHEF, tab1Name: TAB1, tab2Url: CHEF, tab2Name: 'Slot Logic' },
    });
    expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
    const tab2 = () => t.sheets.readTab('demo-chef-table', 'Slot Logic').trim().split('\n');
    const sync = () => runOutboxOnce(t.db, { [SHEETS_SLOTS]: slotSyncHandler(t.db, t.sheets.gateway) });

    const cookie = await t.signIn('chef@example.com', 'Chef');
    const booked = await t.post('/api/rsvp/dynamic/chef-table', cookie, {
      formData: { fullName: 'Chef Guest', email: 'chef@example.com', timeSlot: '18:30-20:30', guests: 'No' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await sync()).failed).toBe(0);
    expect(tab2()).toEqual(['Seating,Seats,Taken', '18:30-20:30,10,1', '21:00-23:00,10,0']);

    const cancelled = await t.post(`/api/bookings/${booked.json().bookingId}/cancel`, cookie, {});
    expect(cancelled.statusCode).toBe(200);
    expect((await sync()).failed).toBe(0);
    expect(tab2()).toEqual(['Seating,Seats,Taken', '18:30-20:30,10,0', '21:00-23:00,10,0']);
  });
});
