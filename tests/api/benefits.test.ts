import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterBenefits } from '#common/benefit-filters.ts';
import type { Benefit } from '#common/benefits.ts';
import { seedCatalogue } from '../../src/server/db/seed/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn('member@example.com', 'Demo');
});
afterAll(() => t.close());

const EVENTS = [
  'Speakers Reception',
  'SAP Night at AP House',
  'Closed-Door Q&A with Bryan Johnson',
  'Crypto Fight Night',
  'AFTER 2049',
];
const BENEFITS = [
  'AP House Concierge Tours',
  'McLaren Technology Centre Tour',
  'McLaren Artura Showcase',
  'Sotheby’s Private Auction Preview',
  'Capella Singapore Day Pass',
  'National Gallery Singapore',
  'Wristcheck',
  'XO: The Easy Way to Fly Private',
  'Hedley Studios: Exclusive Studio Offer',
  'Elyx Life',
  'JAI by ONESIAM',
];

describe('benefits catalogue', () => {
  it('is only for signed-in members', async () => {
    const res = await t.get('/api/benefits');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBeTypeOf('string');
  });

  it('lists every tile in the spec order, events first', async () => {
    const list: Benefit[] = (await t.get('/api/benefits', cookie)).json();
    expect(list.map((b) => b.title)).toEqual([...EVENTS, ...BENEFITS]);
    expect(filterBenefits(list, 'EVENTS').map((b) => b.title)).toEqual(EVENTS);
    expect(filterBenefits(list, 'BENEFITS').map((b) => b.title)).toEqual(BENEFITS);
  });

  it('says what each tile does as data: two pages, the rest modals', async () => {
    const list: Benefit[] = (await t.get('/api/benefits', cookie)).json();
    const pages = list.filter((b) => b.action === 'page').map((b) => [b.id, b.actionTarget]);
    expect(pages).toEqual([
      ['sap-night', '/rsvp/sap-night'],
      ['ap-house', '/rsvp/ap-house'],
    ]);
  });

  it('answers one benefit by id or slug and 404 for an unknown one', async () => {
    const one = await t.get('/api/benefits/sothebys-preview', cookie);
    expect(one.json().id).toBe('sothebys-private-auction');
    const missing = await t.get('/api/benefits/nope', cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Benefit not found', code: 'not_found' });
  });

  it('seeding twice changes nothing, whatever its as-of day', async () => {
    const before = (await t.get('/api/benefits', cookie)).body;
    await seedCatalogue(t.db, { asOf: '2099-01-01' });
    const after = (await t.get('/api/benefits', cookie)).body;
    expect(after).toBe(before);
    expect(await t.db.query.eventSlots.findMany()).toHaveLength(4 + 25);
  });

  it('answers form-submissions as an object with data for the member', async () => {
    const res = await t.get('/api/user/form-submissions', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});
