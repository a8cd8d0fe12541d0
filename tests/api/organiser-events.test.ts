import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MSG } from '#common/event-details.ts';
import { events } from '../../src/server/db/schema.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { queuedMails } from '../support/mails.ts';
import { postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 008: a benefit an organiser creates carries when (in its own time zone) and where, like the seeded ones.
let t: TestApp;
let admin: string;
let image: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const SHEET = 'https://docs.google.com/spreadsheets/d/organiser/edit';
const base = {
  benefitName: 'Thames Dinner',
  benefitDescription: 'Dinner on the river.',
  buttonText: 'RSVP',
  partnerContactEmail: 'thames@partner.example',
  excelTab1Link: SHEET,
};
const london = {
  schedule: 'timed',
  timeZone: 'Europe/London',
  startDate: '2031-07-01',
  startTime: '19:00',
  endTime: '22:30',
  venueName: 'Pier 7',
  venueAddress: '1 Riverside, London SE1',
  mapUrl: 'https://maps.example/pier7',
  capacity: '40',
};

const create = (fields: Record<string, string>) => postBenefit(t.app, admin, fields, image);
const read = async (id: string) => (await t.get(`/api/admin/benefits/${id}`, admin)).json();
const eventOf = async (benefitId: string) =>
  (
    await t.db
      .select()
      .from(events)
      .where(eq(events.id, dynamicEventId(benefitId)))
  )[0];

describe('creating a benefit with when and where', () => {
  it('stores the times as instants in the chosen zone and shows them back as typed', async () => {
    const res = await create({ ...base, ...london });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const event = await eventOf(id);
    // 19:00 in London in July is 18:00 UTC (BST).
    expect(event?.startsAt?.toISOString()).toBe('2031-07-01T18:00:00.000Z');
    expect(event?.endsAt?.toISOString()).toBe('2031-07-01T21:30:00.000Z');
    expect(event).toMatchObject({ timeZone: 'Europe/London', schedule: 'timed', capacity: 40, location: 'Pier 7' });
    expect((await read(id)).event).toEqual({ ...london, endDate: '2031-07-01' });
  });

  it('mails a booking with the time in the event’s zone, labelled, and an invite at the right UTC time and place', async () => {
    const { id } = (await create({ ...base, benefitName: 'Thames Lunch', ...london })).json();
    await reservePlace(t.db, { eventId: dynamicEventId(id), email: 'river@example.com', firstName: 'River' });
    const [mail] = await queuedMails(t.db, { to: 'river@example.com' });
    expect(mail?.text).toContain('1 July 2031');
    expect(mail?.text).toContain('7:00–10:30 PM BST');
    expect(mail?.text).toContain('Pier 7, 1 Riverside, London SE1');
    const ics = (mail?.calendar?.content ?? '').replace(/\r\n /g, '');
    expect(ics).toContain('DTSTART:20310701T180000Z');
    expect(ics).toContain('DTEND:20310701T213000Z');
    expect(ics).toMatch(/LOCATION:Pier 7\\, 1 Riverside\\, London SE1/);
  });

  it('books in one click until the benefit has a live RSVP form, then only through the form', async () => {
    const { id } = (await create({ ...base, benefitName: 'Thames Tea', ...london })).json();
    const eventId = encodeURIComponent(dynamicEventId(id));
    const member = await t.signIn('tea@example.com');
    const quick = (cookie: string) => t.post(`/api/rsvp/${eventId}`, cookie, {});
    const first = await quick(member);
    expect([first.statusCode, first.json().status]).toEqual([201, 'confirmed']);
    const deployed = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: id,
      configName: 'Tea form',
      isActive: true,
    });
    expect(deployed.statusCode).toBe(201);
    const second = await quick(await t.signIn('tea2@example.com'));
    expect([second.statusCode, second.json().code]).toEqual([400, 'needs_form']);
  });

  it('takes all-day days and an offer’s last day', async () => {
    const allDay = await create({
      ...base,
      benefitName: 'Gallery Week',
      schedule: 'all-day',
      startDate: '2031-09-29',
      endDate: '2031-10-03',
    });
    expect(allDay.statusCode).toBe(201);
    const week = await eventOf(allDay.json().id);
    expect(week?.startsAt?.toISOString()).toBe('2031-09-28T16:00:00.000Z'); // midnight in Singapore
    expect(week?.endsAt?.toISOString()).toBe('2031-10-03T16:00:00.000Z');
    const offer = await create({ ...base, benefitName: 'Spa Offer', schedule: 'until', endDate: '2032-03-31' });
    expect((await read(offer.json().id)).event).toMatchObject({
      schedule: 'until',
      endDate: '2032-03-31',
      startDate: '',
    });
  });

  it.each([
    ['an unknown schedule', { schedule: 'sometime' }, EVENT_MSG.scheduleRequired],
    ['no start time', { ...london, startTime: '' }, EVENT_MSG.startRequired],
    ['no end time', { ...london, endTime: '' }, EVENT_MSG.endRequired],
    ['an end before the start', { ...london, endTime: '18:00' }, EVENT_MSG.endBeforeStart],
    ['an unknown zone', { ...london, timeZone: 'Mars/Olympus' }, EVENT_MSG.timeZone],
    ['capacity 0', { ...london, capacity: '0' }, EVENT_MSG.capacity],
    ['capacity "lots"', { ...london, capacity: 'lots' }, EVENT_MSG.capacity],
    ['a javascript: map link', { ...london, mapUrl: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['30 February', { ...london, startDate: '2031-02-30' }, 'Dates are YYYY-MM-DD'],
    ['25:00', { ...london, startTime: '25:00' }, EVENT_MSG.time],
    ['all-day without days', { schedule: 'all-day' }, EVENT_MSG.firstDayRequired],
    ['until without a day', { schedule: 'until' }, EVENT_MSG.lastDayRequired],
  ])('refuses %s with a clear 400 and creates nothing', async (_, over, message) => {
    const before = await t.db.select({ id: events.id }).from(events);
    const res = await create({ ...base, benefitName: 'Refused', ...over } as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.db.select({ id: events.id }).from(events)).toHaveLength(before.length);
  });
});

describe('editing when and where', () => {
  const put = (id: string, body: object) => t.put(`/api/admin/benefits/${id}`, admin, body);
  const edit = {
    benefitName: 'Thames Dinner',
    benefitDescription: 'd',
    buttonText: 'RSVP',
    partnerContactEmail: 'p@p.example',
  };

  it('moves the event, and leaves it alone when the edit sends no schedule', async () => {
    const { id } = (await create({ ...base, ...london })).json();
    expect((await put(id, { ...edit, ...london, startTime: '18:00', endTime: '21:00' })).statusCode).toBe(200);
    expect((await eventOf(id))?.startsAt?.toISOString()).toBe('2031-07-01T17:00:00.000Z');
    expect((await put(id, { ...edit, benefitName: 'Renamed' })).statusCode).toBe(200);
    expect((await eventOf(id))?.startsAt?.toISOString()).toBe('2031-07-01T17:00:00.000Z');
    expect((await put(id, { ...edit, ...london, capacity: '' })).statusCode).toBe(200);
    expect((await eventOf(id))?.capacity).toBeNull();
  });

  it('sets the seeded catalogue’s own event, not a new one', async () => {
    const res = await put('sap-night', { ...edit, benefitName: 'SAP Night', ...london, timeZone: 'Asia/Singapore' });
    expect(res.statusCode).toBe(200);
    const [event] = await t.db.select().from(events).where(eq(events.id, 'sap-night'));
    expect(event?.startsAt?.toISOString()).toBe('2031-07-01T11:00:00.000Z');
    expect(
      await t.db
        .select()
        .from(events)
        .where(eq(events.id, dynamicEventId('sap-night'))),
    ).toEqual([]);
  });
});
