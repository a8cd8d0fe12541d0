import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadyRsvpdText, CONCIERGE_MSG } from '#common/concierge.ts';
import { EVENING_MSG } from '#common/evening.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import { eventSlots } from '../../src/server/db/schema.ts';
import { hotCache } from '../../src/server/lib/hot-cache.ts';
import { conciergeSlot } from '../support/bookings.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
});
afterAll(() => t.close());

const evening = (over: object = {}) => ({
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  rsvpStatus: 'yes',
  tourRequested: 'yes',
  timeSlot: '5:00pm-5:30pm',
  ...over,
});
const concierge = (over: object = {}) => ({
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: '',
  selectedDate: '2031-09-29',
  timeSlot: '10:00am-11:00am',
  bringingGuests: 'no',
  guestCount: 0,
  ...over,
});

describe('evening RSVP (POST /api/rsvp/sap-night)', () => {
  it.each([
    ['blank name', { fullName: '  ' }, EVENING_MSG.fullName],
    ['bad e-mail', { email: 'not-an-email' }, EVENING_MSG.email],
    ['missing rsvpStatus', { rsvpStatus: undefined }, EVENING_MSG.rsvp],
    ['rsvpStatus no', { rsvpStatus: 'no' }, EVENING_MSG.rsvp],
    ['no tour preference', { tourRequested: undefined }, EVENING_MSG.tour],
    ['tour without a slot', { timeSlot: '' }, EVENING_MSG.tour],
  ])('refuses %s with the spec message', async (_label, over, message) => {
    const cookie = await t.signIn('evening-bad@example.com');
    const res = await t.post('/api/rsvp/sap-night', cookie, evening(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: expect.any(String) });
  });

  it('books with a tour slot, counts the slot, then refuses a repeat with the partner contact', async () => {
    const cookie = await t.signIn('evening@example.com', 'Eve');
    const before = (await t.get('/api/rsvp/time-slots')).json().slots;
    expect(before[0]).toMatchObject({ slotTime: '5:00pm-5:30pm', remainingSlots: 10 });
    const res = await t.post('/api/rsvp/sap-night', cookie, evening({ email: 'evening@example.com' }));
    expect(res.statusCode).toBe(201);
    const after = (await t.get('/api/rsvp/time-slots')).json().slots;
    expect(after[0]).toMatchObject({ slotTime: '5:00pm-5:30pm', remainingSlots: 9 });
    const status = (await t.get('/api/rsvp/sap-night/status', cookie)).json();
    expect(status.hasRsvpd).toBe(true);
    expect(status.calendar).toMatchObject({ startDate: '20311001T110000Z', endDate: '20311001T140000Z' });
    // The member's list, the mail and its invite hold the evening too, not the 30-minute tour before it; changes
    // close a day before the first thing booked (the 5 PM tour, 09:00Z).
    const mine = (await t.get('/api/me/bookings', cookie)).json().data;
    expect(mine[0].calendar).toMatchObject({ startDate: '20311001T110000Z', endDate: '20311001T140000Z' });
    expect(mine[0].manage.changeUntil).toBe('2031-09-30T09:00:00.000Z');
    const [mail] = await queuedMails(t.db, { purpose: 'confirmation', to: 'evening@example.com' });
    expect(mail?.calendar?.content).toContain('DTSTART:20311001T110000Z');
    const again = await t.post('/api/rsvp/sap-night', cookie, evening({ tourRequested: 'no', timeSlot: '' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: alreadyRsvpdText('events@aphouse.example'), code: expect.any(String) });
  });

  it('books without a tour and refuses an unknown slot', async () => {
    const cookie = await t.signIn('evening-notour@example.com');
    const unknown = await t.post('/api/rsvp/sap-night', cookie, evening({ timeSlot: '9:00pm-9:30pm' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: RSVP_MSG.slotNotFound, code: expect.any(String) });
    const res = await t.post('/api/rsvp/sap-night', cookie, evening({ tourRequested: 'no', timeSlot: undefined }));
    expect(res.statusCode).toBe(201);
  });

  it('says isFull when the evening has no place left', async () => {
    expect((await t.get('/api/rsvp/sap-night/count')).json()).toMatchObject({ isFull: false });
  });

  it('answers 401 before looking at the body', async () => {
    const res = await t.post('/api/rsvp/sap-night', undefined, {});
    expect(res.statusCode).toBe(401);
  });
});

describe('concierge tour booking (POST /api/ap-house/rsvp)', () => {
  it.each([
    ['blank name', { fullName: '' }, CONCIERGE_MSG.fullName],
    ['bad e-mail', { email: 'x@' }, CONCIERGE_MSG.email],
    ['no date', { selectedDate: '' }, CONCIERGE_MSG.date],
    ['no slot', { timeSlot: '' }, CONCIERGE_MSG.timeSlot],
    ['no guest answer', { bringingGuests: undefined }, CONCIERGE_MSG.guests],
    ['guests yes with 0', { bringingGuests: 'yes', guestCount: 0 }, CONCIERGE_MSG.guestCount],
    ['5 guests', { bringingGuests: 'yes', guestCount: 5 }, CONCIERGE_MSG.guestMax],
    ['text guest count', { bringingGuests: 'yes', guestCount: 'two' }, CONCIERGE_MSG.guestCount],
  ])('refuses %s with the spec message', async (_label, over, message) => {
    const cookie = await t.signIn('concierge-bad@example.com');
    const res = await t.post('/api/ap-house/rsvp', cookie, concierge(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: expect.any(String) });
  });

  it('books with guests, counts attendees, reports booking details and the UTC+8 calendar', async () => {
    const cookie = await t.signIn('tour@example.com', 'Tess');
    const res = await t.post(
      '/api/ap-house/rsvp',
      cookie,
      concierge({ bringingGuests: 'yes', guestCount: 2, timeSlot: '2:00pm-3:00pm' }),
    );
    expect(res.statusCode).toBe(201);
    const slots = (await t.get('/api/rsvp/ap-house-time-slots')).json();
    expect(
      slots.find((s: { date: string; timeSlot: string }) => s.date === '2031-09-29' && s.timeSlot === '2:00pm-3:00pm')
        .remainingSlots,
    ).toBe(7);
    const status = (await t.get('/api/rsvp/ap-house/status', cookie)).json();
    expect(status).toMatchObject({
      hasRsvpd: true,
      bookingDetails: { selectedDate: '29 Sep', timeSlot: '2:00pm-3:00pm' },
      calendar: { startDate: '20310929T060000Z', endDate: '20310929T070000Z' },
    });
    const again = await t.post('/api/ap-house/rsvp', cookie, concierge());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: alreadyRsvpdText('concierge@aphouse.example'), code: expect.any(String) });
  });

  it('hides a full slot from the list and refuses it on submit', async () => {
    await t.db
      .update(eventSlots)
      .set({ booked: 10 })
      .where(
        and(
          eq(eventSlots.eventId, 'ap-house'),
          eq(eventSlots.slotDate, '2031-09-30'),
          eq(eventSlots.slotTime, '10:00am-11:00am'),
        ),
      );
    hotCache(t.db).invalidate('ap-house'); // an edit behind the app's back shows after the short TTL; skip the wait
    const slots = (await t.get('/api/rsvp/ap-house-time-slots')).json();
    expect(
      slots.some(
        (s: { date: string; timeSlot: string }) => s.date === '2031-09-30' && s.timeSlot === '10:00am-11:00am',
      ),
    ).toBe(false);
    const cookie = await t.signIn('late@example.com');
    const res = await t.post('/api/ap-house/rsvp', cookie, concierge({ selectedDate: '2031-09-30' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: RSVP_MSG.slotFull, code: expect.any(String) });
  });

  it('refresh re-reads slot counts from the bookings', async () => {
    const cookie = await t.signIn('refresher@example.com');
    const res = await t.send('POST', '/api/rsvp/ap-house-time-slots/refresh', cookie);
    expect(res.json()).toEqual({ success: true });
    const slots = (await t.get('/api/rsvp/ap-house-time-slots')).json();
    // The manual 10 above had no bookings behind it: the slot is open again.
    expect(
      slots.find((s: { date: string; timeSlot: string }) => s.date === '2031-09-30' && s.timeSlot === '10:00am-11:00am')
        .remainingSlots,
    ).toBe(10);
  });

  it('never lets 50 concurrent bookings with guests exceed a slot by attendees', async () => {
    const cookies = await Promise.all(Array.from({ length: 50 }, (_, i) => t.signIn(`crowd${i}@example.com`)));
    const results = await Promise.all(
      cookies.map((c, i) =>
        t.post(
          '/api/ap-house/rsvp',
          c,
          concierge({
            selectedDate: '2031-10-02',
            timeSlot: '4:00pm-5:00pm',
            bringingGuests: 'yes',
            guestCount: 1 + (i % 3),
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.statusCode === 201);
    expect(won.length).toBeGreaterThan(0);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const slot = await conciergeSlot(t.db, '2031-10-02', '4:00pm-5:00pm');
    expect(slot?.booked).toBeLessThanOrEqual(10);
    const bookedPlaces =
      won.length > 0
        ? (await t.db.query.bookings.findMany({ where: (b, { eq: e }) => e(b.slotId, slot?.id ?? '') })).reduce(
            (n, b) => n + b.places,
            0,
          )
        : 0;
    expect(bookedPlaces).toBe(slot?.booked);
  });
});

describe('user name', () => {
  it('answers the signed-in member full name', async () => {
    const cookie = await t.signIn('named2@example.com', 'Grace', 'Hopper');
    expect((await t.get('/api/auth/user-name', cookie)).json()).toEqual({
      fullName: 'Grace Hopper',
    });
    expect((await t.get('/api/auth/user-name')).statusCode).toBe(401);
  });
});
