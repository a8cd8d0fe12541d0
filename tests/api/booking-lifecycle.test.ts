import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MSG } from '#common/bookings.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import { createConfigSchema } from '#common/rsvp-config.ts';
import { benefits, bookingReminders, bookings, eventSlots, events, outboxJobs } from '../../src/server/db/schema.ts';
import { upsertAdmin, upsertMember } from '../../src/server/features/auth/members.ts';
import { createConfig } from '../../src/server/features/configurations/configurations.ts';
import { createMailer, mailHandler } from '../../src/server/features/notify/mailer.ts';
import { MAIL_SEND } from '../../src/server/features/outbox/mail-outbox.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { cancelBooking } from '../../src/server/features/rsvp/booking-changes.ts';
import { submitDynamic } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { openSlots } from '../../src/server/features/rsvp/event-slots.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { SHEETS_APPEND } from '../../src/server/features/sheets/export-row.ts';
import { say } from '../../src/server/lib/member-words.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  await upsertAdmin(t.db, { email: 'staff@example.com', password: 'correct horse battery' });
  const res = await t.post('/api/admin/login', undefined, {
    email: 'staff@example.com',
    password: 'correct horse battery',
  });
  admin = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
});
afterAll(() => t.close());

type Setup = {
  capacity: number | null;
  bookingForm?: string;
  slotConfig?: Record<string, unknown>;
  behavior?: Record<string, unknown>;
  slots?: { time: string; date?: string; capacity: number }[];
};

/** A benefit with one event (and optional slots and configuration) of its own. */
async function makeEvent(id: string, s: Setup) {
  const { slotIds } = await createTestEvent(t.db, id, {
    capacity: s.capacity,
    bookingForm: s.bookingForm ?? 'none',
    withPartner: true,
    hours: 1,
    slots: s.slots,
    ...(s.slotConfig || s.behavior
      ? { config: { slotConfig: s.slotConfig ?? {}, behavior: s.behavior ?? { allowEditing: true } } }
      : {}),
  });
  return slotIds;
}

async function member(email: string) {
  await upsertMember(t.db, { email, firstName: email.split('@')[0] ?? 'M', lastName: 'Member' });
  return t.signIn(email, email.split('@')[0], 'Member');
}

const mails = async (purpose: string, to?: string) => {
  const rows = await t.db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, 'mail.send'))
    .orderBy(asc(outboxJobs.createdAt));
  return rows.filter((r) => r.payload.purpose === purpose && (to === undefined || r.payload.to === to));
};

const statusOf = async (eventId: string) =>
  t.db.select().from(bookings).where(eq(bookings.eventId, eventId)).orderBy(bookings.createdAt);

describe('waitlist', () => {
  it('puts members in line when full, promotes the first in line when a place frees up, and mails them', async () => {
    await makeEvent('wl-basic', { capacity: 2, slotConfig: { allowWaitlist: true } });
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((x) => member(`${x}.wl@example.com`)));
    expect((await t.post('/api/rsvp/wl-basic', a as string)).json()).toMatchObject({ status: 'confirmed' });
    expect((await t.post('/api/rsvp/wl-basic', b as string)).json()).toMatchObject({
      status: 'confirmed',
      remainingSlots: 0,
    });
    const third = await t.post('/api/rsvp/wl-basic', c as string);
    expect(third.statusCode).toBe(201);
    expect(third.json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
      message: BOOKING_MSG.waitlisted(1),
    });
    expect((await t.post('/api/rsvp/wl-basic', d as string)).json()).toMatchObject({ waitlistPosition: 2 });
    const again = await t.post('/api/rsvp/wl-basic', c as string);
    expect([again.statusCode, again.json().error]).toEqual([409, BOOKING_MSG.alreadyWaitlisted]);

    const waiting = (await t.get('/api/rsvp/wl-basic/status', d as string)).json();
    expect(waiting).toMatchObject({ hasRsvpd: false, waitlistOpen: true, booking: { status: 'waitlisted' } });
    expect(waiting.booking.waitlistPosition).toBe(2);
    expect((await mails('waitlisted', 'c.wl@example.com')).length).toBe(1);

    // a cancels: c gets the place in the same transaction and is told; d moves up.
    const mine = (await t.get('/api/user/form-submissions', a as string)).json().data[0];
    const cancel = await t.post(`/api/bookings/${mine.id}/cancel`, a as string);
    expect(cancel.json()).toEqual({ success: true, status: 'cancelled' });
    expect((await t.get('/api/rsvp/wl-basic/status', c as string)).json()).toMatchObject({
      hasRsvpd: true,
      booking: { status: 'confirmed', waitlistPosition: null },
    });
    expect((await t.get('/api/rsvp/wl-basic/status', d as string)).json().booking.waitlistPosition).toBe(1);
    expect((await mails('promoted', 'c.wl@example.com')).length).toBe(1);
    expect((await mails('cancelled', 'a.wl@example.com')).length).toBe(1);
    expect((await t.get('/api/rsvp/wl-basic/slots')).json()).toEqual({
      remainingSlots: 0,
      bookableSlots: 2,
    });
    // a cancelled booking no longer counts: a may book again (and joins the line).
    expect((await t.post('/api/rsvp/wl-basic', a as string)).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 2,
    });
  });

  it('without a waitlist a full event still answers sold out', async () => {
    await makeEvent('wl-off', { capacity: 1 });
    await t.post('/api/rsvp/wl-off', await member('x.off@example.com'));
    const late = await t.post('/api/rsvp/wl-off', await member('y.off@example.com'));
    expect([late.statusCode, late.json().error]).toEqual([409, RSVP_MSG.soldOut]);
    expect((await t.get('/api/rsvp/wl-off/status', await member('y.off@example.com'))).json().waitlistOpen).toBe(false);
  });

  it('20 cancellations racing 40 waitlisted members: nobody promoted twice, no place lost', async () => {
    await makeEvent('wl-race', { capacity: 20, slotConfig: { allowWaitlist: true } });
    const holders = Array.from({ length: 20 }, (_, i) => `holder${i}@race.example`);
    const waiters = Array.from({ length: 40 }, (_, i) => `waiter${i}@race.example`);
    for (const email of holders) await reservePlace(t.db, { eventId: 'wl-race', email });
    // The 40 join at once; the line gets 40 distinct positions.
    const joined = await Promise.all(waiters.map((email) => reservePlace(t.db, { eventId: 'wl-race', email })));
    expect(new Set(joined.map((j) => j.waitlistPosition))).toEqual(
      new Set(Array.from({ length: 40 }, (_, i) => i + 1)),
    );
    // The line as members were told it (a JS Date cannot order bookings created within the same millisecond).
    const line = [...joined]
      .sort((x, y) => (x.waitlistPosition ?? 0) - (y.waitlistPosition ?? 0))
      .map((j) => j.booking);

    const held = (await statusOf('wl-race')).filter((b) => b.status === 'confirmed');
    const results = await Promise.allSettled(held.map((b) => cancelBooking(t.db, b.id, { member: b.email }, '')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    const after = await statusOf('wl-race');
    const confirmed = after.filter((b) => b.status === 'confirmed');
    expect(confirmed.reduce((n, b) => n + b.places, 0)).toBe(20);
    // Exactly the first 20 in line got the places, in order.
    expect(new Set(confirmed.map((b) => b.id))).toEqual(new Set(line.slice(0, 20).map((b) => b.id)));
    expect(
      after
        .filter((b) => b.status === 'waitlisted')
        .map((b) => b.id)
        .sort(),
    ).toEqual(
      line
        .slice(20)
        .map((b) => b.id)
        .sort(),
    );
    const promotedMails = (await mails('promoted')).filter((m) => String(m.payload.to).endsWith('@race.example'));
    expect(promotedMails).toHaveLength(20);
    expect(new Set(promotedMails.map((m) => m.payload.bookingId)).size).toBe(20);
  });

  it('waits for a place in the chosen slot and takes it when one frees up there', async () => {
    const [early, late] = await makeEvent('wl-slots', {
      capacity: null,
      bookingForm: 'dynamic',
      slotConfig: { allowWaitlist: true, hasSlots: true },
      slots: [
        { time: '10:00am-11:00am', capacity: 1 },
        { time: '11:00am-12:00pm', capacity: 5 },
      ],
    });
    const first = await reservePlace(t.db, { eventId: 'wl-slots', email: 'first@slots.example', slotId: early });
    const second = await reservePlace(t.db, { eventId: 'wl-slots', email: 'second@slots.example', slotId: early });
    expect(second.booking.status).toBe('waitlisted');
    // The engine keeps the sentence as words; a route writes them in the reader's language (decision 072).
    expect(second.message && say(second.message)).toBe(BOOKING_MSG.slotWaitlisted(1));
    // A place in another slot does not promote someone waiting for this one.
    const other = await reservePlace(t.db, { eventId: 'wl-slots', email: 'other@slots.example', slotId: late });
    await cancelBooking(t.db, other.booking.id, { member: 'other@slots.example' }, '');
    expect((await statusOf('wl-slots')).find((b) => b.id === second.booking.id)?.status).toBe('waitlisted');
    await cancelBooking(t.db, first.booking.id, { member: 'first@slots.example' }, '');
    expect((await statusOf('wl-slots')).find((b) => b.id === second.booking.id)?.status).toBe('confirmed');
    const [slot] = await t.db
      .select()
      .from(eventSlots)
      .where(eq(eventSlots.id, early as string));
    expect(slot?.booked).toBe(1);
  });
});

describe('change and cancel within the editing window', () => {
  it('moves a booking to another slot with a guest, counts both slots, bumps the invite and mails', async () => {
    const [ten, eleven] = await makeEvent('tour-change', {
      capacity: null,
      bookingForm: 'concierge',
      slots: [
        { time: '10:00am-11:00am', date: '2031-12-20', capacity: 3 },
        { time: '11:00am-12:00pm', date: '2031-12-20', capacity: 2 },
      ],
    });
    const cookie = await member('mover@example.com');
    const { booking } = await reservePlace(t.db, {
      eventId: 'tour-change',
      email: 'mover@example.com',
      slotId: ten,
      data: { selectedDate: '2031-12-20', timeSlot: '10:00am-11:00am', guestCount: 0, totalAttendees: 1 },
    });
    const detail = (await t.get(`/api/bookings/${booking.id}`, cookie)).json();
    expect(detail).toMatchObject({ status: 'confirmed', manage: { canChange: true, maxGuests: 4, hasSlots: true } });
    expect(detail.slotOptions.map((s: { time: string }) => s.time)).toEqual(['10:00am-11:00am', '11:00am-12:00pm']);

    const moved = await t.patch(`/api/bookings/${booking.id}`, cookie, { slotId: eleven, guestCount: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ slot: { id: eleven, time: '11:00am-12:00pm' }, guestCount: 1 });
    const slots = await t.db.select().from(eventSlots).where(eq(eventSlots.eventId, 'tour-change'));
    expect(Object.fromEntries(slots.map((s) => [s.slotTime, s.booked]))).toEqual({
      '10:00am-11:00am': 0,
      '11:00am-12:00pm': 2,
    });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ places: 2, calendarSequence: 1 });
    expect(row?.data).toMatchObject({ timeSlot: '11:00am-12:00pm', guestCount: 1, totalAttendees: 2 });
    expect((await mails('changed', 'mover@example.com')).length).toBe(1);

    // The slot is full now for a party of 3; too many guests is refused; nothing changes.
    const full = await t.patch(`/api/bookings/${booking.id}`, cookie, { guestCount: 2 });
    expect([full.statusCode, full.json().error]).toEqual([409, RSVP_MSG.slotFull]);
    const many = await t.patch(`/api/bookings/${booking.id}`, cookie, { slotId: ten, guestCount: 5 });
    expect(many.statusCode).toBe(400);
    const same = await t.patch(`/api/bookings/${booking.id}`, cookie, { guestCount: 1 });
    expect([same.statusCode, same.json().error]).toEqual([400, BOOKING_MSG.nothingToChange]);
  });

  it('a move to a later date re-arms the reminders whose new moment is still ahead, and only those', async () => {
    const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
    const [soon, later] = await makeEvent('remind-move', {
      capacity: null,
      bookingForm: 'concierge',
      slots: [
        { time: '10:00am-11:00am', date: day(3), capacity: 5 },
        { time: '10:00am-11:00am', date: day(10), capacity: 5 },
      ],
    });
    const cookie = await member('remind.move@example.com');
    const { booking } = await reservePlace(t.db, {
      eventId: 'remind-move',
      email: 'remind.move@example.com',
      slotId: soon,
    });
    await t.db.insert(bookingReminders).values([
      { bookingId: booking.id, daysBefore: 7, outcome: 'skipped' },
      { bookingId: booking.id, daysBefore: 20, outcome: 'skipped' },
    ]);
    expect((await t.patch(`/api/bookings/${booking.id}`, cookie, { slotId: later })).statusCode).toBe(200);
    const left = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, booking.id));
    // 10 days out, the 7-day moment is ahead again; the 20-day one has passed and is not repeated.
    expect(left.map((r) => r.daysBefore)).toEqual([20]);
  });

  it('refuses other members, closes after the window with the partner contact, and frees places on cancel', async () => {
    await makeEvent('window-event', { capacity: 5 });
    const owner = await member('owner@example.com');
    const stranger = await member('stranger@example.com');
    const { booking } = await reservePlace(t.db, { eventId: 'window-event', email: 'owner@example.com' });
    expect((await t.get(`/api/bookings/${booking.id}`, stranger)).statusCode).toBe(404);
    expect((await t.post(`/api/bookings/${booking.id}/cancel`, stranger)).statusCode).toBe(404);
    expect((await t.get('/api/bookings/not-a-uuid', owner)).statusCode).toBe(400);

    // The window closes 24 hours (the default) before the start: an event 23 hours away is inside it.
    await t.db
      .update(events)
      .set({ startsAt: new Date(Date.now() + 23 * 3_600_000), endsAt: new Date(Date.now() + 25 * 3_600_000) })
      .where(eq(events.id, 'window-event'));
    const status = (await t.get('/api/rsvp/window-event/status', owner)).json();
    expect(status.booking).toMatchObject({ canChange: false, contactEmail: 'partner-window-event@example.com' });
    const late = await t.post(`/api/bookings/${booking.id}/cancel`, owner);
    expect([late.statusCode, late.json().error]).toEqual([
      403,
      BOOKING_MSG.windowClosed('partner-window-event@example.com'),
    ]);

    await t.db
      .update(events)
      .set({ startsAt: new Date(Date.now() + 25 * 3_600_000), endsAt: new Date(Date.now() + 26 * 3_600_000) })
      .where(eq(events.id, 'window-event'));
    expect((await t.post(`/api/bookings/${booking.id}/cancel`, owner)).statusCode).toBe(200);
    expect((await t.get('/api/rsvp/window-event/slots')).json().remainingSlots).toBe(5);
    expect((await t.get('/api/user/form-submissions', owner)).json().data).toEqual([]);
    const twice = await t.post(`/api/bookings/${booking.id}/cancel`, owner);
    expect([twice.statusCode, twice.json().error]).toEqual([409, BOOKING_MSG.notChangeable]);
  });

  it('respects a configuration that turns changes off or sets its own window', async () => {
    await makeEvent('no-edit', { capacity: 5, behavior: { allowEditing: false } });
    await makeEvent('short-edit', { capacity: 5, behavior: { allowEditing: true, editingWindowHours: 1 } });
    const cookie = await member('cfg@example.com');
    const noEdit = await reservePlace(t.db, { eventId: 'no-edit', email: 'cfg@example.com' });
    expect((await t.post(`/api/bookings/${noEdit.booking.id}/cancel`, cookie)).statusCode).toBe(403);
    const short = await reservePlace(t.db, { eventId: 'short-edit', email: 'cfg@example.com' });
    const until = Date.parse((await t.get(`/api/bookings/${short.booking.id}`, cookie)).json().manage.changeUntil);
    const [event] = await t.db.select().from(events).where(eq(events.id, 'short-edit'));
    // Counted back from the start, not forward from the booking.
    expect(until).toBe((event?.startsAt?.getTime() ?? 0) - 3_600_000);
  });

  it("counts a slot booking's window back from the slot's own start", async () => {
    const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
    const [first] = await makeEvent('slot-window', {
      capacity: null,
      bookingForm: 'concierge',
      slots: [{ time: '10:00am-11:00am', date: day(5), capacity: 5 }],
    });
    const cookie = await member('slot.window@example.com');
    const { booking } = await reservePlace(t.db, {
      eventId: 'slot-window',
      email: 'slot.window@example.com',
      slotId: first,
    });
    const detail = (await t.get(`/api/bookings/${booking.id}`, cookie)).json();
    // 10:00 in Singapore on that day is 02:00Z; 24 hours before it.
    expect(detail.manage.changeUntil).toBe(new Date(Date.parse(`${day(4)}T02:00:00Z`)).toISOString());
  });
});

describe('events end', () => {
  const HOUR = 3_600_000;
  const endEvent = (id: string) =>
    t.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
      .where(eq(events.id, id));

  it('refuses a booking for an ended event with 409 event_ended, and its status says Ended', async () => {
    await makeEvent('ended-event', { capacity: 5 });
    await endEvent('ended-event');
    const cookie = await member('late@example.com');
    const res = await t.post('/api/rsvp/ended-event', cookie);
    expect([res.statusCode, res.json()]).toEqual([409, { error: BOOKING_MSG.ended, code: 'event_ended' }]);
    const status = (await t.get('/api/rsvp/ended-event/status', cookie)).json();
    expect(status.bookingWindow).toMatchObject({ state: 'ended', message: BOOKING_MSG.ended });
    await expect(reservePlace(t.db, { eventId: 'ended-event', email: 'late@example.com' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'event_ended',
    });
    expect(await t.db.select().from(bookings).where(eq(bookings.eventId, 'ended-event'))).toEqual([]);
  });

  it('refuses changes and cancellations once the event is over, for members and admins alike', async () => {
    const [ten, eleven] = await makeEvent('over-event', {
      capacity: null,
      bookingForm: 'concierge',
      slots: [
        { time: '10:00am-11:00am', date: '2031-12-20', capacity: 3 },
        { time: '11:00am-12:00pm', date: '2031-12-20', capacity: 3 },
      ],
    });
    const cookie = await member('over@example.com');
    const { booking } = await reservePlace(t.db, { eventId: 'over-event', email: 'over@example.com', slotId: ten });
    await endEvent('over-event');
    const detail = (await t.get(`/api/bookings/${booking.id}`, cookie)).json();
    expect(detail.manage.canChange).toBe(false);
    const cancel = await t.post(`/api/bookings/${booking.id}/cancel`, cookie);
    expect([cancel.statusCode, cancel.json().code]).toEqual([409, 'event_ended']);
    const move = await t.patch(`/api/bookings/${booking.id}`, cookie, { slotId: eleven });
    expect([move.statusCode, move.json()]).toEqual([409, { error: BOOKING_MSG.ended, code: 'event_ended' }]);
    await expect(cancelBooking(t.db, booking.id, { admin: true }, '')).rejects.toMatchObject({ code: 'event_ended' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'confirmed', slotId: ten });
  });

  it('neither offers nor books a slot that has started, nor moves a booking into one', async () => {
    const now = Date.now();
    // A slot in Singapore time that started within the last two hours, and two a week ahead.
    const clock = (h: number) => `${h % 12 || 12}:00${h < 12 ? 'am' : 'pm'}`;
    const pastAt = new Date(now - HOUR + 8 * HOUR);
    const hour = pastAt.getUTCHours();
    const past = { date: pastAt.toISOString().slice(0, 10), time: `${clock(hour)}-${clock((hour + 1) % 24)}` };
    const ahead = new Date(now + 7 * DAY).toISOString().slice(0, 10);
    const [started, later, later2] = await makeEvent('started-slot', {
      capacity: null,
      bookingForm: 'concierge',
      slots: [
        { time: past.time, date: past.date, capacity: 5 },
        { time: '10:00am-11:00am', date: ahead, capacity: 5 },
        { time: '11:00am-12:00pm', date: ahead, capacity: 5 },
      ],
    });
    const offered = (await openSlots(t.db, 'started-slot')).map((s) => s.id);
    expect(offered).toEqual([later, later2]);
    await expect(
      reservePlace(t.db, { eventId: 'started-slot', email: 'slotlate@example.com', slotId: started }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'slot_passed' });
    const cookie = await member('slotlate@example.com');
    const { booking } = await reservePlace(t.db, {
      eventId: 'started-slot',
      email: 'slotlate@example.com',
      slotId: later,
    });
    const moved = await t.patch(`/api/bookings/${booking.id}`, cookie, { slotId: started });
    expect([moved.statusCode, moved.json()]).toEqual([409, { error: BOOKING_MSG.slotPassed, code: 'slot_passed' }]);
    const detail = (await t.get(`/api/bookings/${booking.id}`, cookie)).json();
    expect(detail.slotOptions.map((s: { id: string }) => s.id)).toEqual([later, later2]);
  });
});

describe('approval, windows and restrictions from the configuration', () => {
  it('a pending booking holds its place until an admin approves or declines it', async () => {
    await makeEvent('approval', {
      capacity: 2,
      slotConfig: { allowWaitlist: true, restrictions: { requiresApproval: true } },
    });
    const one = await member('one.ap@example.com');
    const two = await member('two.ap@example.com');
    const three = await member('three.ap@example.com');
    const first = (await t.post('/api/rsvp/approval', one)).json();
    expect(first).toMatchObject({ status: 'pending', message: BOOKING_MSG.pending, remainingSlots: 1 });
    const second = (await t.post('/api/rsvp/approval', two)).json();
    expect((await t.post('/api/rsvp/approval', three)).json()).toMatchObject({ status: 'waitlisted' });
    expect((await t.get('/api/rsvp/approval/status', one)).json()).toMatchObject({
      hasRsvpd: true,
      booking: { status: 'pending' },
    });

    const list = await t.get('/api/admin/bookings?status=pending&eventId=approval', admin);
    expect(list.json().data.map((b: { email: string }) => b.email)).toEqual([
      'one.ap@example.com',
      'two.ap@example.com',
    ]);
    expect((await t.get('/api/admin/bookings', one)).statusCode).toBe(401);

    const approved = await t.post(`/api/admin/bookings/${first.bookingId}/approve`, admin);
    expect(approved.json()).toMatchObject({ status: 'confirmed', email: 'one.ap@example.com' });
    expect((await mails('approved', 'one.ap@example.com')).length).toBe(1);
    const twiceApproved = await t.post(`/api/admin/bookings/${first.bookingId}/approve`, admin);
    expect([twiceApproved.statusCode, twiceApproved.json().error]).toEqual([409, BOOKING_MSG.notPending]);

    // Declining frees the place: the waitlisted member is promoted (to pending, as approval is on).
    expect((await t.post(`/api/admin/bookings/${second.bookingId}/decline`, admin)).json().status).toBe('declined');
    expect((await mails('declined', 'two.ap@example.com')).length).toBe(1);
    expect((await t.get('/api/rsvp/approval/status', three)).json().booking.status).toBe('pending');
  });

  it('opens and closes bookings with the configured window', async () => {
    const future = new Date(Date.now() + 10 * DAY).toISOString();
    const past = new Date(Date.now() - DAY).toISOString();
    await makeEvent('not-yet', { capacity: 5, slotConfig: { bookingWindowStart: future } });
    await makeEvent('closed', { capacity: 5, slotConfig: { bookingWindowEnd: past } });
    await makeEvent('open-now', { capacity: 5, slotConfig: { bookingWindowStart: past, bookingWindowEnd: future } });
    const cookie = await member('window@example.com');
    const early = await t.post('/api/rsvp/not-yet', cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/^Bookings for this event open on /);
    expect((await t.get('/api/rsvp/not-yet/status', cookie)).json().bookingWindow).toMatchObject({ state: 'not-yet' });
    const late = await t.post('/api/rsvp/closed', cookie);
    expect(late.json().error).toMatch(/^Bookings for this event closed on /);
    expect((await t.post('/api/rsvp/open-now', cookie)).statusCode).toBe(201);
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(inArray(bookings.eventId, ['not-yet', 'closed'])),
    ).toEqual([]);
  });

  it('enforces maxGuestsPerBooking and allows several bookings when singleBookingPerEmail is off', async () => {
    await makeEvent('guests', {
      capacity: 50,
      bookingForm: 'dynamic',
      slotConfig: { restrictions: { maxGuestsPerBooking: 1 } },
    });
    await expect(
      reservePlace(t.db, { eventId: 'guests', email: 'g@example.com', guestCount: 2, maxGuests: 4 }),
    ).rejects.toThrow(RSVP_MSG.tooManyGuests(1));
    await makeEvent('multi', { capacity: 50, slotConfig: { restrictions: { singleBookingPerEmail: false } } });
    await reservePlace(t.db, { eventId: 'multi', email: 'multi@example.com' });
    await reservePlace(t.db, { eventId: 'multi', email: 'multi@example.com' });
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bookings)
      .where(and(eq(bookings.eventId, 'multi'), eq(bookings.email, 'multi@example.com')));
    expect(Number(count?.n)).toBe(2);
  });
});

describe('from the RSVP routes to a real mail server', () => {
  it('a booking, a waitlist join and a cancellation arrive by SMTP once each, with REQUEST and CANCEL invites', async () => {
    await makeEvent('smtp-flow', { capacity: 1, slotConfig: { allowWaitlist: true } });
    // Mail queued by the earlier tests is not this test's to deliver.
    await t.db.update(outboxJobs).set({ status: 'done' }).where(eq(outboxJobs.kind, MAIL_SEND));
    const peer = await startSmtpPeer();
    const mailer = createMailer({ smtpUrl: peer.url, from: 'Portal <portal@example.com>', dir: '' });
    try {
      const first = await member('first.smtp@example.com');
      const second = await member('second.smtp@example.com');
      const booked = (await t.post('/api/rsvp/smtp-flow', first)).json();
      await t.post('/api/rsvp/smtp-flow', second);
      await t.post(`/api/bookings/${booked.bookingId}/cancel`, first);
      const send = () => runOutboxOnce(t.db, { [MAIL_SEND]: mailHandler(mailer) });
      while ((await send()).done > 0);
      const got = peer.received.filter((m) => m.envelopeTo.some((to) => to.includes('.smtp@example.com')));
      const to = (who: string) => got.filter((m) => m.envelopeTo.includes(who));
      // first: confirmation (REQUEST) then cancellation (CANCEL, same UID); second: waitlisted then promoted.
      expect(to('first.smtp@example.com')).toHaveLength(2);
      expect(to('second.smtp@example.com')).toHaveLength(2);
      const invites = to('first.smtp@example.com').map((m) => m.raw.toString('utf8'));
      expect(invites[0]).toMatch(/METHOD:REQUEST/);
      expect(invites[1]).toMatch(/METHOD:CANCEL/);
      const uid = (raw: string | undefined) => /UID:([^\r\n]+)/.exec(raw ?? '')?.[1];
      expect(uid(invites[0])).toBe(uid(invites[1]));
      expect(to('second.smtp@example.com')[1]?.raw.toString('utf8')).toMatch(/METHOD:REQUEST/);
      // the partner hears of the booking, the cancellation and the promotion
      expect(peer.received.filter((m) => m.envelopeTo.includes('partner-smtp-flow@example.com')).length).toBe(3);
      expect((await send()).done).toBe(0);
    } finally {
      mailer.close();
      await peer.close();
    }
  });
});

describe('slot waitlists on a dynamic form', () => {
  it('lists a full slot when the waitlist is on, and choosing it joins the line', async () => {
    await t.db.insert(benefits).values({ id: 'dyn-wl', title: 'Dyn', slug: 'dyn-wl', description: 'd' });
    await t.db
      .insert(events)
      .values({ id: 'dynamic:dyn-wl', benefitId: 'dyn-wl', title: 'Dyn', bookingForm: 'dynamic' });
    const [slot] = await t.db
      .insert(eventSlots)
      .values({ eventId: 'dynamic:dyn-wl', slotTime: '6:00pm-7:00pm', capacity: 1, booked: 1 })
      .returning();
    await createConfig(
      t.db,
      createConfigSchema.parse({
        benefitId: 'dyn-wl',
        configName: 'dyn',
        slotConfig: { hasSlots: true, allowWaitlist: true, showRemainingCount: false },
      }),
    );
    const cookie = await member('dyn.wl@example.com');
    const logic = (await t.get('/api/rsvp/slot-logic/dyn-wl', cookie)).json();
    expect(logic).toMatchObject({ waitlist: true, showRemainingCount: false });
    expect(logic.slotData).toEqual([{ time: '6:00pm-7:00pm', date: null, remainingSlots: 0 }]);
    const placed = await reservePlace(t.db, {
      eventId: 'dynamic:dyn-wl',
      email: 'dyn.wl@example.com',
      slotId: slot?.id,
    });
    expect(placed.booking.status).toBe('waitlisted');
  });
});

describe('sheet rows of waitlisted answers', () => {
  it('are held until the booking gets a place, and dropped if it never does', async () => {
    await t.db.insert(benefits).values({ id: 'dyn-sheet', title: 'Dyn sheet', slug: 'dyn-sheet', description: 'd' });
    await createConfig(
      t.db,
      createConfigSchema.parse({
        benefitId: 'dyn-sheet',
        configName: 'dyn sheet',
        formFields: [
          { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
          { fieldName: 'timeSlot', displayName: 'Time Slot', fieldType: 'select', options: ['6:00pm-7:00pm'] },
        ],
        slotConfig: { hasSlots: true, slotField: 'timeSlot', allowWaitlist: true },
        behavior: { allowEditing: true },
        sheetMapping: { tab1Url: 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit' },
      }),
    );
    await t.db
      .insert(events)
      .values({ id: 'dynamic:dyn-sheet', benefitId: 'dyn-sheet', title: 'Dyn', bookingForm: 'dynamic' });
    await t.db.insert(eventSlots).values({ eventId: 'dynamic:dyn-sheet', slotTime: '6:00pm-7:00pm', capacity: 1 });
    const submit = async (who: string) => {
      const out = await submitDynamic(
        t.db,
        'dyn-sheet',
        { email: `${who}@sheet.example`, firstName: who, lastName: null },
        { fullName: who, timeSlot: '6:00pm-7:00pm' },
      );
      if ('errors' in out) throw new Error(JSON.stringify(out.errors));
      return out.booking;
    };
    const rowStatus = async (bookingId: string) =>
      (
        await t.db
          .select()
          .from(outboxJobs)
          .where(eq(outboxJobs.kind, SHEETS_APPEND))
          .orderBy(asc(outboxJobs.createdAt))
      ).find((j) => j.payload.bookingId === bookingId)?.status;
    const placed = await submit('placed');
    const waiting = await submit('waiting');
    const leaving = await submit('leaving');
    expect([placed.status, waiting.status, leaving.status]).toEqual(['confirmed', 'waitlisted', 'waitlisted']);
    expect([await rowStatus(placed.id), await rowStatus(waiting.id)]).toEqual(['pending', 'held']);

    await cancelBooking(t.db, leaving.id, { member: 'leaving@sheet.example' }, '');
    expect(await rowStatus(leaving.id)).toBe('dropped');
    await cancelBooking(t.db, placed.id, { member: 'placed@sheet.example' }, '');
    expect(await rowStatus(waiting.id)).toBe('pending'); // promoted: its row goes out now
  });
});
