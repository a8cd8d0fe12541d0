import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBooking } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { CHECK_IN_MSG, groupPassCode } from '#common/passes.ts';
import { adminAudit, bookings } from '../../src/server/db/schema.ts';
import { conciergeBody } from '../support/bookings.ts';
import { queuedMails } from '../support/mails.ts';
import { isOwnAccountRoute } from '../support/own-account-routes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 009: every admitted booking has a pass; the door admits each pass once, across any number of devices.
let t: TestApp;
let staff: string;
const STAFF_EMAIL = 'door@example.com';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  staff = await t.signInStaff(STAFF_EMAIL);
});
afterAll(() => t.close());

const checkIn = (code: string, extra: object = {}, cookie = staff) =>
  t.post('/api/admin/check-in', cookie, { code, ...extra });
async function mine(cookie: string): Promise<MyBooking[]> {
  const res = await t.get('/api/me/bookings', cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
async function book(email: string, eventId = 'speakers-reception') {
  const cookie = await t.signIn(email);
  expect((await t.post(`/api/rsvp/${eventId}`, cookie)).statusCode).toBe(201);
  const booking = (await mine(cookie)).find((b) => b.eventId === eventId) as MyBooking;
  return { cookie, booking, code: booking.passCode as string };
}

describe('My bookings (GET /api/me/bookings)', () => {
  it('lists a booking with when, where, its zone and an unguessable pass', async () => {
    const { booking } = await book('pass@example.com');
    expect(booking).toMatchObject({
      eventId: 'speakers-reception',
      title: expect.any(String),
      status: 'confirmed',
      timeZone: 'Asia/Singapore',
      startsAt: '2031-09-30T11:00:00.000Z',
      endsAt: '2031-09-30T15:00:00.000Z',
      when: '30 September 2031, 7:00–11:00 PM SGT',
      guestCount: 0,
      checkedInAt: null,
    });
    expect(booking.venue).not.toBe('');
    // 128 bits in Crockford base32.
    expect(booking.passCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('sends the pass in the confirmation mail, with the way to its QR code', async () => {
    const { code } = await book('mailed@example.com');
    const [mail] = await queuedMails(t.db, { to: 'mailed@example.com', purpose: 'confirmation' });
    expect(mail?.text).toContain(`Your pass: ${groupPassCode(code)}`);
    expect(mail?.text).toContain(`My bookings: ${t.config.publicUrl}/me`);
  });

  it('gives every booking its own code', async () => {
    const codes = await Promise.all(Array.from({ length: 30 }, (_, i) => book(`many${i}@example.com`)));
    expect(new Set(codes.map((c) => c.code)).size).toBe(30);
  });

  it('shows no pass while a booking waits for a place or for approval', async () => {
    const { cookie, booking } = await book('waits@example.com');
    for (const status of ['waitlisted', 'pending'] as const) {
      await t.db.update(bookings).set({ status }).where(eq(bookings.id, booking.id));
      expect((await mine(cookie)).find((b) => b.id === booking.id)).toMatchObject({ status, passCode: null });
    }
    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, booking.id));
    expect((await mine(cookie)).find((b) => b.id === booking.id)?.passCode).toBe(booking.passCode);
  });

  it('keeps a cancelled booking in the list, without its pass, and the door refuses the old code as cancelled', async () => {
    const { cookie, booking, code } = await book('cancels@example.com');
    expect((await t.post(`/api/bookings/${booking.id}/cancel`, cookie)).statusCode).toBe(200);
    const after = (await mine(cookie)).find((b) => b.id === booking.id);
    expect(after).toMatchObject({ status: 'cancelled', passCode: null });
    const res = await checkIn(code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.notAdmitted,
      status: 'cancelled',
      error: CHECK_IN_MSG.cancelled,
    });
  });

  it('is for signed-in members only', async () => {
    expect((await t.get('/api/me/bookings')).statusCode).toBe(401);
  });
});

describe('check-in at the door (POST /api/admin/check-in)', () => {
  it('admits once, then says when and by whom; takes it back on undo', async () => {
    const { code, booking } = await book('door1@example.com');
    const first = await checkIn(code, { eventId: 'speakers-reception' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      booking: { id: booking.id, email: 'door1@example.com', guestCount: 0 },
      checkedInAt: expect.any(String),
    });
    const again = await checkIn(code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ERROR_CODE.alreadyCheckedIn,
      checkedInAt: first.json().checkedInAt,
      checkedInBy: STAFF_EMAIL,
    });
    expect(again.json().error).toMatch(
      /^Already checked in at \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [AP]M SGT by door@example.com\.$/,
    );

    const undo = await t.del(`/api/admin/check-in/${booking.id}`, staff);
    expect(undo.statusCode).toBe(200);
    expect((await checkIn(code)).statusCode).toBe(200);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, booking.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['check-in', 'check-in', 'check-in.undo']);
  });

  it('reads a code as people type it: lower case, grouped with dashes, O for 0', async () => {
    const { code } = await book('typed@example.com');
    const typed = groupPassCode(code).toLowerCase().replace(/0/g, 'o');
    expect((await checkIn(` ${typed} `)).statusCode).toBe(200);
  });

  it('admits a pass exactly once when 20 devices scan it at the same moment', async () => {
    const { code } = await book('rush@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkIn(code)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(
      answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === ERROR_CODE.alreadyCheckedIn),
    ).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.passCode, code));
    expect(row?.checkedInBy).toBe(STAFF_EMAIL);
  });

  it('refuses an unknown code (404), a pass for another event, and a pending one', async () => {
    const unknown = await checkIn('0000-0000-0000-0000-0000-0000-00');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: ERROR_CODE.unknownPass, error: CHECK_IN_MSG.unknown });

    const { code } = await book('elsewhere@example.com');
    const other = await checkIn(code, { eventId: 'crypto-fight-night' });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe(ERROR_CODE.otherEvent);

    await t.db.update(bookings).set({ status: 'pending' }).where(eq(bookings.passCode, code));
    const pending = await checkIn(code);
    expect(pending.json()).toMatchObject({
      code: ERROR_CODE.notAdmitted,
      status: 'pending',
      error: CHECK_IN_MSG.pending,
    });
  });

  it('is for staff and admins; staff can use nothing else of the admin area', async () => {
    const { code, cookie: member } = await book('nosy@example.com');
    expect((await checkIn(code, {}, member)).statusCode).toBe(401);
    const admin = await t.signInAdmin();
    expect((await checkIn(code, {}, admin)).statusCode).toBe(200);

    const session = await t.get('/api/admin/session', staff);
    expect(session.json()).toEqual({ email: STAFF_EMAIL, role: 'staff', timeZone: 'Asia/Singapore' });
    const adminOnly = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith('/api/admin') || r.url === '/api/upload-image' || r.url === '/api/sheets/process') &&
        !r.url.startsWith('/api/admin/check-in') &&
        !isOwnAccountRoute(r.url) &&
        !['/api/admin/session', '/api/admin/login', '/api/admin/logout'].includes(r.url),
    );
    expect(adminOnly.length).toBeGreaterThan(20);
    for (const route of adminOnly) {
      const res = await t.send(route.method as 'GET', route.url.replace(/:[A-Za-z]+/g, 'x'), staff);
      expect([route.url, res.statusCode]).toEqual([route.url, 403]);
    }
  });

  it('refuses a pass for another time slot when staff admit for one', async () => {
    const cookie = await t.signIn('slotted@example.com');
    const booked = await t.post('/api/ap-house/rsvp', cookie, conciergeBody('slotted@example.com'));
    expect(booked.statusCode).toBe(201);
    const mineNow = (await mine(cookie)).find((b) => b.eventId === 'ap-house') as MyBooking;
    const other = '00000000-0000-4000-8000-000000000000';
    const res = await checkIn(mineNow.passCode as string, { eventId: 'ap-house', slotId: other });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.otherSlot });
    expect(res.json().error).toContain('10:00–11:00 AM SGT');
    expect(
      (await checkIn(mineNow.passCode as string, { eventId: 'ap-house', slotId: mineNow.slot?.id })).statusCode,
    ).toBe(200);
  });
});

describe('door staff accounts in the admin area', () => {
  it('lets an admin add staff, who can then check in; removing them ends their session', async () => {
    const admin = await t.signInAdmin('boss-accounts@example.com');
    const add = (payload: object, cookie = admin) => t.post('/api/admin/accounts', cookie, payload);
    expect((await add({ email: 'gate@example.com', password: 'short' })).json().error).toBe(
      'The password needs at least 12 characters',
    );
    const made = await add({ email: ' Gate@Example.com ', password: 'gate-password-123', role: 'staff' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ email: 'gate@example.com', role: 'staff' });
    const list = await t.get('/api/admin/accounts', admin);
    expect(list.json().accounts).toContainEqual(expect.objectContaining({ email: 'gate@example.com', role: 'staff' }));

    const login = await t.post('/api/admin/login', '', { email: 'gate@example.com', password: 'gate-password-123' });
    expect(login.json()).toEqual({ email: 'gate@example.com', role: 'staff', timeZone: 'Asia/Singapore' });
    const gate = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
    expect((await add({ email: 'x@example.com', password: 'x-password-1234' }, gate)).statusCode).toBe(403);
    const { code } = await book('gate-guest@example.com');
    expect((await checkIn(code, {}, gate)).statusCode).toBe(200);

    const self = await t.del('/api/admin/accounts/boss-accounts@example.com', admin);
    expect(self.statusCode).toBe(409);
    const gone = await t.del('/api/admin/accounts/gate@example.com', admin);
    expect(gone.statusCode).toBe(200);
    expect((await t.get('/api/admin/session', gate)).statusCode).toBe(401);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, 'gate@example.com'));
    expect(audit.map((a) => a.action).sort()).toEqual(['account.remove', 'account.save']);
  });
});
