import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { TransferSettings } from '#common/transfers.ts';
import {
  adminAudit,
  authorizedEmails,
  benefits,
  bookings,
  placeTransfers,
  webhookEvents,
} from '../../src/server/db/schema.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { SHEETS_APPEND, sheetsAppendHandler } from '../../src/server/features/sheets/export-row.ts';
import { expireOffers } from '../../src/server/features/transfers/index.ts';
import { CONCIERGE_FIRST_SLOT, conciergeBody, conciergeSlot } from '../support/bookings.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const SHEET = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const TAB1 = 'Form Submissions';
const runSheets = () => runOutboxOnce(t.db, { [SHEETS_APPEND]: sheetsAppendHandler(t.sheets.gateway) });
const tab1 = () =>
  t.sheets
    .readTab('demo-yacht-brunch', TAB1)
    .trim()
    .split('\n')
    .map((line) => line.split(','));

// Handing a place on (decision 057): offer, view, accept in one transaction, cancel, the organiser's rules.
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signInStaff();
});
afterAll(() => t.close());

async function makeEvent(id: string, settings?: Partial<TransferSettings>, startsAt = new Date(Date.now() + 30 * DAY)) {
  await createTestEvent(t.db, id, { capacity: 2, withPartner: true, startsAt });
  if (settings) await t.db.update(benefits).set({ transferSettings: settings }).where(eq(benefits.id, id));
}

async function book(eventId: string, email: string) {
  const cookie = await t.signIn(email, email.split('@')[0], 'Sender');
  const res = await t.post(`/api/rsvp/${eventId}`, cookie);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.email, email), eq(bookings.eventId, eventId)));
  if (!row) throw new Error('no booking');
  return { cookie, booking: row };
}

const offer = (cookie: string, bookingId: string, email: string) =>
  t.post(`/api/me/bookings/${bookingId}/transfer`, cookie, { email });

/** The link's token from the recipient's latest offer mail. */
async function tokenFor(email: string) {
  const mails = await queuedMails(t.db, { purpose: 'transfer-offer', to: email });
  const text = mails.at(-1)?.text ?? '';
  return { text, token: /\/transfer\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '' };
}

const accept = (token: string, answers = {}) =>
  t.post(`/api/transfers/${token}/accept`, undefined, { firstName: 'Rita', lastName: 'Recipient', answers });

const held = async (eventId: string) =>
  t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ['confirmed', 'pending'])));

describe('handing a place on', () => {
  it('moves the place in one step: same capacity, old pass refused at the door, new one admitted', async () => {
    await makeEvent('tr-main');
    const { cookie, booking } = await book('tr-main', 'sam.tr@example.com');
    await t.signIn('rita.tr@example.com'); // on the allow-list
    const sent = await offer(cookie, booking.id, 'Rita.TR@example.com');
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ bookingId: booking.id, email: 'rita.tr@example.com', status: 'offered' });

    // The sender sees it open; the place is still theirs.
    const mine = await t.get('/api/me/transfers', cookie);
    expect(mine.json().offers).toHaveLength(1);
    expect((await held('tr-main')).map((b) => b.email)).toEqual(['sam.tr@example.com']);

    const { token, text } = await tokenFor('rita.tr@example.com');
    expect(text).toContain('offers you their place at Event tr-main');
    const view = await t.get(`/api/transfers/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ status: 'offered', eventTitle: 'Event tr-main', from: 'sam.tr Sender' });
    // The when as data beside its words, for the recipient's language (decision 071).
    expect(view.json().schedule).toMatchObject({ schedule: expect.any(String), timeZone: expect.any(String) });

    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    // Accepting signed the recipient in: their bookings show the place with its own pass.
    const session = res.cookies.find((c) => c.name.includes('session'));
    expect(session).toBeDefined();
    const theirs = await t.get('/api/me/bookings', `${session?.name}=${session?.value}`);
    const place = theirs.json().data.find((b: { eventId: string }) => b.eventId === 'tr-main');
    expect(place).toMatchObject({ status: 'confirmed' });
    expect(place.passCode).toBeTruthy();
    expect(place.passCode).not.toBe(booking.passCode);

    const now = await held('tr-main');
    expect(now.map((b) => [b.email, b.places])).toEqual([['rita.tr@example.com', 1]]);
    const [old] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(old).toMatchObject({ status: 'transferred', calendarSequence: booking.calendarSequence + 1 });

    const door = await t.post('/api/admin/check-in', staff, { code: booking.passCode });
    expect(door.statusCode).toBe(409);
    expect(door.json()).toMatchObject({ code: ERROR_CODE.notAdmitted, status: 'transferred' });
    const admitted = await t.post('/api/admin/check-in', staff, { code: place.passCode });
    expect(admitted.statusCode, admitted.body).toBe(200);

    const [gone] = await queuedMails(t.db, { purpose: 'transferred', to: 'sam.tr@example.com' });
    expect(gone?.calendar?.method).toBe('CANCEL');
    const [welcome] = await queuedMails(t.db, { purpose: 'confirmation', to: 'rita.tr@example.com' });
    expect(welcome?.calendar?.method).toBe('REQUEST');
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, booking.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['transfer.accept', 'transfer.offer']);
    // Receivers hear it in the same transaction (decision 058): the sender's booking and the one that took its place.
    const hooks = await t.db.select().from(webhookEvents).where(eq(webhookEvents.orderingKey, booking.id));
    const handedOn = hooks.find((h) => h.type === 'transfer.completed');
    expect(handedOn?.data).toMatchObject({ bookingId: booking.id, status: 'transferred', toBookingId: place.id });

    // The link works once.
    expect((await accept(token)).json().code).toBe(ERROR_CODE.transferGone);

    // The organiser sees it on the attendees page; the partner report counts it, and the place once.
    const admin = await t.signInAdmin();
    const list = (await t.get('/api/admin/events/tr-main/attendees', admin)).json();
    const by = (email: string) => list.attendees.find((x: { email: string }) => x.email === email);
    expect(by('sam.tr@example.com')).toMatchObject({ status: 'transferred', transfer: { to: 'rita.tr@example.com' } });
    expect(by('rita.tr@example.com')).toMatchObject({ status: 'confirmed', transfer: { from: 'sam.tr@example.com' } });
    const report = (await t.get('/api/admin/analytics/benefits/tr-main/partner-report', admin)).json();
    expect(report.totals).toMatchObject({ bookings: 1, transfers: 1 });
    expect(report.people.places).toBe(1);
  });

  it('answers an unlisted address as a listed one; only the mail says it cannot accept', async () => {
    await makeEvent('tr-enum');
    const { cookie, booking } = await book('tr-enum', 'sue.tr@example.com');
    const listed = await t.signIn('lee.tr@example.com');
    expect(listed).toBeTruthy();
    const a = await offer(cookie, booking.id, 'nobody.tr@example.com');
    expect(a.statusCode).toBe(201);
    const { text, token } = await tokenFor('nobody.tr@example.com');
    expect(text).toContain('not on the list');
    expect(token).toBe('');
    // One open offer per place.
    const again = await offer(cookie, booking.id, 'lee.tr@example.com');
    expect(again.json().code).toBe(ERROR_CODE.transferOpen);
    const cancel = await t.post(`/api/me/transfers/${a.json().id}/cancel`, cookie);
    expect(cancel.json()).toMatchObject({ status: 'cancelled' });
    // The recipient hears that it was withdrawn, once (a second cancel is refused and mails nothing).
    expect((await t.post(`/api/me/transfers/${a.json().id}/cancel`, cookie)).statusCode).toBe(409);
    const withdrawn = await queuedMails(t.db, { purpose: 'transfer-withdrawn', to: 'nobody.tr@example.com' });
    expect(withdrawn.map((m) => m.subject)).toEqual([
      expect.stringMatching(/Sender withdrew their offer - Event tr-enum$/),
    ]);
    expect(withdrawn[0]?.text).toContain('The link in their offer no longer works.');
    const b = await offer(cookie, booking.id, 'lee.tr@example.com');
    expect(Object.keys(b.json()).sort()).toEqual(Object.keys(a.json()).sort());
    expect(b.statusCode).toBe(201);
    // A member who chose a language hears of the withdrawal in it (decision 061).
    await t.db.update(authorizedEmails).set({ locale: 'ja' }).where(eq(authorizedEmails.email, 'lee.tr@example.com'));
    expect((await t.post(`/api/me/transfers/${b.json().id}/cancel`, cookie)).statusCode).toBe(200);
    const [notice] = await queuedMails(t.db, { purpose: 'transfer-withdrawn', to: 'lee.tr@example.com' });
    expect(notice?.subject).toMatch(/Sender さんが譲渡を取り消しました - Event tr-enum$/);
    expect(notice?.text).toContain('お客様の側で必要な手続きはありません。');
  });

  it('tells a recipient who already holds a place so, and the place stays', async () => {
    await makeEvent('tr-limits');
    const { cookie, booking } = await book('tr-limits', 'ann.tr@example.com');
    await book('tr-limits', 'has.tr@example.com');
    await offer(cookie, booking.id, 'has.tr@example.com');
    const { token } = await tokenFor('has.tr@example.com');
    const res = await accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ERROR_CODE.alreadyBooked);
    expect(res.json().error).toContain('already have a place');
    expect((await held('tr-limits')).length).toBe(2);
  });

  it('lets a new guest take a place when the organiser allows anyone, and notes who brought them', async () => {
    await makeEvent('tr-anyone', { mode: 'anyone' });
    const { cookie, booking } = await book('tr-anyone', 'bo.tr@example.com');
    await offer(cookie, booking.id, 'guest.tr@example.com');
    const { token, text } = await tokenFor('guest.tr@example.com');
    expect(text).toContain('guest member');
    const res = await accept(token);
    expect(res.statusCode, res.body).toBe(200);
    const [member] = await t.db
      .select()
      .from(authorizedEmails)
      .where(eq(authorizedEmails.email, 'guest.tr@example.com'));
    expect(member).toMatchObject({ firstName: 'Rita', lastName: 'Recipient' });
    const [note] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'member.add'), eq(adminAudit.targetId, booking.id)));
    expect(note?.details).toMatchObject({ from: 'bo.tr@example.com', to: 'guest.tr@example.com' });
  });

  it("follows the organiser: off, a draw's win, the deadline; an expired offer leaves the place", async () => {
    await makeEvent('tr-off', { mode: 'off' });
    const off = await book('tr-off', 'off.tr@example.com');
    expect((await offer(off.cookie, off.booking.id, 'x.tr@example.com')).json().code).toBe(ERROR_CODE.transfersOff);

    await makeEvent('tr-won');
    const won = await book('tr-won', 'won.tr@example.com');
    await t.db.update(bookings).set({ drawOutcome: 'won' }).where(eq(bookings.id, won.booking.id));
    expect((await offer(won.cookie, won.booking.id, 'x.tr@example.com')).json().code).toBe(ERROR_CODE.transfersOff);

    await makeEvent('tr-late', { deadlineHours: 72 }, new Date(Date.now() + 2 * DAY));
    const late = await book('tr-late', 'late.tr@example.com');
    const tooLate = await offer(late.cookie, late.booking.id, 'x.tr@example.com');
    expect(tooLate.json().code).toBe(ERROR_CODE.transferTooLate);

    await makeEvent('tr-exp');
    const exp = await book('tr-exp', 'exp.tr@example.com');
    await t.signIn('y.tr@example.com');
    await offer(exp.cookie, exp.booking.id, 'y.tr@example.com');
    await t.db
      .update(placeTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(placeTransfers.eventId, 'tr-exp'));
    const { token } = await tokenFor('y.tr@example.com');
    expect((await t.get(`/api/transfers/${token}`)).json().status).toBe('expired');
    expect((await accept(token)).json().code).toBe(ERROR_CODE.transferExpired);
    expect((await held('tr-exp')).map((b) => b.email)).toEqual(['exp.tr@example.com']);
    const [row] = await t.db.select().from(placeTransfers).where(eq(placeTransfers.eventId, 'tr-exp'));
    expect(row?.status).toBe('expired');

    // The sender hears it ran out, exactly once: from whichever first saw it (here the refused accept), or the sweep.
    await t.signIn('z.tr@example.com');
    await makeEvent('tr-exp2');
    const exp2 = await book('tr-exp2', 'exp.tr@example.com');
    await offer(exp2.cookie, exp2.booking.id, 'z.tr@example.com');
    await t.db
      .update(placeTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(placeTransfers.eventId, 'tr-exp2'));
    await Promise.all([expireOffers(t.db), expireOffers(t.db)]);
    await expireOffers(t.db);
    expect((await accept((await tokenFor('z.tr@example.com')).token)).json().code).toBe(ERROR_CODE.transferExpired);
    expect((await t.get('/api/me/transfers', exp.cookie)).json().offers).toEqual([]);
    const told = await queuedMails(t.db, { purpose: 'transfer-expired', to: 'exp.tr@example.com' });
    expect(told.map((m) => m.subject).sort()).toEqual([
      'Your offer to y.tr@example.com expired - Event tr-exp',
      'Your offer to z.tr@example.com expired - Event tr-exp2',
    ]);
    expect(told[0]?.text).toContain('The place is still yours: you can offer it again');
  });

  it("gives the organiser's Sheet the recipient's row when a form's place is handed on", async () => {
    const admin = await t.signInAdmin();
    await createTestEvent(t.db, 'tr-form', { startsAt: new Date(Date.now() + 30 * DAY) });
    const processed = await t.post('/api/sheets/process', admin, {
      tab1Url: SHEET,
      tab1Name: TAB1,
      tab2Url: SHEET,
      tab2Name: 'Slot Logic',
    });
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'tr-form',
      configName: 'Transfer form',
      formFields: processed.json().tab1Headers,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab1Url: SHEET, tab1Name: TAB1, tab2Url: SHEET, tab2Name: 'Slot Logic' },
      isActive: false,
    });
    expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
    const cookie = await t.signIn('form.tr@example.com', 'Fay', 'Form');
    const formData = {
      fullName: 'Fay Form',
      email: 'form.tr@example.com',
      rsvp: 'Yes',
      timeSlot: '11:00am-12:00pm',
      bringingGuests: 'No',
      dietaryRequirements: 'Vegan',
    };
    expect((await t.post('/api/rsvp/dynamic/tr-form', cookie, { formData })).statusCode).toBe(201);
    const [given] = await t.db.select().from(bookings).where(eq(bookings.email, 'form.tr@example.com'));
    await t.signIn('rex.tr@example.com');
    expect((await offer(cookie, given?.id ?? '', 'rex.tr@example.com')).statusCode).toBe(201);
    const took = await accept((await tokenFor('rex.tr@example.com')).token, { dietaryRequirements: 'None' });
    expect(took.statusCode, took.body).toBe(200);
    expect(await runSheets()).toEqual({ done: 2, failed: 0 });
    const [header = [], ...rows] = tab1();
    const col = (name: string) => header.indexOf(name);
    // The sender's row stays, as a cancelled booking's does; the recipient's follows with the place's slot.
    expect(
      rows.map((r) => [
        r[col('Full Name')],
        r[col('Email')],
        r[col('Time Slot')],
        r[col('Dietary Requirements (None/Vegetarian/Vegan/Halal)')],
      ]),
    ).toEqual([
      ['Fay Form', 'form.tr@example.com', '11:00am-12:00pm', 'Vegan'],
      ['Rita Recipient', 'rex.tr@example.com', '11:00am-12:00pm', 'None'],
    ]);
  });

  it("keeps a tour's slot and count, asks the recipient their own answers, and holds members to three open offers", async () => {
    const cookie = await t.signIn('tour.tr@example.com', 'Tess', 'Tour');
    const booked = await t.post(
      '/api/ap-house/rsvp',
      cookie,
      conciergeBody('tour.tr@example.com', { phoneNumber: '+65 1111' }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const { selectedDate, timeSlot } = CONCIERGE_FIRST_SLOT;
    const before = await conciergeSlot(t.db, selectedDate, timeSlot);
    const [tour] = await t.db.select().from(bookings).where(eq(bookings.email, 'tour.tr@example.com'));
    await t.signIn('tom.tr@example.com');
    expect((await offer(cookie, tour?.id ?? '', 'tom.tr@example.com')).statusCode).toBe(201);
    const { token } = await tokenFor('tom.tr@example.com');
    const view = (await t.get(`/api/transfers/${token}`)).json();
    expect(view.questions.map((q: { key: string }) => q.key)).toEqual(['phoneNumber']);
    expect((await accept(token, { phoneNumber: '+65 2222', timeSlot: 'forged' })).statusCode).toBe(200);
    const [theirs] = await t.db.select().from(bookings).where(eq(bookings.email, 'tom.tr@example.com'));
    expect(theirs).toMatchObject({ phoneNumber: '+65 2222', fullName: 'Rita Recipient' });
    expect(theirs?.data).toMatchObject({ timeSlot, selectedDate });
    expect(theirs?.slotId).toBe(tour?.slotId);
    expect((await conciergeSlot(t.db, selectedDate, timeSlot)).booked).toBe(before.booked);

    // Three offers open at once, the fourth refused.
    const busy = await t.signIn('busy.tr@example.com');
    for (const n of [1, 2, 3, 4]) {
      await makeEvent(`tr-busy-${n}`);
      expect((await t.post(`/api/rsvp/tr-busy-${n}`, busy)).statusCode).toBe(201);
      const [b] = await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.email, 'busy.tr@example.com'), eq(bookings.eventId, `tr-busy-${n}`)));
      const res = await offer(busy, b?.id ?? '', `friend${n}.tr@example.com`);
      expect(res.statusCode).toBe(n < 4 ? 201 : 429);
    }
  });
});
