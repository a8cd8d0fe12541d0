import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '#common/locales.ts';
import { UNSTORABLE_TEXT } from '#common/safe-text.ts';
import { events } from '../../src/server/db/schema.ts';
import { seedCatalogue } from '../../src/server/db/seed/index.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { TEST_AS_OF } from '../support/demo-week.ts';
import { benefitLogo, postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 033: an event's button and message wording is data an admin edits; members read it with the benefit.
const SPEC_FIELDS = {
  benefitName: 'Harbour Cruise',
  benefitDescription: 'A sunset cruise for pass holders.',
  buttonText: 'RSVP',
  partnerContactEmail: 'cruise@partner.example',
  excelTab1Link: 'https://docs.google.com/spreadsheets/d/cruise/edit',
};

let t: TestApp;
let admin: string;
let member: string;
let logo: Buffer;
beforeAll(async () => {
  [t, logo] = await Promise.all([createTestApp(), benefitLogo('#553377')]);
  [admin, member] = await Promise.all([t.signInAdmin(), t.signIn('wording@example.com', 'Wendy')]);
});
afterAll(() => t.close());

const create = (fields: Record<string, string>) => postBenefit(t.app, admin, fields, logo);
const put = (id: string, payload: object) => t.put(`/api/admin/benefits/${id}`, admin, payload);
const editBody = { ...SPEC_FIELDS, schedule: '' };
const memberBenefit = async (id: string) => (await t.get(`/api/benefits/${id}`, member)).json();

describe('an admin words a new event', () => {
  it('the spec create call without wording still answers 201, and the member API carries none', async () => {
    const res = await create(SPEC_FIELDS);
    expect(res.statusCode).toBe(201);
    const benefit = await memberBenefit(res.json().id);
    expect(benefit.actionWording).toBeUndefined();
    expect(benefit).toMatchObject({ title: 'Harbour Cruise', bookingText: 'RSVP' });
    // The defaults are the product's, in each member's language: none is stored on the event, whatever the language.
    const [row] = await t.db
      .select({ wording: events.actionWording })
      .from(events)
      .where(eq(events.id, dynamicEventId(res.json().id)));
    expect(row?.wording ?? null).toBeNull();
    const inChinese = await t.get(`/api/benefits/${res.json().id}`, `${member}; ${LOCALE_COOKIE}=zh-Hans`);
    expect(inChinese.json().actionWording).toBeUndefined();
  });

  it('sets a done label on create; the member API returns it for the event the tile books', async () => {
    const res = await create({
      ...SPEC_FIELDS,
      benefitName: 'Harbour Cruise Two',
      actionWording: JSON.stringify({ done: 'ON BOARD', successTitle: 'Welcome aboard' }),
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const eventId = dynamicEventId(id);
    expect((await memberBenefit(id)).actionWording).toEqual({
      [eventId]: { done: 'ON BOARD', successTitle: 'Welcome aboard' },
    });
    const list = (await t.get('/api/benefits', member)).json() as { id: string; actionWording?: object }[];
    expect(list.find((b) => b.id === id)?.actionWording).toEqual({
      [eventId]: { done: 'ON BOARD', successTitle: 'Welcome aboard' },
    });
    const read = (await t.get(`/api/admin/benefits/${id}`, admin)).json();
    expect(read.actionWording).toEqual({ done: 'ON BOARD', successTitle: 'Welcome aboard' });
  });

  it('changes it on edit; leaving it out keeps it; blank or null is the defaults again', async () => {
    const { id } = (await create({ ...SPEC_FIELDS, benefitName: 'Harbour Cruise Three' })).json();
    const eventId = dynamicEventId(id);
    expect((await put(id, { ...editBody, actionWording: { done: '  BOARDING PASS ISSUED  ' } })).statusCode).toBe(200);
    expect((await memberBenefit(id)).actionWording).toEqual({ [eventId]: { done: 'BOARDING PASS ISSUED' } });
    expect((await put(id, editBody)).statusCode).toBe(200);
    expect((await memberBenefit(id)).actionWording?.[eventId]?.done).toBe('BOARDING PASS ISSUED');
    expect((await put(id, { ...editBody, actionWording: { done: 'ABOARD', idle: '  ' } })).statusCode).toBe(200);
    expect((await memberBenefit(id)).actionWording).toEqual({ [eventId]: { done: 'ABOARD' } });
    expect((await put(id, { ...editBody, actionWording: null })).statusCode).toBe(200);
    expect((await memberBenefit(id)).actionWording).toBeUndefined();
    const [row] = await t.db.select().from(events).where(eq(events.id, eventId));
    expect(row?.actionWording).toEqual({});
  });
});

describe('hostile or oversized wording', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create({ ...SPEC_FIELDS, benefitName: 'Harbour Cruise Hostile' })).json().id;
  });

  it.each([
    ['a line break', { done: 'BOOKED\nclick here' }],
    ['a control character', { failText: 'Oops\u0007' }],
    ['a direction override', { done: '\u202eDEKCOB' }],
    ['a label too long', { done: 'X'.repeat(41) }],
    ['a sentence too long', { successText: 'y'.repeat(301) }],
    ['a field it does not know', { doneHtml: '<b>x</b>' }],
    ['a number for a label', { done: 42 }],
    ['a string for a flag', { sendName: 'yes' }],
  ])('refuses %s on edit with a 400 and a code', async (_, wording) => {
    const res = await put(id, { ...editBody, actionWording: wording });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', error: expect.any(String) });
  });

  it.each([
    ['a control character', JSON.stringify({ done: 'A\u0000B' })],
    // Plain ASCII in the form field, an unpaired surrogate once parsed: text the database cannot store.
    ['a lone surrogate, escaped in the JSON', '{"done":"A\\ud800B"}'],
    ['a label too long', JSON.stringify({ done: 'X'.repeat(41) })],
    ['text that is not JSON', '{done: '],
    ['an array', '["SPOT SECURED"]'],
    ['a huge field', JSON.stringify({ done: 'X'.repeat(12_000) })],
  ])('refuses %s on create with a 400 and a code', async (_, actionWording) => {
    const res = await create({ ...SPEC_FIELDS, benefitName: 'Harbour Cruise Refused', actionWording });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
  });

  it('names text the database cannot store, escaped in the JSON of the create call', async () => {
    const res = await create({
      ...SPEC_FIELDS,
      benefitName: 'Harbour Cruise Refused',
      actionWording: '{"done":"\\udc00"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: UNSTORABLE_TEXT, code: 'bad_request' });
  });

  it('stored nothing for the refused ones', async () => {
    expect((await memberBenefit(id)).actionWording).toBeUndefined();
    const list = (await t.get('/api/benefits', member)).json() as { title: string }[];
    expect(list.some((b) => b.title === 'Harbour Cruise Refused')).toBe(false);
  });
});

describe("the seeded events' wording", () => {
  it('is what the spec says, in the member API and on partner pages', async () => {
    const bryan = await memberBenefit('bryan-johnson');
    expect(bryan.actionWording['bryan-johnson']).toMatchObject({ idle: 'RSVP NOW', done: 'SPOT SECURED' });
    const gallery = await memberBenefit('national-gallery');
    expect(gallery.actionWording['national-gallery-pass'].done).toBe('PASS SECURED');
    expect(gallery.actionWording['national-gallery-invitation'].done).toBe('INVITATION SECURED');
    const page = (await t.get('/api/pages/jai-one-siam', member)).json();
    expect(page.actionWording.jai).toMatchObject({
      done: 'INTEREST EXPRESSED',
      loginText: 'Please log in to express interest in JAI by One Siam',
    });
  });

  it('reaches a database seeded before it was data, and never replaces an admin’s', async () => {
    await t.db.update(events).set({ actionWording: null }).where(eq(events.id, 'mclaren-tour'));
    await t.db.update(events).set({ actionWording: {} }).where(eq(events.id, 'wristcheck'));
    await seedCatalogue(t.db, { asOf: TEST_AS_OF });
    expect((await memberBenefit('mclaren-tour')).actionWording['mclaren-tour'].done).toBe('Spot Secured');
    expect((await memberBenefit('wristcheck')).actionWording).toBeUndefined();
  });
});
