import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeForm, AttendeesList } from '#common/attendees.ts';
import { BOOKING_MSG } from '#common/booking-text.ts';
import type { AdminBooking } from '#common/bookings.ts';
import { formatSlotClock } from '#common/time-range.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { ensureDynamicEvent, importSlots } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { postMultipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 022: a New York event reads in New York's time everywhere, its change window counts from what was booked, and
// a dated offer closes after its days.
let t: TestApp;
let admin: string;
let image: Buffer;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('zones-admin@example.com');
  image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

const FIELDS = [
  { fieldName: 'fullName', displayName: 'Full name', fieldType: 'text', isRequired: true },
  { fieldName: 'timeSlot', displayName: 'Time slot', fieldType: 'text', isRequired: true },
];

/** What an organiser does: a benefit in New York's zone through the admin API, its form deployed, Tab 2's slots read. */
async function newYorkForm(name: string, day: string, slots: string[]) {
  const created = await postMultipart(
    t.app,
    '/api/admin/benefits',
    admin,
    {
      benefitName: name,
      benefitDescription: `${name} in Manhattan.`,
      buttonText: 'RSVP',
      partnerContactEmail: 'hudson@partner.example',
      excelTab1Link: `https://docs.google.com/spreadsheets/d/${encodeURIComponent(name)}/edit`,
      schedule: 'timed',
      timeZone: 'America/New_York',
      startDate: day,
      startTime: '18:00',
      endTime: '21:00',
      venueName: 'Pier 57',
      capacity: '40',
    },
    [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', data: image }],
  );
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  const deployed = await t.post('/api/admin/rsvp-config', admin, {
    benefitId: id,
    configName: `${name} form`,
    isActive: true,
    formFields: FIELDS.map((f, ordering) => ({ ...f, ordering })),
    slotConfig: { hasSlots: true, slotField: 'timeSlot' },
    behavior: { allowEditing: true },
  });
  expect(deployed.statusCode, deployed.body).toBe(201);
  const [benefit] = await t.db.select().from(benefits).where(eq(benefits.id, id));
  if (!benefit) throw new Error('no benefit');
  const eventId = await ensureDynamicEvent(t.db, benefit);
  await importSlots(
    t.db,
    eventId,
    slots.map((timeSlot) => ({ date: null, timeSlot, bookableSlots: 5, bookedSlots: 0, remainingSlots: 5 })),
  );
  return { id, eventId };
}

describe('a New York event reads in New York time', () => {
  it('labels its form slots, admin lists and mail in EST, never SGT', async () => {
    const { id, eventId } = await newYorkForm('Hudson Supper', '2031-12-04', ['6:30pm-8:00pm']);
    const member = await t.signIn('hudson.member@example.com', 'Hana', 'Hudson');

    const logic = (await t.get(`/api/rsvp/slot-logic/${id}`, member)).json();
    expect(logic).toMatchObject({ timeZone: 'America/New_York', eventDay: '2031-12-04' });
    // The form writes each slot with the one module, in the zone and on the day the answer gives.
    const [slot] = logic.slotData;
    expect(formatSlotClock(slot.time, slot.date ?? logic.eventDay, logic.timeZone)).toBe('6:30–8:00 PM EST');

    // The attendees page's Add booking dialog gets the same answer.
    const form = (
      await t.get(`/api/admin/events/${encodeURIComponent(eventId)}/attendees/form`, admin)
    ).json() as AttendeeForm;
    expect(form.slots).toMatchObject({ timeZone: 'America/New_York', eventDay: '2031-12-04' });

    const booked = await t.post(`/api/rsvp/dynamic/${id}`, member, {
      formData: { fullName: 'Hana Hudson', timeSlot: '6:30pm-8:00pm' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().bookingId as string;

    const rows = (await t.get('/api/admin/bookings?status=all', admin)).json().data as AdminBooking[];
    const row = rows.find((r) => r.id === bookingId);
    expect(row).toMatchObject({ timeZone: 'America/New_York', slotLabel: '4 December 2031, 6:30–8:00 PM EST' });

    const list = (
      await t.get(`/api/admin/events/${encodeURIComponent(eventId)}/attendees`, admin)
    ).json() as AttendeesList;
    expect(list.attendees[0]?.slotLabel).toBe('4 December 2031, 6:30–8:00 PM EST');
    expect(list.slots[0]?.label).toBe('4 December 2031, 6:30–8:00 PM EST');

    const [mail] = await queuedMails(t.db, { to: 'hudson.member@example.com' });
    expect(mail?.text).toContain('6:30–8:00 PM EST');
    expect(mail?.text).not.toContain('SGT');
  });

  it('says EDT for a summer slot and in admin Bookings', async () => {
    const { slotIds } = await createTestEvent(t.db, 'ny-summer', {
      timeZone: 'America/New_York',
      bookingForm: 'concierge',
      startsAt: new Date('2031-07-01T04:00:00Z'),
      hours: 72,
      slots: [{ time: '2:00pm-3:00pm', date: '2031-07-02', capacity: 5 }],
    });
    const { booking } = await reservePlace(t.db, {
      eventId: 'ny-summer',
      email: 'summer.ny@example.com',
      slotId: slotIds[0],
    });
    const rows = (await t.get('/api/admin/bookings?status=all', admin)).json().data as AdminBooking[];
    expect(rows.find((r) => r.id === booking.id)?.slotLabel).toBe('2 July 2031, 2:00–3:00 PM EDT');
  });
});

describe('the change window counts from what was booked', () => {
  it('closes a tour slot’s window a day before that slot, not before the tour week', async () => {
    // A tour week from Sunday 30 November in New York, with slots on its Monday and its Thursday.
    const { slotIds } = await createTestEvent(t.db, 'ny-tours', {
      timeZone: 'America/New_York',
      bookingForm: 'concierge',
      startsAt: new Date('2031-11-30T05:00:00Z'),
      hours: 6 * 24,
      slots: [
        { time: '10:00am-11:00am', date: '2031-12-01', capacity: 5 },
        { time: '4:00pm-5:00pm', date: '2031-12-04', capacity: 5 },
      ],
    });
    const monday = await t.signIn('monday.ny@example.com');
    const thursday = await t.signIn('thursday.tour@example.com');
    const first = await reservePlace(t.db, { eventId: 'ny-tours', email: 'monday.ny@example.com', slotId: slotIds[0] });
    const later = await reservePlace(t.db, {
      eventId: 'ny-tours',
      email: 'thursday.tour@example.com',
      slotId: slotIds[1],
    });
    const until = async (bookingId: string, cookie: string) =>
      (await t.get(`/api/bookings/${bookingId}`, cookie)).json().manage.changeUntil;
    // 10:00 EST on 1 December is 15:00Z, 4:00 PM EST on 4 December 21:00Z; each window closes 24 hours before.
    expect(await until(first.booking.id, monday)).toBe('2031-11-30T15:00:00.000Z');
    expect(await until(later.booking.id, thursday)).toBe('2031-12-03T21:00:00.000Z');
  });

  it('the booking page and the mail of a Thursday slot say the Wednesday before, in EST', async () => {
    const { slotIds } = await createTestEvent(t.db, 'ny-week', {
      timeZone: 'America/New_York',
      bookingForm: 'concierge',
      startsAt: new Date('2031-11-30T05:00:00Z'),
      hours: 6 * 24,
      slots: [{ time: '4:00pm-5:00pm', date: '2031-12-04', capacity: 5 }],
    });
    const member = await t.signIn('thursday.ny@example.com');
    const { booking } = await reservePlace(t.db, {
      eventId: 'ny-week',
      email: 'thursday.ny@example.com',
      slotId: slotIds[0],
    });
    const manage = (await t.get(`/api/bookings/${booking.id}`, member)).json().manage;
    // 4:00 PM EST on 4 December is 21:00Z; a day before it, not a day before the week's Sunday.
    expect(manage).toMatchObject({ canChange: true, changeUntil: '2031-12-03T21:00:00.000Z', changesOff: false });
    const [mail] = await queuedMails(t.db, { to: 'thursday.ny@example.com' });
    expect(mail?.text).toContain('You can change or cancel it until 3 December 2031, 4:00 PM EST.');
  });

  it('a form with editing off says changes go through the partner, not that a window closed', async () => {
    await createTestEvent(t.db, 'ny-fixed', {
      timeZone: 'America/New_York',
      withPartner: true,
      startsAt: new Date('2031-12-10T23:00:00Z'),
      config: { behavior: { allowEditing: false } },
    });
    const member = await t.signIn('fixed.ny@example.com');
    const { booking } = await reservePlace(t.db, { eventId: 'ny-fixed', email: 'fixed.ny@example.com' });
    const manage = (await t.get(`/api/bookings/${booking.id}`, member)).json().manage;
    expect(manage).toMatchObject({ canChange: false, changeUntil: null, changesOff: true });
    const refused = await t.post(`/api/bookings/${booking.id}/cancel`, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: BOOKING_MSG.throughPartner('partner-ny-fixed@example.com'),
      code: 'changes_off',
    });
    expect(refused.json().error).toBe(
      'Changes to this booking go through partner-ny-fixed@example.com. Email them to change or cancel it.',
    );
    // The mail says the same, instead of a window that never opens.
    const [mail] = await queuedMails(t.db, { purpose: 'confirmation', to: 'fixed.ny@example.com' });
    expect(mail?.text).toContain(BOOKING_MSG.throughPartner('partner-ny-fixed@example.com'));
    expect(mail?.text).not.toContain('You can change or cancel it until');
  });
});

describe('dated offers end', () => {
  it('with the tests’ dates (2031) the dated offers are open and carry their last day', async () => {
    const member = await t.signIn('offers.open@example.com');
    const res = await t.post('/api/rsvp/sothebys-private-auction', member);
    expect(res.statusCode, res.body).toBe(201);
    const list = (await t.get('/api/benefits', member)).json() as { id: string; endsAt: string | null }[];
    const endOf = (id: string) => list.find((b) => b.id === id)?.endsAt;
    // Midnight after the last day, in Singapore.
    expect(endOf('sothebys-private-auction')).toBe('2031-10-02T16:00:00.000Z');
    expect(endOf('capella-day-pass')).toBe('2031-10-03T16:00:00.000Z');
    expect(endOf('mclaren-artura')).toBe('2031-10-04T16:00:00.000Z');
    // An offer taken up at the partner's is not booked here.
    expect((await t.post('/api/rsvp/capella-day-pass', member)).statusCode).toBe(404);
  });

  it('with the spec’s own dates (2025), a year on they are closed: event_ended', async () => {
    const spec = await createTestApp({}, { seedAsOf: '2025-09-29' });
    try {
      const member = await spec.signIn('offers.closed@example.com');
      const res = await spec.post('/api/rsvp/sothebys-private-auction', member, {});
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: BOOKING_MSG.ended, code: 'event_ended' });
      const status = (await spec.get('/api/rsvp/sothebys-private-auction/status', member)).json();
      expect(status.bookingWindow?.state).toBe('ended');
      const list = (await spec.get('/api/benefits', member)).json() as {
        id: string;
        endsAt: string | null;
      }[];
      for (const id of ['sothebys-private-auction', 'capella-day-pass', 'mclaren-artura']) {
        const endsAt = list.find((b) => b.id === id)?.endsAt;
        expect(endsAt, id).not.toBeNull();
        expect(Date.parse(endsAt ?? '') < Date.now(), id).toBe(true);
      }
    } finally {
      await spec.close();
    }
  });
});
