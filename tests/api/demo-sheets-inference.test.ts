import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRoles } from '#common/dynamic-form.ts';
import { SHEETS_MSG } from '#common/sheets.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The wizard's first step on six realistic sheets (their dates moved with the tests' demo week, 2031). The slot field is a time-slot column, never the date
// column; dates, guest counts, yes/no and e-mail columns are recognised, in English and in French.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const url = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;
type Field = { fieldName: string; displayName: string; fieldType: string; options: string[]; validation: object };

async function processed(id: string, tab1 = 'Form Submissions', tab2: string | null = 'Slot Logic') {
  const res = await t.post('/api/sheets/process', admin, {
    tab1Url: url(id),
    tab1Name: tab1,
    ...(tab2 ? { tab2Url: url(id), tab2Name: tab2 } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    tab1Headers: (Field & { isVisible: boolean; isRequired: boolean; ordering: number })[];
    tab2SlotLogic: { timeSlot: string; date: string | null; bookableSlots: number }[];
    warnings: string[];
  };
  // As the wizard proposes them: slots on, the date role only when Tab 2's slots carry dates.
  const datedSlots = body.tab2SlotLogic.some((s) => s.date);
  const fields = body.tab1Headers.map((f) => ({ ...f, fieldType: f.fieldType as never }));
  const roles = resolveRoles(fields, {}, { hasSlots: true, datedSlots });
  const type = (name: string) => body.tab1Headers.find((f) => f.fieldName === name)?.fieldType;
  return { ...body, roles, type };
}

describe('inference on the demo sheets', () => {
  it('gallery walk: the Time Slot column is the slot, the Date column the date', async () => {
    const s = await processed('demo-gallery-walk');
    expect(s.roles.slot).toBe('timeSlot');
    expect(s.roles.date).toBe('selectedDate');
    expect(s.roles.slot).not.toBe(s.roles.date);
    expect(s.type('email')).toBe('email');
    expect(s.tab2SlotLogic.every((slot) => slot.date !== null)).toBe(true);
  });

  it('yacht brunch: time slots only, a yes/no RSVP, a guest count and listed dietary options', async () => {
    const s = await processed('demo-yacht-brunch');
    expect(s.roles).toMatchObject({ slot: 'timeSlot', rsvp: 'rsvp', guestCount: 'numberOfGuests' });
    expect(s.roles.date).toBeUndefined();
    expect(s.type('numberOfGuests')).toBe('number');
    expect(s.type('phoneNumber')).toBe('tel');
    const diet = s.tab1Headers.find((f) => f.displayName === 'Dietary Requirements');
    expect(diet?.options).toEqual(['None', 'Vegetarian', 'Vegan', 'Halal']);
  });

  it('rooftop sunset: dates and times in one Tab 2 column are split, and a Date field is proposed', async () => {
    const s = await processed('demo-rooftop-sunset');
    expect(s.tab2SlotLogic.map((x) => [x.date, x.timeSlot, x.bookableSlots])).toEqual([
      ['2031-10-02', '6:00pm-7:00pm', 20],
      ['2031-10-02', '7:00pm-8:00pm', 20],
      ['2031-10-03', '6:00pm-7:00pm', 15],
    ]);
    expect(s.warnings).toContain(SHEETS_MSG.dateFieldAdded);
    expect(s.roles.slot).toBe('timeSlot');
    expect(s.roles.date).toBe('selectedDate');
    const names = s.tab1Headers.map((f) => f.fieldName);
    expect(names.indexOf('selectedDate')).toBe(names.indexOf('timeSlot') - 1);
    expect(s.type('email')).toBe('email');
    expect(s.roles.rsvp).toBe('rsvp'); // "Attending?"
    const plusOnes = s.tab1Headers.find((f) => f.displayName === 'Plus-ones');
    expect(plusOnes).toMatchObject({ fieldType: 'number', validation: { min: 0, max: 2 } });
  });

  it('golf day: French headers and 24-hour slots read like English ones', async () => {
    const s = await processed('demo-golf-bangkok', 'Réponses', 'Créneaux');
    expect(s.tab1Headers.find((f) => f.displayName === 'Horodatage')?.isVisible).toBe(false);
    expect(s.type('email')).toBe('email');
    expect(s.type('phoneNumber')).toBe('tel');
    expect(s.type('fullName')).toBe('text');
    expect(s.roles.rsvp).toBeDefined();
    expect(s.tab1Headers.find((f) => f.fieldName === s.roles.rsvp)?.options).toEqual(['Oui', 'Non']);
    expect(s.roles.date).toBe('selectedDate');
    expect(s.roles.slot).toBe('timeSlot');
    expect(s.type(s.roles.guestCount ?? '')).toBe('number');
    expect(s.tab2SlotLogic.map((x) => [x.date, x.timeSlot, x.bookableSlots])).toEqual([
      ['2031-11-15', '08:00-10:00', 12],
      ['2031-11-15', '10:00-12:00', 12],
      ['2031-11-16', '08:00-10:00', 8],
    ]);
  });

  it("chef's table: a Seating column with 24-hour times and Seats/Taken counts", async () => {
    const s = await processed('demo-chef-table');
    expect(s.roles.slot).toBe('timeSlot');
    expect(s.tab2SlotLogic.map((x) => [x.timeSlot, x.bookableSlots])).toEqual([
      ['18:30-20:30', 10],
      ['21:00-23:00', 10],
    ]);
    expect(s.warnings).toEqual([]);
  });

  it('founders breakfast: no slots; names, company and a yes/no question', async () => {
    const s = await processed('demo-founders-breakfast', 'Form Submissions', null);
    expect(s.roles.slot).toBeUndefined();
    expect(s.roles.date).toBeUndefined();
    expect(s.type('email')).toBe('email');
    const question = s.tab1Headers.find((f) => f.displayName.startsWith('Would you like'));
    expect(question).toMatchObject({ fieldType: 'radio', options: ['Yes', 'No'] });
    expect(s.tab1Headers.map((f) => f.fieldName)).toEqual(expect.arrayContaining(['firstName', 'lastName', 'company']));
  });
});
