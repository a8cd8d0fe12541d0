import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadyRsvpdText } from '#common/concierge.ts';
import { SHEETS_MSG } from '#common/sheets.ts';
import { benefits, outboxJobs } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { SHEETS_APPEND, sheetsAppendHandler } from '../../src/server/features/sheets/export-row.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
const BRUNCH = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const BENEFIT = 'yacht-brunch';
const runOutbox = () => runOutboxOnce(t.db, { [SHEETS_APPEND]: sheetsAppendHandler(t.sheets.gateway) });
const tab1Rows = () => t.sheets.readTab('demo-yacht-brunch', 'Form Submissions').trim().split('\n');

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  await upsertAdmin(t.db, { email: 'staff@example.com', password: 'correct horse battery' });
  const res = await t.post('/api/admin/login', undefined, {
    email: 'staff@example.com',
    password: 'correct horse battery',
  });
  admin = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
  await t.db.insert(benefits).values({
    id: BENEFIT,
    slug: BENEFIT,
    title: 'Yacht Brunch',
    description: 'Brunch on the water.',
    partnerContactEmail: 'brunch@partner.example',
    action: 'page',
    actionTarget: `/rsvp/${BENEFIT}`,
  });
});
afterAll(() => t.close());

let configId = '';
let fields: { fieldName: string; displayName: string }[] = [];

describe('sheet processing, configuration and deploy', () => {
  it('turns Tab 1 headers into fields and Tab 2 into slot logic', async () => {
    const res = await t.post('/api/sheets/process', admin, {
      tab1Url: BRUNCH,
      tab1Name: 'Form Submissions',
      tab2Url: BRUNCH,
      tab2Name: 'Slot Logic',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    fields = body.tab1Headers;
    expect(body.tab1Headers.map((f: { fieldName: string }) => f.fieldName)).toEqual([
      'submissionTimestamp',
      'fullName',
      'email',
      'phoneNumber',
      'rsvp',
      'timeSlot',
      'bringingGuests',
      'numberOfGuests',
      'dietaryRequirements',
      'comments',
    ]);
    expect(body.tab2SlotLogic).toEqual([
      { timeSlot: '11:00am-12:00pm', date: null, bookableSlots: 12, bookedSlots: 0, remainingSlots: 12 },
      { timeSlot: '12:00pm-1:00pm', date: null, bookableSlots: 12, bookedSlots: 0, remainingSlots: 12 },
      { timeSlot: '1:00pm-2:00pm', date: null, bookableSlots: 8, bookedSlots: 0, remainingSlots: 8 },
    ]);
    expect(body.warnings).toEqual([]);
  });

  it('answers clear 4xx errors for a bad link, a missing tab and an unknown spreadsheet', async () => {
    const bad = await t.post('/api/sheets/process', admin, { tab1Url: 'not a url', tab1Name: 'x' });
    expect(bad.json()).toEqual({ error: 'Please enter a valid Google Sheets URL for Tab 1', code: expect.any(String) });
    // A link without a tab (no #gid) needs the tab's name; with one, the gid picks the tab (decision 049).
    const noName = await t.post('/api/sheets/process', admin, { tab1Url: BRUNCH.replace('#gid=0', ''), tab1Name: ' ' });
    expect(noName.json()).toEqual({ error: 'Tab 1 name is required', code: expect.any(String) });
    const tab = await t.post('/api/sheets/process', admin, { tab1Url: BRUNCH, tab1Name: 'Nope' });
    expect(tab.statusCode).toBe(422);
    expect(tab.json()).toEqual({
      error: 'Tab "Nope" not found. Tabs in this sheet: Form Submissions, Slot Logic',
      code: expect.any(String),
    });
    const missing = await t.post('/api/sheets/process', admin, {
      tab1Url: 'https://docs.google.com/spreadsheets/d/unknown-sheet/edit',
      tab1Name: 'Form Submissions',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: 'Spreadsheet not found. Check the link.', code: expect.any(String) });
    expect(
      (
        await t.post('/api/sheets/process', (await t.signIn('m@example.com')) as string, {
          tab1Url: BRUNCH,
          tab1Name: 'x',
        })
      ).statusCode,
    ).toBe(401);
    fs.mkdirSync(path.join(t.sheets.dir, 'private-sheet'));
    fs.writeFileSync(path.join(t.sheets.dir, 'private-sheet', 'Form Submissions.csv'), 'Name\n');
    fs.writeFileSync(path.join(t.sheets.dir, 'private-sheet', '.private'), '');
    const hidden = await t.post('/api/sheets/process', admin, {
      tab1Url: 'https://docs.google.com/spreadsheets/d/private-sheet/edit',
      tab1Name: 'Form Submissions',
    });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json()).toEqual({ error: SHEETS_MSG.notShared, code: expect.any(String) });
  });

  it('a saved configuration is not live until it is deployed', async () => {
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: BENEFIT,
      configName: 'Brunch RSVP',
      formFields: fields,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab1Url: BRUNCH, tab1Name: 'Form Submissions', tab2Url: BRUNCH, tab2Name: 'Slot Logic' },
      isActive: false,
    });
    expect(saved.statusCode).toBe(201);
    configId = saved.json().id;
    const member = await t.signIn('early@example.com', 'Early');
    const early = await t.get(`/api/rsvp/configuration/${BENEFIT}`, member);
    expect(early.statusCode).toBe(404);
    expect(early.json()).toEqual({ error: 'This RSVP form is not currently available.', code: expect.any(String) });
    expect((await t.get('/api/rsvp/configuration/nothing-here', member)).json()).toEqual({
      error: 'Benefit not found',
      code: 'not_found',
    });
    expect((await t.get('/api/rsvp/configuration/after2049', member)).json()).toEqual({
      error: 'RSVP configuration not found',
      code: expect.any(String),
    });

    const deployed = await t.post(`/api/admin/rsvp-config/${configId}/deploy`, admin, {});
    expect(deployed.json()).toMatchObject({ success: true, url: `/rsvp/${BENEFIT}` });
    const live = (await t.get(`/api/rsvp/configuration/${BENEFIT}`, member)).json();
    expect(live.formFields.some((f: { fieldName: string }) => f.fieldName === 'submissionTimestamp')).toBe(false);
    expect(live.roles).toMatchObject({
      rsvp: 'rsvp',
      slot: 'timeSlot',
      guestStatus: 'bringingGuests',
      guestCount: 'numberOfGuests',
    });
    const slots = (await t.get(`/api/rsvp/slot-logic/${BENEFIT}`, member)).json();
    expect(slots).toEqual({
      hasTimeOnly: true,
      hasDateAndTime: false,
      // Decision 022: slot times are read and labelled in the event's zone, on its day when it has one.
      timeZone: 'Asia/Singapore',
      eventDay: null,
      slotData: [
        { time: '11:00am-12:00pm', date: null, remainingSlots: 12 },
        { time: '12:00pm-1:00pm', date: null, remainingSlots: 12 },
        { time: '1:00pm-2:00pm', date: null, remainingSlots: 8 },
      ],
      waitlist: false,
      showRemainingCount: true,
    });
  });
});

const answer = (over: Record<string, unknown> = {}) => ({
  formData: {
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    rsvp: 'Yes',
    timeSlot: '1:00pm-2:00pm',
    bringingGuests: 'Yes',
    numberOfGuests: 2,
    dietaryRequirements: 'Vegan',
    ...over,
  },
});

describe('dynamic submissions', () => {
  it('names the fields to check when validation fails', async () => {
    const cookie = await t.signIn('invalid@example.com');
    const res = await t.post(
      `/api/rsvp/dynamic/${BENEFIT}`,
      cookie,
      answer({ fullName: '', timeSlot: '', numberOfGuests: 3 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please check these fields: Full Name, Time Slot, Number of Guests');
    expect(res.json().fields).toEqual({
      fullName: 'Full Name is required',
      timeSlot: 'Please select a time slot when RSVPing yes',
      numberOfGuests: 'Please specify 1 or 2 guests (maximum 2 guests allowed)',
    });
  });

  it('books, counts guests on the slot, and exports the row to Tab 1 through the outbox', async () => {
    const cookie = await t.signIn('ada@example.com', 'Ada');
    const res = await t.post(`/api/rsvp/dynamic/${BENEFIT}`, cookie, answer());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: 'Thank you! Your RSVP has been confirmed.' });
    const slots = (await t.get(`/api/rsvp/slot-logic/${BENEFIT}`, cookie)).json();
    expect(slots.slotData.find((s: { time: string }) => s.time === '1:00pm-2:00pm').remainingSlots).toBe(5);
    expect(tab1Rows()).toHaveLength(1);
    expect(await runOutbox()).toEqual({ done: 1, failed: 0 });
    const rows = tab1Rows();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^\d{4}-\d\d-\d\dT.*,Ada Lovelace,ada@example.com,,Yes,1:00pm-2:00pm,Yes,2,Vegan,$/);
    const again = await t.post(`/api/rsvp/dynamic/${BENEFIT}`, cookie, answer());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: alreadyRsvpdText('brunch@partner.example'), code: expect.any(String) });
  });

  it('loses nothing and duplicates nothing across a Sheets outage', async () => {
    const cookie = await t.signIn('grace@example.com', 'Grace');
    await t.sheets.stop();
    const res = await t.post(
      `/api/rsvp/dynamic/${BENEFIT}`,
      cookie,
      answer({ fullName: 'Grace Hopper', email: 'grace@example.com', numberOfGuests: 1 }),
    );
    expect(res.statusCode).toBe(201); // the booking never waits for Sheets
    expect(await runOutbox()).toEqual({ done: 0, failed: 1 });
    const [pending] = await t.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.status, 'pending'), eq(outboxJobs.kind, SHEETS_APPEND)));
    expect(pending?.lastError).toBeTruthy();
    // The admin sees it waiting, with the reason.
    const exports = (await t.get('/api/admin/exports', admin)).json().jobs;
    expect(exports).toEqual([
      expect.objectContaining({ kind: 'sheets.append', status: 'pending', attempts: 1, lastError: expect.any(String) }),
    ]);
    await t.sheets.restart();
    await t.db.update(outboxJobs).set({ nextAttemptAt: new Date() }).where(eq(outboxJobs.status, 'pending'));
    expect(await runOutbox()).toEqual({ done: 1, failed: 0 });
    expect(await runOutbox()).toEqual({ done: 0, failed: 0 });
    expect(tab1Rows().filter((r) => r.includes('Grace Hopper'))).toHaveLength(1);
  });

  it('refresh re-imports Tab 2 capacities and keeps the bookings', async () => {
    const file = path.join(t.sheets.dir, 'demo-yacht-brunch', 'Slot Logic.csv');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('1:00pm-2:00pm,8,0,8', '1:00pm-2:00pm,20,0,20'));
    const cookie = await t.signIn('ada@example.com', 'Ada');
    const res = await t.post(`/api/rsvp/slot-logic/${BENEFIT}/refresh`, cookie, {});
    expect(res.json()).toEqual({ success: true });
    const slots = (await t.get(`/api/rsvp/slot-logic/${BENEFIT}`, cookie)).json();
    // 20 places, 3 taken by Ada (1 + 2 guests) and 2 by Grace (1 + 1).
    expect(slots.slotData.find((s: { time: string }) => s.time === '1:00pm-2:00pm').remainingSlots).toBe(15);
  });

  it('says success false when the sheet cannot be read, keeping the last figures', async () => {
    await t.sheets.stop();
    const cookie = await t.signIn('ada@example.com', 'Ada');
    const res = await t.post(`/api/rsvp/slot-logic/${BENEFIT}/refresh`, cookie, {});
    expect(res.json()).toMatchObject({ success: false });
    await t.sheets.restart();
  });
});
