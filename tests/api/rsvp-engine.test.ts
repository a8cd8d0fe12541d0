import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RSVP_MSG } from '#common/rsvp.ts';
import { bookings, eventSlots, events } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
});
afterAll(() => t.close());

// Not t.post: a POST without a payload goes without a body here, as the one-click RSVP sends it.
const post = (url: string, cookie?: string, payload?: object) => t.send('POST', url, cookie, payload);

describe('RSVP engine over HTTP', () => {
  it('places a member once: 201, then 409 with a clear message; status follows', async () => {
    const cookie = await t.signIn('first@example.com', 'First', 'Member');
    expect((await t.get('/api/rsvp/speakers-reception/status', cookie)).json()).toMatchObject({
      hasRsvpd: false,
      hasRsvp: false,
    });
    const first = await post('/api/rsvp/speakers-reception', cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, remainingSlots: 99 });
    const again = await post('/api/rsvp/speakers-reception', cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: RSVP_MSG.alreadyBooked, code: expect.any(String) });
    const status = (await t.get('/api/rsvp/speakers-reception/status', cookie)).json();
    expect(status).toMatchObject({ hasRsvpd: true, hasRsvp: true });
    expect(status.calendar).toEqual({
      title: 'Speakers Reception',
      description: 'Speakers Reception for Special Access Pass holders.',
      location: 'The Grill Room, Orchard Hotel Singapore',
      startDate: '20310930T110000Z',
      endDate: '20310930T150000Z',
    });
  });

  it('takes first and last name from the session, not from the body', async () => {
    const cookie = await t.signIn('named@example.com', 'Real', 'Name');
    const res = await post('/api/rsvp/wristcheck', cookie, { firstName: 'Forged', lastName: 'Other' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.email, 'named@example.com'));
    expect([row?.firstName, row?.lastName]).toEqual(['Real', 'Name']);
    expect((await t.get('/api/rsvp/wristcheck/status', cookie)).json()).toMatchObject({
      hasRsvp: true,
      hasRsvpd: true,
    });
  });

  it('answers 401 to anonymous status and RSVP calls, and 404 to an unknown event', async () => {
    expect((await t.get('/api/rsvp/bryan-johnson/status')).statusCode).toBe(401);
    const anon = await post('/api/rsvp/bryan-johnson');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe('Please log in to RSVP for events');
    const cookie = await t.signIn('lost@example.com');
    expect((await post('/api/rsvp/no-such-event', cookie)).statusCode).toBe(404);
  });

  it('refuses wrong body types with a 400 and writes nothing', async () => {
    const cookie = await t.signIn('typo@example.com');
    const res = await post('/api/rsvp/jai', cookie, { firstName: 12 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTypeOf('string');
    expect(await t.db.select().from(bookings).where(eq(bookings.email, 'typo@example.com'))).toHaveLength(0);
  });

  it('keeps form-booked events off the one-click route', async () => {
    const cookie = await t.signIn('form@example.com');
    const res = await post('/api/rsvp/ap-house', cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: RSVP_MSG.needsForm, code: expect.any(String) });
  });

  it('answers slot counts without credentials at every spec path', async () => {
    expect((await t.get('/api/rsvp/mclaren-tour/slots')).json()).toEqual({ remainingSlots: 10, bookableSlots: 10 });
    expect((await t.get('/api/bryan-johnson/slots')).json()).toEqual({ remainingSlots: 30, bookableSlots: 30 });
    expect((await t.get('/api/crypto-fight-night/slots')).json()).toEqual({ remainingSlots: 200, bookableSlots: 200 });
    expect((await t.get('/api/rsvp/national-gallery-pass/slots')).json()).toEqual({
      remainingSlots: 20,
      bookableSlots: 20,
    });
    expect((await t.get('/api/national-gallery-invitation/slots')).json()).toEqual({
      remainingSlots: 20,
      bookableSlots: 20,
    });
    expect((await t.get('/api/nothing-here/slots')).statusCode).toBe(404);
  });

  it('offers an .ics file for a booked event', async () => {
    const cookie = await t.signIn('ics@example.com');
    expect((await t.get('/api/rsvp/after2049/calendar.ics', cookie)).statusCode).toBe(404);
    await post('/api/rsvp/after2049', cookie);
    const res = await t.get('/api/rsvp/after2049/calendar.ics', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('DTSTART:20311003T110000Z');
    expect(res.body).toContain('DTEND:20311003T170000Z');
    expect(res.body).toContain('SUMMARY:AFTER 2049');
  });
});

describe('capacity under a race', () => {
  it('lets exactly 10 of 200 concurrent members into a 10-place event', async () => {
    await t.db.insert(events).values({ id: 'race-10', title: 'Race', capacity: 10 });
    const cookies = await Promise.all(Array.from({ length: 200 }, (_, i) => t.signIn(`racer${i}@example.com`)));
    const results = await Promise.all(cookies.map((c) => post('/api/rsvp/race-10', c)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(190);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error === RSVP_MSG.soldOut)).toBe(true);
    expect((await t.get('/api/rsvp/race-10/slots')).json()).toEqual({ remainingSlots: 0, bookableSlots: 10 });
    const rows = await t.db.select().from(bookings).where(eq(bookings.eventId, 'race-10'));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.email)).size).toBe(10);
  });

  it('lets one member in once even when they fire 20 requests at the same moment', async () => {
    await t.db.insert(events).values({ id: 'race-once', title: 'Once', capacity: 5 });
    const cookie = await t.signIn('eager@example.com');
    const codes = (await Promise.all(Array.from({ length: 20 }, () => post('/api/rsvp/race-once', cookie)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
  });

  it('counts guests as places and keeps slot counts in step', async () => {
    await t.db.insert(events).values({ id: 'slotted', title: 'Slotted', capacity: null });
    const [slot] = await t.db
      .insert(eventSlots)
      .values({ eventId: 'slotted', slotTime: '10:00am-11:00am', capacity: 4 })
      .returning();
    const slotId = slot?.id ?? '';
    await reservePlace(t.db, { eventId: 'slotted', email: 'a@example.com', slotId, guestCount: 2 });
    await expect(
      reservePlace(t.db, { eventId: 'slotted', email: 'b@example.com', slotId, guestCount: 1 }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: RSVP_MSG.slotFull,
    });
    await reservePlace(t.db, { eventId: 'slotted', email: 'c@example.com', slotId });
    const [after] = await t.db.select().from(eventSlots).where(eq(eventSlots.id, slotId));
    expect(after?.booked).toBe(4);
    await expect(
      reservePlace(t.db, { eventId: 'slotted', email: 'd@example.com', guestCount: 5, maxGuests: 4 }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('tracking calls', () => {
  it('records clicks and submissions with server-side time, IP and user agent', async () => {
    const cookie = await t.signIn('tracker@example.com');
    const click = await t.post(
      '/api/analytics/click',
      cookie,
      { benefitId: 'mclaren-tour', benefitTitle: 'McLaren Technology Centre Tour' },
      { headers: { 'user-agent': 'ua-test' } },
    );
    expect(click.statusCode).toBe(201);
    const sub = await t.post('/api/analytics/submission', cookie, {
      submissionType: 'MODAL_BUTTON',
      benefitId: 'elyx-life',
      benefitTitle: 'Elyx Life',
      userAgent: 'x',
    });
    expect(sub.statusCode).toBe(201);
    const clicks = await t.db.query.benefitClickLogs.findMany();
    expect(clicks.find((c) => c.userEmail === 'tracker@example.com')).toMatchObject({
      benefitId: 'mclaren-tour',
      userAgent: 'ua-test',
    });
    const subs = await t.db.query.formSubmissionLogs.findMany();
    expect(subs.find((s) => s.userEmail === 'tracker@example.com')).toMatchObject({
      submissionType: 'MODAL_BUTTON',
      benefitId: 'elyx-life',
    });
  });

  it('refuses anonymous and malformed tracking calls with 4xx JSON', async () => {
    expect((await post('/api/analytics/click', undefined, { benefitId: 'x', benefitTitle: 'y' })).statusCode).toBe(401);
    const cookie = await t.signIn('tracker2@example.com');
    const bad = await post('/api/analytics/submission', cookie, {
      submissionType: 'NOPE',
      benefitId: 'x',
      benefitTitle: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTypeOf('string');
  });
});
