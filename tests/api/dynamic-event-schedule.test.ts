import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A form deployed on a benefit with a dated event of its own books through the form's event, which follows
// that event's day, time zone and venue: a time-only slot ("11:00am-12:00pm") gets a calendar entry on that day.
let t: TestApp;
let admin: string;
const SHEET = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

/** A brunch benefit with its own dated event (2 October 2031, 10:00 in Singapore) and the demo form deployed on it. */
async function harbourBrunch(benefitId: string) {
  await createTestEvent(t.db, benefitId, {
    benefitTitle: 'Harbour Brunch',
    description: 'Brunch.',
    title: 'Harbour Brunch',
    timeZone: 'Asia/Singapore',
    startsAt: new Date('2031-10-02T02:00:00Z'),
    hours: 5,
    location: 'The Harbour Club',
  });
  await deployForm(benefitId);
  return benefitId;
}

/** A member signs in and sends the demo brunch form for one slot; returns their cookie once it is booked. */
async function bookBrunch(benefitId: string, fullName: string, email: string, timeSlot: string, phoneNumber: string) {
  const member = await t.signIn(email, fullName.split(' ')[0]);
  const formData = {
    fullName,
    email,
    rsvp: 'Yes',
    timeSlot,
    bringingGuests: 'No',
    dietaryRequirements: 'None',
    phoneNumber,
  };
  const booked = await t.post(`/api/rsvp/dynamic/${benefitId}`, member, { formData });
  expect(booked.statusCode).toBe(201);
  return member;
}

async function deployForm(benefitId: string) {
  const sheet = { tab1Url: SHEET, tab1Name: 'Form Submissions', tab2Url: SHEET, tab2Name: 'Slot Logic' };
  const processed = await t.post('/api/sheets/process', admin, sheet);
  expect(processed.statusCode).toBe(200);
  const saved = await t.post('/api/admin/rsvp-config', admin, {
    benefitId,
    configName: 'Harbour Brunch RSVP',
    formFields: processed.json().tab1Headers,
    slotConfig: { hasSlots: true, slotField: 'timeSlot' },
    sheetMapping: sheet,
    isActive: false,
  });
  expect(saved.statusCode).toBe(201);
  expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
}

describe("a form on a dated event's benefit", () => {
  it("books a time-only slot on the event's day, with Add To Calendar, an invite and the venue", async () => {
    const benefit = await harbourBrunch('harbour-brunch');
    const email = 'sam.harbour@example.com';
    const member = await bookBrunch(benefit, 'Sam Harbour', email, '11:00am-12:00pm', '+65 6000 0000');

    const [form] = await t.db
      .select()
      .from(events)
      .where(eq(events.id, dynamicEventId(benefit)));
    expect(form).toMatchObject({ timeZone: 'Asia/Singapore', location: 'The Harbour Club' });
    expect(form?.endsAt?.toISOString()).toBe('2031-10-02T07:00:00.000Z'); // the form closes with the event

    const mine = (await t.get('/api/me/bookings', member)).json().data;
    const booking = mine.find((b: { eventId: string }) => b.eventId === dynamicEventId(benefit));
    // 11:00-12:00 in Singapore on the event's day is 03:00-04:00 UTC.
    expect(booking?.calendar).toMatchObject({ startDate: '20311002T030000Z', endDate: '20311002T040000Z' });
    // Beside its English words, the slot's when as data for the member's language (decision 071).
    expect(booking?.schedule).toEqual({
      schedule: 'timed',
      startsAt: '2031-10-02T03:00:00.000Z',
      endsAt: '2031-10-02T04:00:00.000Z',
      timeZone: 'Asia/Singapore',
    });
    const [mail] = (await queuedMails(t.db)).filter((m) => m.to === email);
    expect(mail?.calendar?.content).toContain('DTSTART:20311002T030000Z');
  });

  it("follows a change of the event's day at the next submission", async () => {
    const benefit = await harbourBrunch('harbour-brunch-moved');
    await bookBrunch(benefit, 'Lee Harbour', 'lee.harbour@example.com', '11:00am-12:00pm', '+65 6000 0002');
    await t.db
      .update(events)
      .set({ startsAt: new Date('2031-10-03T02:00:00Z'), endsAt: new Date('2031-10-03T07:00:00Z') })
      .where(eq(events.id, benefit));
    // The next submission brings the form's event up to date before it books.
    const member = await bookBrunch(
      benefit,
      'Kim Harbour',
      'kim.harbour@example.com',
      '12:00pm-1:00pm',
      '+65 6000 0001',
    );
    const mine = (await t.get('/api/me/bookings', member)).json().data;
    expect(mine[0]?.calendar).toMatchObject({ startDate: '20311003T040000Z', endDate: '20311003T050000Z' });
  });
});
