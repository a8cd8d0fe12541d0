import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent } from '../support/events.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The partner report counts bookings, and says so; it shows the people they are beside them (five
// bookings, seven places; three check-ins, five people in at the door).
let t: TestApp;
let admin: string;
const ID = 'pr-people';
const GUESTS = [2, 0, 1, 0, 0]; // 5 bookings, 8 places; the first three checked in: 3 + 1 + 2 = 6 people

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin('pr-people-admin@example.com');
  await createTestEvent(t.db, ID, { benefitTitle: 'People Supper', capacity: 20, withPartner: true });
  for (const [i, guestCount] of GUESTS.entries()) {
    const email = `guest${i}.people@example.com`;
    await upsertMember(t.db, { email, firstName: `Guest${i}`, lastName: 'People' });
    const { booking } = await reservePlace(t.db, { eventId: ID, email, guestCount, maxGuests: 3 });
    if (i < 3) {
      const res = await t.post('/api/admin/check-in', admin, { code: booking.passCode, eventId: ID });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
});
afterAll(() => t.close());

describe('partner report: bookings and people', () => {
  it('keeps its booking counts and adds places and people checked in', async () => {
    const res = await t.get(`/api/admin/analytics/benefits/${ID}/partner-report`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report.totals).toMatchObject({ bookings: 5, checkIns: 3 });
    expect(report.people).toEqual({ places: 8, checkedIn: 6 });
    expect(res.body).not.toContain('people@example.com');
  });

  it('prints both in the PDF, with a footnote that says which is which, on one page', async () => {
    const res = await t.get(`/api/admin/analytics/benefits/${ID}/partner-report.pdf`, admin);
    expect(res.statusCode).toBe(200);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toMatch(/BOOKINGS\n5\n8 places/);
    expect(text).toMatch(/CHECK-INS\n3\n6 people/);
    expect(text.replace(/\s+/g, ' ')).toContain('Check-ins: bookings checked in at the door; people: their members');
  });

  it('the same through a partner’s read-only link', async () => {
    const link = await t.post(`/api/admin/analytics/benefits/${ID}/report-links`, admin, {});
    expect(link.statusCode, link.body).toBe(201);
    const token = String(link.json().path).split('/').pop();
    const shared = await t.get(`/api/partner-reports/${token}`);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().report.people).toEqual({ places: 8, checkedIn: 6 });
  });
});
