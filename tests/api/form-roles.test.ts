import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 023: form roles are explicit. A date question the configuration gives no role ('Arriving on') is only an
// answer: on a time-only form it neither narrows nor clears the slot, and the booking goes through.
let t: TestApp;
let admin: string;
const BRUNCH = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const GALLERY = 'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

/** A benefit with the demo sheet's form deployed, plus extra fields and the role choices given. */
async function deploy(id: string, url: string, extra: object[], slotConfig: object) {
  await t.db.insert(benefits).values({
    id,
    slug: id,
    title: id,
    description: 'A form.',
    action: 'page',
    actionTarget: `/rsvp/${id}`,
  });
  const sheet = { tab1Url: url, tab1Name: 'Form Submissions', tab2Url: url, tab2Name: 'Slot Logic' };
  const processed = await t.post('/api/sheets/process', admin, sheet);
  expect(processed.statusCode).toBe(200);
  const saved = await t.post('/api/admin/rsvp-config', admin, {
    benefitId: id,
    configName: id,
    formFields: [...processed.json().tab1Headers, ...extra],
    slotConfig,
    sheetMapping: sheet,
    isActive: false,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
}

const ARRIVING_ON = {
  fieldName: 'arrivingOn',
  displayName: 'Arriving on',
  fieldType: 'date',
  isRequired: true,
  isVisible: true,
  ordering: 99,
};

describe('a time-only form with a date question that holds no role', () => {
  const id = 'brunch-arrival';
  const answer = (email: string, over: object = {}) => ({
    formData: {
      fullName: 'Ari Val',
      email,
      rsvp: 'Yes',
      timeSlot: '11:00am-12:00pm',
      bringingGuests: 'No',
      dietaryRequirements: 'None',
      arrivingOn: '2031-10-01',
      ...over,
    },
  });

  beforeAll(() => deploy(id, BRUNCH, [ARRIVING_ON], { hasSlots: true, slotField: 'timeSlot' }));

  it('gives the date question no role: members see no date role', async () => {
    const member = await t.signIn('ari.roles@example.com');
    const live = (await t.get(`/api/rsvp/configuration/${id}`, member)).json();
    const roles = live.configuration?.roles ?? live.roles;
    expect(roles).toMatchObject({ slot: 'timeSlot' });
    expect(roles.date).toBeUndefined();
  });

  it('books the chosen slot and keeps the date as an answer', async () => {
    const email = 'ari.val@example.com';
    const member = await t.signIn(email, 'Ari');
    const res = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email));
    expect(res.statusCode, res.body).toBe(201);
    const mine = (await t.get('/api/me/bookings', member)).json().data;
    const booking = mine.find((b: { eventId: string }) => b.eventId === `dynamic:${id}`);
    expect(booking).toMatchObject({ status: 'confirmed' });
    expect(JSON.stringify(booking)).toContain('11:00am-12:00pm');
  });

  it('still asks the question: required, and a date', async () => {
    const email = 'ari.none@example.com';
    const member = await t.signIn(email);
    const missing = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email, { arrivingOn: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ arrivingOn: DYN_MSG.required('Arriving on') });
    const wrong = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email, { arrivingOn: 'soon' }));
    expect(wrong.json().fields).toEqual({ arrivingOn: DYN_MSG.date('Arriving on') });
  });

  it('answers a second booking of the same member with code already_booked', async () => {
    const email = 'ari.twice@example.com';
    const member = await t.signIn(email);
    expect((await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email))).statusCode).toBe(201);
    const again = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email));
    expect([again.statusCode, again.json().code]).toEqual([409, ERROR_CODE.alreadyBooked]);
  });
});

describe('a date-and-time form', () => {
  const id = 'gallery-dated';
  const answer = (email: string, over: object = {}) => ({
    formData: {
      fullName: 'Dee Ted',
      email,
      rsvp: 'Yes',
      selectedDate: '',
      timeSlot: '10:00am-11:00am',
      joinTheCuratorTour: 'No',
      ...over,
    },
  });
  let date = '';

  beforeAll(async () => {
    await deploy(id, GALLERY, [], { hasSlots: true, slotField: 'timeSlot', dateField: 'selectedDate' });
    const member = await t.signIn('dee.slots@example.com');
    const logic = (await t.get(`/api/rsvp/slot-logic/${id}`, member)).json();
    expect(logic.hasDateAndTime).toBe(true);
    date = logic.slotData[0].date;
  });

  it('books a slot on the chosen day', async () => {
    const email = 'dee.ted@example.com';
    const member = await t.signIn(email);
    const res = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email, { selectedDate: date }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('asks for the day when it is the date role', async () => {
    const email = 'dee.noday@example.com';
    const member = await t.signIn(email);
    const res = await t.post(`/api/rsvp/dynamic/${id}`, member, answer(email));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ selectedDate: DYN_MSG.dateOnYes });
  });
});
