import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { benefitReportSchema } from '#common/analytics-report.ts';
import { localDate } from '#common/event-time.ts';
import { analyticsDaily, benefitClickLogs, bookings } from '../../src/server/db/schema.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Benefit Analytics lists a benefit whose events have bookings even when no click or submission was logged for it:
// its attendance columns are what it has to show.
let t: TestApp;
let admin: string;

type Report = z.infer<typeof benefitReportSchema>['data'];

const report = async (query: string): Promise<Report> => {
  const res = await t.get(`/api/admin/analytics/benefits?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (r: Report) => r.benefits.map((b) => b.benefitId);
const row = (r: Report, id: string) => r.benefits.find((b) => b.benefitId === id);

/** The day a benefit's first booking was made (the report's window is the organiser's days of bookings made). */
async function bookedDay(eventId: string) {
  const [b] = await t.db.select().from(bookings).where(eq(bookings.eventId, eventId));
  if (!b) throw new Error(`no booking on ${eventId}`);
  return localDate(b.createdAt, t.config.organiserTimeZone);
}

const CLICK_DAY = '2025-10-01';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  // Quiet Supper Club: two bookings through the RSVP route, nothing logged.
  await createTestEvent(t.db, 'quiet-supper', { benefitTitle: 'Quiet Supper Club', capacity: 10 });
  for (const email of ['ivo.quiet@example.com', 'june.quiet@example.com']) {
    const res = await t.post('/api/rsvp/quiet-supper', await t.signIn(email), {});
    expect(res.statusCode, res.body).toBe(201);
  }
  // Loud Gala: two clicks on an old day and one booking now.
  await createTestEvent(t.db, 'loud-gala', { benefitTitle: 'Loud Gala', capacity: 10 });
  await t.db.insert(benefitClickLogs).values(
    ['kim.loud@example.com', 'lee.loud@example.com'].map((userEmail) => ({
      userEmail,
      benefitId: 'loud-gala',
      benefitTitle: 'Loud Gala',
      clickTime: new Date(`${CLICK_DAY}T12:00:00Z`),
    })),
  );
  const gala = await t.post('/api/rsvp/loud-gala', await t.signIn('kim.loud@example.com'), {});
  expect(gala.statusCode, gala.body).toBe(201);
  // Form Tasting: booked through its live dynamic form, on the form's own event (dynamic:form-tasting); nothing logged.
  await createTestEvent(t.db, 'form-tasting', {
    benefitTitle: 'Form Tasting',
    config: {
      formFields: [
        { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
        { fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true },
      ],
    },
  });
  const form = await t.post('/api/rsvp/dynamic/form-tasting', await t.signIn('max.form@example.com'), {
    formData: { fullName: 'Max Form', email: 'max.form@example.com' },
  });
  expect(form.statusCode, form.body).toBe(201);
  const [formBooking] = await t.db.select().from(bookings).where(eq(bookings.email, 'max.form@example.com'));
  expect(formBooking?.eventId).toBe('dynamic:form-tasting');
});
afterAll(() => t.close());

describe('benefits with bookings but no logged click or submission', () => {
  it('booking logs nothing: the roll-ups know only the gala', async () => {
    const logged = await t.db.selectDistinct({ id: analyticsDaily.benefitId }).from(analyticsDaily);
    expect(logged.map((l) => l.id).filter((id) => id !== '')).toEqual(['loud-gala']);
  });

  it('are listed without dates, with zero interactions and their bookings; the total counts them', async () => {
    const r = await report('pageSize=200');
    expect(ids(r)).toEqual(expect.arrayContaining(['quiet-supper', 'loud-gala', 'form-tasting']));
    expect(r.totalBenefits).toBe(r.benefits.length);
    expect(new Set(ids(r)).size).toBe(r.benefits.length); // the gala (clicks and a booking) once
    expect(row(r, 'quiet-supper')).toMatchObject({
      benefitTitle: 'Quiet Supper Club',
      totalClicks: 0,
      totalSubmissions: 0,
      uniqueUsers: 0,
      totalInteractions: 0,
      attendance: { bookings: 2 },
    });
    expect(row(r, 'form-tasting')).toMatchObject({ totalInteractions: 0, attendance: { bookings: 1 } });
    expect(row(r, 'loud-gala')).toMatchObject({ totalClicks: 2, uniqueUsers: 2, attendance: { bookings: 1 } });
    // Sorted by interactions, the gala comes first; by title, as any other row.
    expect(ids(r).indexOf('loud-gala')).toBeLessThan(ids(r).indexOf('quiet-supper'));
    const byTitle = ids(await report('pageSize=200&sortBy=benefitTitle&sortDir=asc'));
    expect(byTitle.filter((id) => ['quiet-supper', 'loud-gala', 'form-tasting'].includes(id))).toEqual([
      'form-tasting',
      'loud-gala',
      'quiet-supper',
    ]);
  });

  it('are found by search, counted in the total and paged', async () => {
    const found = await report('search=SUPPER');
    expect(found).toMatchObject({ totalBenefits: 1, totalPages: 1 });
    expect(found.benefits).toEqual([
      expect.objectContaining({ benefitId: 'quiet-supper', attendance: expect.objectContaining({ bookings: 2 }) }),
    ]);
    expect(ids(await report('search=tasting'))).toEqual(['form-tasting']);
    const beyond = await report('search=supper&page=2&pageSize=1');
    expect(beyond).toMatchObject({ benefits: [], totalBenefits: 1, totalPages: 1 });
    // Each listed title has a space: three rows by title, one a page.
    const paged = await report('search=%20&sortBy=benefitTitle&sortDir=asc&pageSize=1&page=2');
    expect(paged).toMatchObject({ totalBenefits: 3, totalPages: 3 });
    expect(ids(paged)).toEqual(['loud-gala']);
    expect(ids(await report('search=%20&sortBy=benefitTitle&sortDir=asc&pageSize=1&page=3'))).toEqual(['quiet-supper']);
  });

  it('are listed for a date window holding their bookings, and not for one without', async () => {
    const day = await bookedDay('quiet-supper');
    const r = await report(`startDate=${day}&endDate=${day}&pageSize=200`);
    expect(row(r, 'quiet-supper')).toMatchObject({ totalInteractions: 0, uniqueUsers: 0, attendance: { bookings: 2 } });
    expect(row(r, 'form-tasting')?.attendance.bookings).toBe(1);
    // The gala's clicks are outside this window, its booking inside.
    expect(row(r, 'loud-gala')).toMatchObject({ totalClicks: 0, uniqueUsers: 0, attendance: { bookings: 1 } });
    expect(r.totalBenefits).toBe(r.benefits.length);
    const searched = await report(`search=quiet&startDate=${day}`);
    expect(searched).toMatchObject({ totalBenefits: 1 });
    expect(ids(searched)).toEqual(['quiet-supper']);

    // The clicks' day: the gala with its clicks and no booking; the others are not listed.
    const clicks = await report(`startDate=${CLICK_DAY}&endDate=${CLICK_DAY}&pageSize=200`);
    expect(ids(clicks)).toEqual(['loud-gala']);
    expect(row(clicks, 'loud-gala')).toMatchObject({ totalClicks: 2, attendance: { bookings: 0 } });
    expect(clicks.totalBenefits).toBe(1);
    expect(await report('endDate=2025-09-30&search=quiet')).toMatchObject({ benefits: [], totalBenefits: 0 });
  });
});
