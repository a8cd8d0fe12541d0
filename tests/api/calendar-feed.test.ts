import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail, CalendarFeed, MyBooking } from '#common/bookings.ts';
import { bookings, events } from '../../src/server/db/schema.ts';
import { conciergeBody } from '../support/bookings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A personal calendar feed that calendar apps poll, following bookings, moves and cancellations.
let t: TestApp;
let cookie: string;
const EMAIL = 'feed@example.com';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  cookie = await t.signIn(EMAIL, 'Fee', 'Der');
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = { cookie }) => t.get(url, undefined, { headers });
const post = (url: string, payload: object = {}) => t.post(url, cookie, payload);
const feedPath = (f: CalendarFeed) => new URL(f.url).pathname;

/** The feed as a calendar app reads it: each VEVENT's properties, by UID. */
async function readFeed(path: string) {
  const res = await get(path, {});
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((v) => {
      const event = new ICAL.Event(v);
      return [
        event.uid,
        {
          start: event.startDate.toJSDate().toISOString(),
          end: event.endDate.toJSDate().toISOString(),
          location: String(v.getFirstPropertyValue('location') ?? ''),
          status: String(v.getFirstPropertyValue('status') ?? ''),
          sequence: Number(v.getFirstPropertyValue('sequence') ?? 0),
          summary: event.summary,
        },
      ];
    }),
  );
}

describe('personal calendar feed', () => {
  let feed: CalendarFeed;

  it('has a secret https link and a webcal:// one, the same on every visit', async () => {
    feed = (await get('/api/me/calendar-feed')).json();
    expect(feed.url).toMatch(/^https?:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:/, 'webcal:'));
    expect((await get('/api/me/calendar-feed')).json()).toEqual(feed);
    expect((await get('/api/me/calendar-feed', {})).statusCode).toBe(401);
  });

  it('lists admitted bookings at their UTC times and place, and follows a move and a cancellation', async () => {
    expect((await readFeed(feedPath(feed))).size).toBe(0);
    expect((await post('/api/rsvp/speakers-reception')).statusCode).toBe(201);
    const tour = await post('/api/ap-house/rsvp', conciergeBody(EMAIL));
    expect(tour.statusCode).toBe(201);
    const mine: MyBooking[] = (await get('/api/me/bookings')).json().data;
    const reception = mine.find((b) => b.eventId === 'speakers-reception') as MyBooking;
    const concierge = mine.find((b) => b.eventId === 'ap-house') as MyBooking;

    let entries = await readFeed(feedPath(feed));
    expect(entries.get(`${reception.id}@passportal`)).toMatchObject({
      start: '2031-09-30T11:00:00.000Z',
      end: '2031-09-30T15:00:00.000Z',
      location: reception.venue,
      status: 'CONFIRMED',
    });
    expect(entries.get(`${concierge.id}@passportal`)).toMatchObject({ start: '2031-09-29T02:00:00.000Z' });

    // Moved to another slot: same UID, new time, a higher SEQUENCE.
    const detail: BookingDetail = (await get(`/api/bookings/${concierge.id}`)).json();
    const other = detail.slotOptions.find((s) => s.date === '2031-09-30' && s.time === '2:00pm-3:00pm');
    const moved = await t.patch(`/api/bookings/${concierge.id}`, cookie, { slotId: other?.id });
    expect(moved.statusCode).toBe(200);
    // A moved booking keeps its pass.
    const after: MyBooking[] = (await get('/api/me/bookings')).json().data;
    expect(after.find((b) => b.id === concierge.id)?.passCode).toBe(concierge.passCode);
    entries = await readFeed(feedPath(feed));
    const tourEntry = entries.get(`${concierge.id}@passportal`);
    expect(tourEntry).toMatchObject({ start: '2031-09-30T06:00:00.000Z', status: 'CONFIRMED' });
    expect(tourEntry?.sequence).toBeGreaterThan(0);

    expect((await post(`/api/bookings/${reception.id}/cancel`)).statusCode).toBe(200);
    entries = await readFeed(feedPath(feed));
    expect(entries.get(`${reception.id}@passportal`)?.status).toBe('CANCELLED');
  });

  it('leaves out bookings that hold no place yet', async () => {
    const waiting = await t.signIn('waits-feed@example.com');
    await t.send('POST', '/api/rsvp/crypto-fight-night', waiting);
    const mine: MyBooking[] = (await get('/api/me/bookings', { cookie: waiting })).json().data;
    await t.db
      .update(bookings)
      .set({ status: 'waitlisted', placedAt: null })
      .where(eq(bookings.id, mine[0]?.id ?? ''));
    const own: CalendarFeed = (await get('/api/me/calendar-feed', { cookie: waiting })).json();
    expect((await readFeed(feedPath(own))).size).toBe(0);
  });

  it('stops the old link when the member asks for a new one', async () => {
    const renewed: CalendarFeed = (await post('/api/me/calendar-feed/renew')).json();
    expect(renewed.url).not.toBe(feed.url);
    expect((await get(feedPath(feed), {})).statusCode).toBe(404);
    expect((await readFeed(feedPath(renewed))).size).toBeGreaterThan(0);
  });

  it('answers an unknown or malformed token with 404', async () => {
    expect((await get('/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics', {})).statusCode).toBe(404);
    expect((await get('/api/calendar/short.ics', {})).statusCode).toBe(400);
  });

  it('downloads a booking’s own .ics: the slot’s time, and lines folded by octets (RFC 5545)', async () => {
    const member = await t.signIn('ics-file@example.com');
    await t.db
      .update(events)
      .set({ title: `Curator’s “Late” Tour — ${'’'.repeat(40)}` })
      .where(eq(events.id, 'ap-house'));
    const booked = await t.post(
      '/api/ap-house/rsvp',
      member,
      conciergeBody('ics-file@example.com', { selectedDate: '2031-10-02', timeSlot: '3:00pm-4:00pm' }),
    );
    expect(booked.statusCode).toBe(201);
    const res = await get('/api/rsvp/ap-house/calendar.ics', { cookie: member });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('DTSTART:20311002T070000Z'); // 3 PM in Singapore
    for (const line of res.body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(res.body)).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.summary).toBe(`Curator’s “Late” Tour — ${'’'.repeat(40)}`);
  });
});
