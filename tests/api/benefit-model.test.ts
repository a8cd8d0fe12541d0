import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Benefit } from '../../src/common/benefits.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { dynamicEventId, ensureDynamicEvent } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { queuedMails } from '../support/mails.ts';
import { benefitLogo, postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// DESIGN §8, one benefit model: what an organiser says a benefit is decides its words, mails and pass; where the
// dashboard lists it and what its card opens are the organiser's choice, as they are for the seeded week.
let t: TestApp;
let admin: string;
let logo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  logo = await benefitLogo();
});
afterAll(() => t.close());

const SHEET = 'https://docs.google.com/spreadsheets/d/model/edit';
const base = (name: string) => ({
  benefitName: name,
  benefitDescription: `${name}, for pass holders.`,
  buttonText: 'Go',
  partnerContactEmail: 'partner@harbour.example',
  schedule: 'timed',
  timeZone: 'America/New_York',
  startDate: '2031-06-12',
  startTime: '18:00',
  endTime: '21:00',
  venueName: 'Pier 17',
});

async function create(fields: Record<string, string>) {
  const res = await postBenefit(t.app, admin, fields, logo);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function tile(member: string, id: string): Promise<Benefit> {
  const list = (await t.get('/api/benefits', member)).json() as Benefit[];
  const found = list.find((b) => b.id === id);
  if (!found) throw new Error(`no tile ${id}`);
  return found;
}

async function bookAs(email: string, eventId: string) {
  const member = await t.signIn(email, 'Mo');
  const res = await t.post(`/api/rsvp/${encodeURIComponent(eventId)}`, member, {});
  expect(res.statusCode, res.body).toBe(201);
  return member;
}

describe('what a benefit is', () => {
  it('an offer needs no Sheet, reads as an offer and mails a claim without guests, pass or calendar', async () => {
    const id = await create({
      ...base('Harbour Offer'),
      benefitType: 'offer',
      cardOpens: 'modal',
      buttonText: 'Claim',
    });
    const member = await bookAs('offer-model@example.com', dynamicEventId(id));
    const card = await tile(member, id);
    expect(card.kind).toBe('benefit');
    expect(card.action).toBe('modal');
    expect(card.eventTypes?.[dynamicEventId(id)]).toBe('offer');

    const [mail] = await queuedMails(t.db, { to: 'offer-model@example.com', purpose: 'confirmation' });
    expect(mail?.subject).toBe('Your offer - Harbour Offer');
    expect(mail?.text).toContain('Your claim of Harbour Offer is confirmed.');
    expect(mail?.text).not.toMatch(/RSVP|Guests:|Your pass:/);
    expect(mail?.calendar).toBeUndefined();
    const me = (await t.get('/api/me/bookings', member)).json() as { data: { passCode: string | null }[] };
    expect(me.data.map((b) => b.passCode)).toEqual([null]);
  });

  it('an interest list says it is passed on to the partner, with no pass', async () => {
    const id = await create({ ...base('Founders Dinner Interest'), benefitType: 'interest', excelTab1Link: SHEET });
    await bookAs('interest-model@example.com', dynamicEventId(id));
    const [mail] = await queuedMails(t.db, { to: 'interest-model@example.com', purpose: 'confirmation' });
    expect(mail?.subject).toBe('Your interest is passed on - Founders Dinner Interest');
    expect(mail?.text).toContain('has been passed on to the partner (partner@harbour.example)');
    expect(mail?.text).not.toMatch(/Your pass:|RSVP/);
  });

  it('an event is listed under EVENTS and keeps its door pass; the spec call alone stays as it was', async () => {
    const id = await create({ ...base('Harbour Cruise'), benefitType: 'event', excelTab1Link: SHEET });
    const member = await bookAs('event-model@example.com', dynamicEventId(id));
    expect((await tile(member, id)).kind).toBe('event');
    const [mail] = await queuedMails(t.db, { to: 'event-model@example.com', purpose: 'confirmation' });
    expect(mail?.subject).toBe('RSVP Confirmation - Harbour Cruise');
    expect(mail?.text).toContain('Your pass:');

    const spec = await create({ ...base('Spec Call Benefit'), excelTab1Link: SHEET });
    const card = await tile(member, spec);
    expect(card).toMatchObject({ kind: 'benefit', action: 'page', actionTarget: `/rsvp/${spec}` });
    expect(card.eventTypes).toBeUndefined();
  });

  it('the seeded interest and offer speak as what they are (no RSVP, no door pass)', async () => {
    await bookAs('seed-interest@example.com', 'sothebys-private-auction');
    const [interest] = await queuedMails(t.db, { to: 'seed-interest@example.com', purpose: 'confirmation' });
    expect(interest?.subject).toMatch(/^Your interest is passed on - /);
    expect(interest?.text).not.toMatch(/Your pass:|RSVP/);
    await bookAs('seed-offer@example.com', 'wristcheck');
    const [offer] = await queuedMails(t.db, { to: 'seed-offer@example.com', purpose: 'confirmation' });
    expect(offer?.subject).toBe('Your offer - Wristcheck Offer');
    expect(offer?.text).not.toMatch(/Your pass:|RSVP|Guests:/);
  });
});

describe('what the card opens', () => {
  it('a link needs its address, and opens it', async () => {
    const missing = await postBenefit(t.app, admin, { ...base('Link Offer'), cardOpens: 'link' }, logo);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Enter the address the card opens' });
    const id = await create({ ...base('Link Offer'), cardOpens: 'link', cardLink: 'https://partner.example/offer' });
    const member = await t.signIn('link-model@example.com');
    expect(await tile(member, id)).toMatchObject({ action: 'page', actionTarget: 'https://partner.example/offer' });
  });

  it('a partner page: the modal until the page is written, then the page', async () => {
    const id = await create({ ...base('Paged Benefit'), cardOpens: 'page', benefitType: 'offer' });
    const member = await t.signIn('page-model@example.com');
    expect(await tile(member, id)).toMatchObject({ action: 'modal', actionTarget: null });
    const saved = await t.put('/api/admin/pages/paged-benefit', admin, {
      benefitId: id,
      content: { eyebrow: '', title: 'Paged Benefit', subtitle: '', heroImage: '', sections: [], buttons: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await tile(member, id)).toMatchObject({ action: 'page', actionTarget: '/paged-benefit' });
  });

  it("a page's capacity placeholder may name an organiser's event; an unknown event is refused", async () => {
    const id = await create({ ...base('Counted Cruise'), capacity: '40', excelTab1Link: SHEET });
    const page = (value: string) => ({
      benefitId: id,
      content: {
        eyebrow: '',
        title: 'Counted Cruise',
        subtitle: '',
        heroImage: '',
        sections: [{ paragraphs: [], facts: [{ label: 'Places', value }] }],
        buttons: [],
      },
    });
    const saved = await t.put('/api/admin/pages/counted-cruise', admin, page(`{${dynamicEventId(id)}} places`));
    expect(saved.statusCode, saved.body).toBe(200);
    const unknown = await t.put('/api/admin/pages/counted-cruise', admin, page('{no-such-event} places'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('no-such-event');
  });

  it('the admin reads back what it chose, and an edit that sends it back changes nothing', async () => {
    const id = await create({ ...base('Round Trip'), benefitType: 'tour', listedUnder: 'EVENTS', cardOpens: 'modal' });
    const read = (await t.get(`/api/admin/benefits/${id}`, admin)).json();
    expect(read).toMatchObject({ benefitType: 'tour', listedUnder: 'EVENTS', cardOpens: 'modal', cardLink: null });
    const saved = await t.put(`/api/admin/benefits/${id}`, admin, {
      benefitName: 'Round Trip',
      benefitDescription: read.description,
      buttonText: read.bookingText,
      partnerContactEmail: read.partnerContactEmail,
      benefitType: read.benefitType,
      listedUnder: read.listedUnder,
      cardOpens: read.cardOpens,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const member = await t.signIn('round-trip-model@example.com');
    expect(await tile(member, id)).toMatchObject({ kind: 'event', action: 'modal' });
    expect((await t.get(`/api/admin/benefits/${id}`, admin)).json()).toMatchObject({ benefitType: 'tour' });
  });
});

describe('how members take it up (decision 053)', () => {
  it('an organiser may keep the partner out of each booking, and its form keeps that choice', async () => {
    const fields = { ...base('Quiet Dinner'), partnerContactEmail: 'quiet@harbour.example', excelTab1Link: SHEET };
    const id = await create({ ...fields, notifyPartner: 'false' });
    const [row] = await t.db.select().from(benefits).where(eq(benefits.id, id));
    if (!row) throw new Error('no benefit');
    await ensureDynamicEvent(t.db, row); // what each form submission does
    await bookAs('quiet-guest@example.com', dynamicEventId(id));
    expect(await queuedMails(t.db, { to: 'quiet@harbour.example' })).toEqual([]);
    const read = (await t.get(`/api/admin/benefits/${id}`, admin)).json();
    expect(read).toMatchObject({ notifyPartner: false, bookedThrough: 'portal', bookingUrl: '', dateLabel: '' });
  });
});
