import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeesList } from '#common/attendees.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A form field that plays a role the fixed columns show (e-mail, name, phone, guests) is not repeated as
// an answer column, decided by its role and type, whatever it is called.
let t: TestApp;
let admin: string;
const BENEFIT = 'roles-dinner';
const EVENT = `dynamic:${BENEFIT}`;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('roles-admin@example.com');
  await createTestEvent(t.db, BENEFIT, {
    benefitTitle: 'Roles Dinner',
    config: {
      formFields: [
        // Labels unlike the fixed headers: the role decides, not the text.
        { fieldName: 'fullName', displayName: 'Your name please', fieldType: 'text', isRequired: true },
        { fieldName: 'contact', displayName: 'Where we write to you', fieldType: 'email', isRequired: true },
        { fieldName: 'mobile', displayName: 'Mobile', fieldType: 'tel', isRequired: false },
        { fieldName: 'guests', displayName: 'Bringing along', fieldType: 'number', isRequired: false },
        { fieldName: 'diet', displayName: 'Dietary needs', fieldType: 'text', isRequired: false },
      ],
      slotConfig: { guestCountField: 'guests', restrictions: { maxGuestsPerBooking: 3 } },
    },
  });
  const res = await t.post(`/api/rsvp/dynamic/${BENEFIT}`, await t.signIn('ria.roles@example.com'), {
    formData: {
      fullName: 'Ria Roles',
      contact: 'ria.roles@example.com',
      mobile: '+65 8123 4567',
      guests: '2',
      diet: 'Vegetarian',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

const get = (url: string) => t.get(url, admin);

describe('answer columns leave out what the fixed columns show', () => {
  it('CSV export: exactly one Email and one Guests column, the role fields shown once in the fixed ones', async () => {
    const res = await get(`/api/admin/events/${encodeURIComponent(EVENT)}/attendees.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = parseCsv(res.body);
    expect(header?.filter((h) => h === 'Email')).toHaveLength(1);
    expect(header?.filter((h) => h === 'Guests')).toHaveLength(1);
    expect(header).not.toContain('Where we write to you');
    expect(header).not.toContain('Bringing along');
    expect(header).not.toContain('Your name please');
    expect(header).not.toContain('Mobile');
    expect(header?.slice(11)).toEqual(['Dietary needs']);
    const at = (h: string) => row?.[header?.indexOf(h) ?? -1];
    expect(at('Name')).toBe('Ria Roles');
    expect(at('Email')).toBe('ria.roles@example.com');
    expect(at('Phone')).toBe("'+65 8123 4567"); // a leading + is defused as a formula would be
    expect(at('Guests')).toBe('2');
    expect(at('Dietary needs')).toBe('Vegetarian');
  });

  it('the attendees list (what the page shows under each name) has the same answer columns', async () => {
    const res = await get(`/api/admin/events/${encodeURIComponent(EVENT)}/attendees`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as AttendeesList;
    expect(list.fields).toEqual([{ key: 'diet', label: 'Dietary needs' }]);
    expect(list.attendees[0]).toMatchObject({ guestCount: 2, phoneNumber: '+65 8123 4567', fullName: 'Ria Roles' });
    expect(list.attendees[0]?.answers).toEqual({ diet: 'Vegetarian' });
  });

  it('the RSVP list export leaves the e-mail and guest count fields to its own Email and Guests columns', async () => {
    const res = await get(`/api/admin/benefits/${BENEFIT}/rsvps.csv`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, row] = parseCsv(res.body);
    expect(header?.filter((h) => h === 'Email')).toHaveLength(1);
    expect(header?.filter((h) => h === 'Guests')).toHaveLength(1);
    expect(header?.slice(-1)).toEqual(['Dietary needs']);
    expect(row?.[header?.indexOf('Guests') ?? -1]).toBe('2');
  });
});
