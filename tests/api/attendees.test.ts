import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MSG, type Attendee, type AttendeesList, type BulkResult } from '#common/attendees.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { adminAudit, bookings, eventSlots, events } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// An event's attendees for admins, every action through the one engine, exports, audit.
let t: TestApp;
let admin: string;
let staff: string;
const ADMIN_EMAIL = 'attendees-admin@example.com';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin(ADMIN_EMAIL);
  staff = await t.signInStaff();
});
afterAll(() => t.close());

const base = (eventId: string) => `/api/admin/events/${eventId}/attendees`;
const get = (url: string, cookie = admin) => t.get(url, cookie);
const post = (url: string, payload: object = {}, cookie = admin) => t.post(url, cookie, payload);
const list = async (eventId: string, query = '') => {
  const res = await get(`${base(eventId)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttendeesList;
};

type Setup = {
  capacity?: number | null;
  slots?: { time: string; capacity: number }[];
  slotConfig?: Record<string, unknown>;
  formFields?: { fieldName: string; displayName: string; fieldType: string }[];
  timeZone?: string;
  bookingForm?: string;
};

/** A benefit with one event of its own (slots on its day, an optional live form), starting in 30 days. */
async function makeEvent(id: string, s: Setup = {}) {
  const startsAt = new Date(Date.now() + 30 * DAY);
  const day = startsAt.toISOString().slice(0, 10);
  const { slotIds } = await createTestEvent(t.db, id, {
    capacity: s.capacity ?? null,
    bookingForm: s.bookingForm ?? 'dynamic',
    withPartner: true,
    timeZone: s.timeZone ?? 'Asia/Singapore',
    startsAt,
    hours: 8,
    slots: (s.slots ?? []).map((slot) => ({ date: day, time: slot.time, capacity: slot.capacity })),
  });
  if (s.slotConfig || s.formFields) {
    const res = await post('/api/admin/rsvp-config', {
      benefitId: id,
      configName: `${id} form`,
      formFields: (s.formFields ?? []).map((f, i) => ({ ...f, ordering: i })),
      slotConfig: s.slotConfig ?? {},
      behavior: { allowEditing: true },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return slotIds;
}

async function book(eventId: string, email: string, over: Partial<Parameters<typeof reservePlace>[1]> = {}) {
  await upsertMember(t.db, { email, firstName: email.split('@')[0], lastName: 'Member' });
  const placed = await reservePlace(t.db, { eventId, email, fullName: `${email.split('@')[0]} Member`, ...over });
  return placed.booking;
}

const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, targetId)));

const statusOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('the attendee list', () => {
  it('lists every booking with answers, searches by name, e-mail and pass code, filters and sorts', async () => {
    const [early, late] = await makeEvent('att-list', {
      slots: [
        { time: '10:00am-11:00am', capacity: 5 },
        { time: '2:00pm-3:00pm', capacity: 5 },
      ],
      formFields: [
        { fieldName: 'dietary', displayName: 'Dietary needs', fieldType: 'text' },
        { fieldName: 'company', displayName: 'Company', fieldType: 'text' },
      ],
    });
    const ada = await book('att-list', 'ada@example.com', { slotId: early, data: { dietary: 'Vegan', company: 'X' } });
    const bo = await book('att-list', 'bo@example.com', { slotId: late, data: { dietary: 'None' } });
    await book('att-list', 'cy@example.com', { slotId: late });
    const checkIn = await post('/api/admin/check-in', { code: bo.passCode });
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    const all = await list('att-list');
    expect(all.total).toBe(3);
    expect(all.event).toMatchObject({ id: 'att-list', placesTaken: 3, checkedIn: 1, timeZone: 'Asia/Singapore' });
    expect(all.fields).toEqual([
      { key: 'dietary', label: 'Dietary needs' },
      { key: 'company', label: 'Company' },
    ]);
    expect(all.slots.map((s) => s.label)).toEqual([
      expect.stringMatching(/, 10:00–11:00 AM SGT$/),
      expect.stringMatching(/, 2:00–3:00 PM SGT$/),
    ]);
    const first = all.attendees.find((a) => a.id === ada.id) as Attendee;
    expect(first).toMatchObject({
      email: 'ada@example.com',
      status: 'confirmed',
      answers: { dietary: 'Vegan', company: 'X' },
      slotLabel: all.slots[0]?.label,
      checkedInAt: null,
    });
    expect(first.bookedAtText).toMatch(/ SGT$/);
    expect(all.attendees.find((a) => a.id === bo.id)?.checkedInAtText).toMatch(/ SGT$/);

    const ids = async (q: string) => (await list('att-list', q)).attendees.map((a) => a.email);
    expect(await ids('?q=ADA')).toEqual(['ada@example.com']);
    expect(await ids('?q=bo%20member')).toEqual(['bo@example.com']);
    expect(await ids(`?q=${bo.passCode?.slice(0, 8).toLowerCase()}`)).toEqual(['bo@example.com']);
    expect(await ids('?q=%25')).toEqual([]); // a LIKE wildcard is text, not "everything"
    expect(await ids(`?slotId=${late}&sort=email&dir=desc`)).toEqual(['cy@example.com', 'bo@example.com']);
    expect(await ids('?checkedIn=yes')).toEqual(['bo@example.com']);
    expect(await ids('?checkedIn=no&sort=name')).toEqual(['ada@example.com', 'cy@example.com']);
    expect(await ids('?status=cancelled')).toEqual([]);
    expect((await list('att-list', '?q=ada')).matching).toBe(1);
  });

  it('is for admins only: door staff get 403, members and strangers 401', async () => {
    await makeEvent('att-guard');
    const member = await t.signIn('nosy-attendee@example.com');
    const urls = [
      ['GET', base('att-guard')],
      ['GET', `${base('att-guard')}.csv`],
      ['GET', `${base('att-guard')}.xlsx`],
      ['POST', base('att-guard')],
      ['POST', `${base('att-guard')}/bulk`],
      ['POST', `${base('att-guard')}/00000000-0000-4000-8000-000000000000/move`],
      ['POST', `${base('att-guard')}/00000000-0000-4000-8000-000000000000/resend`],
    ] as const;
    for (const [method, url] of urls) {
      const as = (cookie?: string) => t.send(method, url, cookie, {});
      expect([url, (await as(staff)).statusCode]).toEqual([url, 403]);
      expect((await as(staff)).json()).toMatchObject({ code: ERROR_CODE.forbidden });
      expect([url, (await as(member)).statusCode]).toEqual([url, 401]);
      expect([url, (await as()).statusCode]).toEqual([url, 401]);
    }
    expect((await get(base('no-such-event'))).statusCode).toBe(404);
  });
});

describe('admin actions through the engine', () => {
  it('adds a booking for a listed member, with the engine refusals, and records it', async () => {
    const [slot] = await makeEvent('att-add', { capacity: 2, slots: [{ time: '10:00am-11:00am', capacity: 2 }] });
    await upsertMember(t.db, { email: 'dee@example.com', firstName: 'Dee', lastName: 'Listed' });
    const added = await post(base('att-add'), { email: ' DEE@example.com ', slotId: slot });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ email: 'dee@example.com', fullName: 'Dee Listed', status: 'confirmed' });
    const id = (added.json() as Attendee).id;
    expect(await auditOf('booking.add', id)).toEqual([
      expect.objectContaining({ adminEmail: ADMIN_EMAIL, targetType: 'booking' }),
    ]);
    expect(await queuedMails(t.db, { purpose: 'confirmation', to: 'dee@example.com' })).toHaveLength(1);

    const refusals = [
      [{ email: 'stranger@example.com', slotId: slot }, 422, ERROR_CODE.notMember],
      [{ email: 'dee@example.com', slotId: slot }, 409, ERROR_CODE.alreadyBooked],
      [{ email: 'dee@example.com' }, 400, ERROR_CODE.slotRequired],
      [{ email: 'not-an-email', slotId: slot }, 400, ERROR_CODE.badRequest],
    ] as const;
    for (const [body, status, code] of refusals) {
      const res = await post(base('att-add'), body);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
    }
    await upsertMember(t.db, { email: 'eve@example.com' });
    const big = await post(base('att-add'), { email: 'eve@example.com', slotId: slot, guestCount: 2 });
    expect([big.statusCode, big.json().code]).toEqual([409, ERROR_CODE.soldOut]);
    expect(await t.db.select().from(bookings).where(eq(bookings.eventId, 'att-add'))).toHaveLength(1);
  });

  it('moves a booking to another slot; a full slot is refused with the engine code', async () => {
    const [a, b, full] = await makeEvent('att-move', {
      slots: [
        { time: '10:00am-11:00am', capacity: 3 },
        { time: '11:00am-12:00pm', capacity: 3 },
        { time: '12:00pm-1:00pm', capacity: 1 },
      ],
    });
    const mover = await book('att-move', 'mover@example.com', { slotId: a });
    await book('att-move', 'filler@example.com', { slotId: full });

    const moved = await post(`${base('att-move')}/${mover.id}/move`, { slotId: b });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as Attendee).slot?.id).toBe(b);
    const slots = await t.db.select().from(eventSlots).where(eq(eventSlots.eventId, 'att-move'));
    expect(Object.fromEntries(slots.map((s) => [s.id, s.booked]))).toEqual({
      [a as string]: 0,
      [b as string]: 1,
      [full as string]: 1,
    });
    expect(await queuedMails(t.db, { purpose: 'changed', to: 'mover@example.com' })).toHaveLength(1);
    expect(await auditOf('booking.move', mover.id)).toEqual([
      expect.objectContaining({ details: { eventId: 'att-move', slotId: b } }),
    ]);

    const refused = await post(`${base('att-move')}/${mover.id}/move`, { slotId: full });
    expect([refused.statusCode, refused.json().code]).toEqual([409, ERROR_CODE.slotFull]);
    expect((await statusOf(mover.id))?.slotId).toBe(b);
    expect(await auditOf('booking.move', mover.id)).toHaveLength(1); // a refusal changes and records nothing

    const elsewhere = await post(`${base('att-list')}/${mover.id}/move`, { slotId: a });
    expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([404, ATTENDEE_MSG.notOfEvent]);
  });

  it('cancels (the place goes to the waitlist), promotes, approves and declines', async () => {
    await makeEvent('att-wl', { capacity: 1, slotConfig: { allowWaitlist: true } });
    const holder = await book('att-wl', 'holder@example.com');
    const first = await book('att-wl', 'first@example.com');
    const second = await book('att-wl', 'second@example.com');
    expect([first.status, second.status]).toEqual(['waitlisted', 'waitlisted']);

    const promoteFull = await post(`${base('att-wl')}/${second.id}/promote`);
    expect([promoteFull.statusCode, promoteFull.json().code]).toEqual([409, ERROR_CODE.soldOut]);
    const notWaiting = await post(`${base('att-wl')}/${holder.id}/promote`);
    expect([notWaiting.statusCode, notWaiting.json().code]).toEqual([409, ERROR_CODE.notWaitlisted]);

    const cancelled = await post(`${base('att-wl')}/${holder.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await statusOf(first.id))?.status).toBe('confirmed'); // the engine promoted the first in line
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'first@example.com' })).toHaveLength(1);

    // The organiser makes room: the admin lets the second in without waiting for a cancellation.
    await t.db.update(events).set({ capacity: 2 }).where(eq(events.id, 'att-wl'));
    const promoted = await post(`${base('att-wl')}/${second.id}/promote`);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ status: 'confirmed', waitlistPosition: null });
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'second@example.com' })).toHaveLength(1);
    expect(await auditOf('booking.promote', second.id)).toHaveLength(1);
    expect(await auditOf('booking.cancel', holder.id)).toHaveLength(1);

    await makeEvent('att-approve', { slotConfig: { restrictions: { requiresApproval: true } } });
    const yes = await book('att-approve', 'yes@example.com');
    const no = await book('att-approve', 'no@example.com');
    expect((await post(`${base('att-approve')}/${yes.id}/approve`)).json()).toMatchObject({ status: 'confirmed' });
    expect((await post(`${base('att-approve')}/${no.id}/decline`)).json()).toMatchObject({ status: 'declined' });
    const again = await post(`${base('att-approve')}/${yes.id}/approve`);
    expect([again.statusCode, again.json().code]).toEqual([409, ERROR_CODE.notPending]);
    expect(await auditOf('booking.approve', yes.id)).toHaveLength(1);
    expect(await auditOf('booking.decline', no.id)).toHaveLength(1);
  });

  it('resends the confirmation to the member only, through the outbox', async () => {
    await makeEvent('att-resend');
    const booked = await book('att-resend', 'again@example.com');
    const before = await queuedMails(t.db, { to: 'partner-att-resend@example.com' });
    const res = await post(`${base('att-resend')}/${booked.id}/resend`);
    expect(res.statusCode, res.body).toBe(200);
    const sent = await queuedMails(t.db, { purpose: 'confirmation', to: 'again@example.com' });
    expect(sent).toHaveLength(2);
    expect(sent[1]?.subject).toBe(sent[0]?.subject);
    expect(sent[1]?.calendar?.method).toBe('REQUEST');
    expect(await queuedMails(t.db, { to: 'partner-att-resend@example.com' })).toHaveLength(before.length);
    expect(await auditOf('booking.resend', booked.id)).toHaveLength(1);

    await post(`${base('att-resend')}/${booked.id}/cancel`);
    const gone = await post(`${base('att-resend')}/${booked.id}/resend`);
    expect([gone.statusCode, gone.json().code]).toEqual([409, ERROR_CODE.notChangeable]);
  });

  it('runs a bulk action item by item, reporting each done or refused with the reason', async () => {
    const [room, tiny] = await makeEvent('att-bulk', {
      slots: [
        { time: '10:00am-11:00am', capacity: 5 },
        { time: '11:00am-12:00pm', capacity: 1 },
      ],
    });
    const one = await book('att-bulk', 'one@example.com', { slotId: room });
    const two = await book('att-bulk', 'two@example.com', { slotId: room });
    const moved = await post(`${base('att-bulk')}/bulk`, {
      action: 'move',
      bookingIds: [one.id, two.id],
      slotId: tiny,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as BulkResult).results).toEqual([
      { bookingId: one.id, ok: true },
      { bookingId: two.id, ok: false, error: expect.any(String), code: ERROR_CODE.slotFull },
    ]);

    const stranger = (await book('att-move', 'stranger-bulk@example.com', { slotId: undefined })).id;
    const cancelled = await post(`${base('att-bulk')}/bulk`, {
      action: 'cancel',
      bookingIds: [one.id, two.id, stranger],
    });
    expect((cancelled.json() as BulkResult).results.map((r) => [r.ok, r.code])).toEqual([
      [true, undefined],
      [true, undefined],
      [false, ERROR_CODE.notFound],
    ]);
    const twice = await post(`${base('att-bulk')}/bulk`, { action: 'cancel', bookingIds: [one.id] });
    expect((twice.json() as BulkResult).results[0]).toMatchObject({ ok: false, code: ERROR_CODE.notChangeable });
    expect(await auditOf('booking.cancel', two.id)).toHaveLength(1);
    const noSlot = await post(`${base('att-bulk')}/bulk`, { action: 'move', bookingIds: [one.id] });
    expect(noSlot.statusCode).toBe(400);
  });

  it('lets exactly one of an admin add and member bookings take the last place', async () => {
    await makeEvent('att-race', { capacity: 5, bookingForm: 'none' });
    for (let i = 0; i < 4; i++) await book('att-race', `held${i}@example.com`);
    await upsertMember(t.db, { email: 'admin-pick@example.com' });
    const members = await Promise.all([0, 1, 2, 3, 4].map((i) => t.signIn(`racer${i}@example.com`)));
    const answers = await Promise.all([
      post(base('att-race'), { email: 'admin-pick@example.com' }),
      ...members.map((cookie) => post('/api/rsvp/att-race', {}, cookie)),
    ]);
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    const held = await t.db.select().from(bookings).where(eq(bookings.eventId, 'att-race'));
    expect(held.filter((b) => b.status === 'confirmed')).toHaveLength(5);
  });
});

describe('exports', () => {
  const TRICKY = '=HYPERLINK("https://evil.example","click")';
  async function setupExport() {
    const [slot] = await makeEvent('att-export', {
      timeZone: 'Asia/Tokyo',
      slots: [{ time: '7:00pm-9:00pm', capacity: 10 }],
      formFields: [
        { fieldName: 'note', displayName: 'Anything else?', fieldType: 'text' },
        { fieldName: 'seats', displayName: 'Seats', fieldType: 'number' },
      ],
    });
    await book('att-export', 'quote@example.com', {
      slotId: slot,
      data: { note: 'Jo’s café, “quoted”', seats: '007' },
    });
    await book('att-export', 'evil@example.com', { slotId: slot, data: { note: TRICKY, seats: '+1' } });
    const gone = await book('att-export', 'gone@example.com', { slotId: slot });
    await post(`${base('att-export')}/${gone.id}/cancel`);
  }

  it('writes the filtered list as CSV: BOM, one column per field, answers as typed, formulas defused', async () => {
    await setupExport();
    const res = await get(`${base('att-export')}.csv?status=confirmed&sort=email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendees-Event-att-export.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Name',
      'Email',
      'Phone',
      'Status',
      'Slot',
      'Guests',
      'Places',
      'Waitlist position',
      'Pass code',
      'Booked at',
      'Checked in at',
      'Anything else?',
      'Seats',
    ]);
    expect(rows.map((r) => r[1])).toEqual(['evil@example.com', 'quote@example.com']);
    expect(rows[0]?.[11]).toBe(`'${TRICKY}`);
    expect(rows[0]?.[12]).toBe("'+1");
    expect(rows[1]?.[11]).toBe('Jo’s café, “quoted”');
    expect(rows[1]?.[12]).toBe('007');
    expect(rows[1]?.[4]).toMatch(/, 7:00–9:00 PM JST$/);
    expect(rows[1]?.[9]).toMatch(/ JST$/);
    const [audit] = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'attendees.export'));
    expect(audit).toMatchObject({
      adminEmail: ADMIN_EMAIL,
      targetType: 'event',
      targetId: 'att-export',
      details: { format: 'csv', rows: 2, filters: expect.objectContaining({ status: 'confirmed' }) },
    });
  });

  it('writes the same list as XLSX that a spreadsheet reads back cell by cell', async () => {
    const res = await get(`${base('att-export')}.xlsx?sort=email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Event att-export');
    expect(sheet.rowCount).toBe(4);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(expect.arrayContaining(['Name', 'Email', 'Booked at', 'Anything else?', 'Seats']));
    expect(row(2).slice(0, 4)).toEqual(['evil Member', 'evil@example.com', undefined, 'confirmed']);
    expect(row(3)[3]).toBe('cancelled');
    const evil = sheet.getRow(2);
    // Stored as text in a Text-formatted cell, exactly as typed: a spreadsheet shows it and never runs it.
    expect(evil.getCell(12).type).toBe(ExcelJS.ValueType.String);
    expect(evil.getCell(12).value).toBe(TRICKY);
    expect(evil.getCell(12).numFmt).toBe('@');
    expect(evil.getCell(13).value).toBe('+1');
    expect(sheet.getRow(4).getCell(12).value).toBe('Jo’s café, “quoted”');
    expect(sheet.getRow(4).getCell(13).value).toBe('007');
    expect(evil.getCell(6).value).toBe(0); // guests: a number
    expect(String(evil.getCell(10).value)).toMatch(/ JST$/);
    const audits = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'attendees.export'));
    expect(audits.map((a) => a.details?.format).sort()).toEqual(['csv', 'xlsx']);
  });
});
