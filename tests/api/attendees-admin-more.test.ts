import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendee, AttendeeForm, AttendeesList } from '#common/attendees.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import {
  adminAudit,
  benefits,
  bookings,
  dynamicSubmissions,
  eventSlots,
  events,
  outboxJobs,
} from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { ensureDynamicEvent, importSlots } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { SHEETS_APPEND } from '../../src/server/features/sheets/export-row.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 018: an admin's booking carries the live form's answers as a member's does; a waitlisted booking moves.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('attendees-more@example.com');
});
afterAll(() => t.close());

const DAY = 86_400_000;
const base = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/attendees`;
const post = (url: string, payload: unknown = {}) => t.post(url, admin, payload as object);
const get = (url: string) => t.get(url, admin);
const auditOf = (action: string, targetId: string) =>
  t.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, targetId)));
const rowsOf = (eventId: string) => t.db.select().from(bookings).where(eq(bookings.eventId, eventId));

const FORM_FIELDS = [
  { fieldName: 'fullName', displayName: 'Full name', fieldType: 'text', isRequired: true },
  { fieldName: 'timeSlot', displayName: 'Time slot', fieldType: 'text', isRequired: true },
  { fieldName: 'dietary', displayName: 'Dietary needs', fieldType: 'text', isRequired: true },
  { fieldName: 'guests', displayName: 'Guests', fieldType: 'number', isRequired: false },
];

/** A benefit whose live form books its own event (`dynamic:<id>`), with one slot of `capacity` places (or `slots`). */
async function makeFormEvent(
  id: string,
  capacity = 1,
  behavior: Record<string, unknown> = {},
  form: { fields?: object[]; slotConfig?: object; slots?: string[] } = {},
) {
  const [benefit] = await t.db
    .insert(benefits)
    .values({ id, title: id, slug: id, description: `${id} benefit` })
    .returning();
  const saved = await post('/api/admin/rsvp-config', {
    benefitId: id,
    configName: `${id} form`,
    formFields: (form.fields ?? FORM_FIELDS).map((f, i) => ({ ...f, ordering: i })),
    slotConfig: form.slotConfig ?? { hasSlots: true, slotField: 'timeSlot' },
    sheetMapping: { tab1Url: `https://docs.google.com/spreadsheets/d/${id}-sheet/edit`, tab1Name: 'Form Submissions' },
    behavior: { allowEditing: true, ...behavior },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  if (!benefit) throw new Error('no benefit');
  const eventId = await ensureDynamicEvent(t.db, benefit);
  await importSlots(
    t.db,
    eventId,
    (form.slots ?? ['10:00am-11:00am']).map((timeSlot) => ({
      date: null,
      timeSlot,
      bookableSlots: capacity,
      bookedSlots: 0,
      remainingSlots: capacity,
    })),
  );
  return eventId;
}

const answers = (over: Record<string, unknown> = {}) => ({
  fullName: 'Ada Admin-Booked',
  timeSlot: '10:00am-11:00am',
  dietary: 'Vegan',
  ...over,
});

describe('an admin-added booking carries the form answers', () => {
  it('shows the live form, books with its answers as a member would, stores and audits them', async () => {
    const eventId = await makeFormEvent('more-form', 2);
    const form = (await get(`${base(eventId)}/form`)).json() as AttendeeForm;
    expect(form.form?.formFields.map((f) => f.fieldName)).toEqual(['fullName', 'timeSlot', 'dietary', 'guests']);
    expect(form.slots?.slotData).toEqual([{ time: '10:00am-11:00am', date: null, remainingSlots: 2 }]);

    await upsertMember(t.db, { email: 'ada.more@example.com', firstName: 'Ada', lastName: 'More' });
    const added = await post(base(eventId), { email: 'ada.more@example.com', formData: answers() });
    expect(added.statusCode, added.body).toBe(201);
    const booking = added.json() as Attendee;
    expect(booking).toMatchObject({ status: 'confirmed', fullName: 'Ada Admin-Booked' });
    expect(booking.answers).toMatchObject({ dietary: 'Vegan', timeSlot: '10:00am-11:00am' });
    expect(booking.slot).not.toBeNull();

    const [submission] = await t.db
      .select()
      .from(dynamicSubmissions)
      .where(eq(dynamicSubmissions.bookingId, booking.id));
    expect(submission).toMatchObject({ benefitId: 'more-form', userEmail: 'ada.more@example.com' });
    expect(submission?.submissionData).toMatchObject({ dietary: 'Vegan' });
    const [audit] = await auditOf('booking.add', booking.id);
    expect(audit?.details).toMatchObject({ answered: ['fullName', 'timeSlot', 'dietary'], status: 'confirmed' });
    expect(await queuedMails(t.db, { purpose: 'confirmation', to: 'ada.more@example.com' })).toHaveLength(1);
    // The partner's Tab 1 gets the row a member's answers make.
    const jobs = await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, SHEETS_APPEND));
    const row = jobs.find((j) => j.payload.bookingId === booking.id);
    expect(row?.payload).toMatchObject({
      spreadsheetId: 'more-form-sheet',
      tab: 'Form Submissions',
      cells: expect.arrayContaining([expect.objectContaining({ field: 'dietary', value: 'Vegan' })]),
    });

    const list = (await get(base(eventId))).json() as AttendeesList;
    expect(list.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['dietary']));
    const csv = await get(`${base(eventId)}.csv`);
    expect(csv.body).toContain('Vegan');

    // No form on an event: answers are refused, not silently dropped.
    await t.db.insert(events).values({ id: 'more-plain', title: 'Plain', bookingForm: 'none' });
    const stray = await post(base('more-plain'), { email: 'ada.more@example.com', formData: answers() });
    expect([stray.statusCode, stray.json().code]).toEqual([400, ERROR_CODE.badRequest]);
    expect((await get(`${base('more-plain')}/form`)).json()).toEqual({ form: null, slots: null });
  });

  it('refuses hostile or missing answers and a full slot with 4xx, writing nothing', async () => {
    const eventId = await makeFormEvent('more-hostile', 1);
    await upsertMember(t.db, { email: 'mal.more@example.com', firstName: 'Mal', lastName: 'Ice' });
    const refusals = [
      [{ dietary: '' }, 400, ERROR_CODE.invalidForm],
      [{ fullName: undefined }, 400, ERROR_CODE.invalidForm],
      [{ guests: 'lots' }, 400, ERROR_CODE.invalidForm],
      [{ timeSlot: '99:00pm-100:00pm' }, 400, ERROR_CODE.slotRequired],
    ] as const;
    for (const [over, status, code] of refusals) {
      const res = await post(base(eventId), { email: 'mal.more@example.com', formData: answers(over) });
      expect([JSON.stringify(over), res.statusCode, res.json().code]).toEqual([JSON.stringify(over), status, code]);
    }
    const missing = await post(base(eventId), { email: 'mal.more@example.com' });
    expect(missing.json()).toMatchObject({ code: ERROR_CODE.invalidForm, fields: { dietary: expect.any(String) } });
    for (const formData of ['a string', [1, 2], { deep: { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } } }]) {
      const res = await post(base(eventId), { email: 'mal.more@example.com', formData });
      expect([res.statusCode, res.json().code]).toEqual([400, ERROR_CODE.badRequest]);
    }
    expect(await rowsOf(eventId)).toHaveLength(0);

    await upsertMember(t.db, { email: 'first.more@example.com' });
    expect((await post(base(eventId), { email: 'first.more@example.com', formData: answers() })).statusCode).toBe(201);
    const full = await post(base(eventId), { email: 'mal.more@example.com', formData: answers() });
    expect([full.statusCode, full.json().code]).toEqual([409, ERROR_CODE.slotFull]);
    expect(await rowsOf(eventId)).toHaveLength(1);
    expect(
      await t.db.select().from(dynamicSubmissions).where(eq(dynamicSubmissions.benefitId, 'more-hostile')),
    ).toHaveLength(1);
  });

  it("asks for the form's terms as the member's form does", async () => {
    const terms = { requireTermsAcceptance: true, termsText: 'No photos.' };
    const eventId = await makeFormEvent('more-terms', 2, terms);
    await upsertMember(t.db, { email: 'terms.more@example.com' });
    const unticked = await post(base(eventId), { email: 'terms.more@example.com', formData: answers() });
    expect(unticked.json()).toMatchObject({
      code: ERROR_CODE.invalidForm,
      fields: { acceptTerms: expect.any(String) },
    });
    expect(await rowsOf(eventId)).toHaveLength(0);
    const ticked = await post(base(eventId), {
      email: 'terms.more@example.com',
      formData: answers(),
      acceptTerms: true,
    });
    expect(ticked.statusCode, ticked.body).toBe(201);
    expect((ticked.json() as Attendee).answers).toMatchObject({ termsAccepted: 'Yes' });
  });
});

/** An event (its own benefit) with slots and a waitlist, starting in 30 days. */
async function makeWaitlistEvent(id: string, slots: number[]) {
  await t.db.insert(benefits).values({ id, title: id, slug: id, description: id });
  const startsAt = new Date(Date.now() + 30 * DAY);
  await t.db.insert(events).values({
    id,
    benefitId: id,
    title: `Event ${id}`,
    bookingForm: 'dynamic',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 8 * 3_600_000),
  });
  const res = await post('/api/admin/rsvp-config', {
    benefitId: id,
    configName: `${id} form`,
    formFields: [],
    slotConfig: { allowWaitlist: true },
    behavior: { allowEditing: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const day = startsAt.toISOString().slice(0, 10);
  const ids: string[] = [];
  for (const [i, capacity] of slots.entries()) {
    const [row] = await t.db
      .insert(eventSlots)
      .values({ eventId: id, slotDate: day, slotTime: `${i + 1}:00pm-${i + 2}:00pm`, capacity, sortKey: i })
      .returning();
    if (row) ids.push(row.id);
  }
  return ids;
}

async function book(eventId: string, email: string, slotId: string) {
  await upsertMember(t.db, { email, firstName: email.split('@')[0], lastName: 'Member' });
  return (await reservePlace(t.db, { eventId, email, slotId })).booking;
}
const slotRow = async (id: string) => (await t.db.select().from(eventSlots).where(eq(eventSlots.id, id)))[0];

describe('moving a waitlisted booking', () => {
  it('keeps it waiting in a full slot by its arrival, or gives it a place at once where there is room', async () => {
    const [a = '', b = '', c = ''] = await makeWaitlistEvent('more-move', [1, 1, 1]);
    await book('more-move', 'a-holder@example.com', a);
    const early = await book('more-move', 'early@example.com', a);
    await book('more-move', 'b-holder@example.com', b);
    const late = await book('more-move', 'late@example.com', b);
    expect([early.status, late.status]).toEqual(['waitlisted', 'waitlisted']);

    const toFull = await post(`${base('more-move')}/${early.id}/move`, { slotId: b });
    expect(toFull.statusCode, toFull.body).toBe(200);
    // It asked before `late` did: it stands ahead of them in slot B's line.
    expect(toFull.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, slot: { id: b } });
    const list = (await get(base('more-move'))).json() as AttendeesList;
    expect(list.attendees.find((x) => x.id === late.id)?.waitlistPosition).toBe(2);
    expect(await queuedMails(t.db, { purpose: 'waitlisted', to: 'early@example.com' })).toHaveLength(2);
    expect((await slotRow(b))?.booked).toBe(1);

    const same = await post(`${base('more-move')}/${early.id}/move`, { slotId: b });
    expect([same.statusCode, same.json().code]).toEqual([400, ERROR_CODE.badRequest]);

    const toRoom = await post(`${base('more-move')}/${early.id}/move`, { slotId: c });
    expect(toRoom.statusCode, toRoom.body).toBe(200);
    expect(toRoom.json()).toMatchObject({ status: 'confirmed', waitlistPosition: null, slot: { id: c } });
    expect((await slotRow(c))?.booked).toBe(1);
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'early@example.com' })).toHaveLength(1);
    expect(await auditOf('booking.move', early.id)).toHaveLength(2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, early.id));
    expect(row?.promotedAt).not.toBeNull();

    // The event itself full: the slot has room, but the booking keeps waiting (never oversold).
    await t.db.update(events).set({ capacity: 3 }).where(eq(events.id, 'more-move'));
    const [d = ''] = await addSlot('more-move', 5);
    const eventFull = await post(`${base('more-move')}/${late.id}/move`, { slotId: d });
    expect(eventFull.json()).toMatchObject({ status: 'waitlisted', slot: { id: d } });
    expect((await slotRow(d))?.booked).toBe(0);
  });

  it('lets exactly one of an admin move and member bookings take the last place in a slot', async () => {
    const [a = '', last = ''] = await makeWaitlistEvent('more-race', [1, 1]);
    await book('more-race', 'race-holder@example.com', a);
    const waiting = await book('more-race', 'race-waiting@example.com', a);
    const racers = ['r1', 'r2', 'r3', 'r4'].map((r) => `${r}.race@example.com`);
    for (const email of racers) await upsertMember(t.db, { email });
    const [moved] = await Promise.all([
      post(`${base('more-race')}/${waiting.id}/move`, { slotId: last }),
      ...racers.map((email) => reservePlace(t.db, { eventId: 'more-race', email, slotId: last })),
    ]);
    expect(moved?.statusCode, moved?.body).toBe(200);
    const inLast = (await rowsOf('more-race')).filter((r) => r.slotId === last);
    expect(inLast.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(inLast.filter((r) => r.status === 'waitlisted')).toHaveLength(4);
    expect((await slotRow(last))?.booked).toBe(1);
  });
});

async function addSlot(eventId: string, capacity: number) {
  const [row] = await t.db
    .insert(eventSlots)
    .values({ eventId, slotTime: '9:00pm-10:00pm', capacity, sortKey: 9 })
    .returning();
  return row ? [row.id] : [];
}

describe('a waitlisted form booking moved by an admin', () => {
  it('takes its new slot into its answers and its held sheet row, whatever the form calls the slot field', async () => {
    const id = 'more-session';
    const [a = '', b = '', c = ''] = ['10:00am-11:00am', '11:00am-12:00pm', '12:00pm-1:00pm'];
    const eventId = await makeFormEvent(
      id,
      1,
      {},
      {
        fields: [
          { fieldName: 'fullName', displayName: 'Full name', fieldType: 'text', isRequired: true },
          { fieldName: 'session', displayName: 'Session', fieldType: 'text', isRequired: true },
        ],
        slotConfig: { hasSlots: true, slotField: 'session', allowWaitlist: true },
        slots: [a, b, c],
      },
    );
    const submit = async (email: string, session = '') => {
      const cookie = await t.signIn(email);
      const res = await t.post(`/api/rsvp/dynamic/${id}`, cookie, {
        formData: { fullName: email.split('@')[0], session },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { bookingId: string; status: string };
    };
    await submit('a-session@example.com', a);
    await submit('b-session@example.com', b);
    const waiting = await submit('waiting-session@example.com', a);
    expect(waiting.status).toBe('waitlisted');
    const sheetRow = async () => {
      const jobs = await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, SHEETS_APPEND));
      const job = jobs.find((j) => j.payload.bookingId === waiting.bookingId);
      const cells = (job?.payload.cells ?? []) as { field: string; value: string }[];
      return { status: job?.status, session: cells.find((cell) => cell.field === 'session')?.value };
    };
    expect(await sheetRow()).toEqual({ status: 'held', session: a });

    // Slot B is full too: it keeps waiting, and the row it will send names B.
    const toFull = await post(`${base(eventId)}/${waiting.bookingId}/move`, { slotId: await slotIdAt(eventId, b) });
    expect(toFull.statusCode, toFull.body).toBe(200);
    expect(toFull.json()).toMatchObject({ status: 'waitlisted', answers: { session: b } });
    expect(await sheetRow()).toEqual({ status: 'held', session: b });

    // Slot C has room: the place is given and the row goes out with C.
    const toRoom = await post(`${base(eventId)}/${waiting.bookingId}/move`, { slotId: await slotIdAt(eventId, c) });
    expect(toRoom.statusCode, toRoom.body).toBe(200);
    expect(toRoom.json()).toMatchObject({ status: 'confirmed', answers: { session: c } });
    expect(await sheetRow()).toEqual({ status: 'pending', session: c });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, waiting.bookingId));
    expect(row?.data).toMatchObject({ session: c });
  });
});

const slotIdAt = async (eventId: string, slotTime = '') => {
  const [slot] = await t.db
    .select()
    .from(eventSlots)
    .where(and(eq(eventSlots.eventId, eventId), eq(eventSlots.slotTime, slotTime)));
  return slot?.id ?? '';
};
