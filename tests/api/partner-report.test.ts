import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { PARTNER_REPORT_MSG } from '#common/partner-report.ts';
import { adminAudit, benefits, bookings, eventSlots, events, partnerReportLinks } from '../../src/server/db/schema.ts';
import { releaseToken } from '../../src/server/features/booking-rules/release-link.ts';
import { createTestEvent, DAY, HOUR } from '../support/events.ts';
import { pdfFonts, pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Attendance in analytics and the partner report (decision 017).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const EMAILS = ['annabel.pr@example.com', 'bertrand.pr@example.com', 'celestine.pr@example.com'];

/** A two-place event with a waitlist, bookable now (it starts in a month). */
async function makeEvent(id: string) {
  await createTestEvent(t.db, id, {
    benefitTitle: `Tasting ${id}`,
    capacity: 2,
    location: 'The Cellar',
    withPartner: true,
    config: { slotConfig: { allowWaitlist: true }, behavior: { allowEditing: true } },
  });
}

async function book(eventId: string, email: string) {
  const cookie = await t.signIn(email, email.split('.')[0], 'Member');
  // Members click a tile before they book, as they do in the portal.
  const click = await t.post('/api/analytics/click', cookie, {
    benefitId: eventId,
    benefitTitle: `Tasting ${eventId}`,
  });
  expect(click.statusCode, click.body).toBeLessThan(300);
  const res = await t.post(`/api/rsvp/${eventId}`, cookie, {});
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.email, email)));
  if (!row) throw new Error('no booking');
  return row;
}

/**
 * Annabel is checked in, Bertrand releases his place and Celestine is promoted from the waitlist into it; then the event is over:
 * three bookings, one check-in, one no-show (Celestine), one release, one promotion, a rate of 50%.
 */
async function attendedEvent(id: string) {
  await makeEvent(id);
  const [ann, ben, cat] = [
    await book(id, EMAILS[0] ?? ''),
    await book(id, EMAILS[1] ?? ''),
    await book(id, EMAILS[2] ?? ''),
  ];
  expect(cat.status).toBe('waitlisted');
  const checkIn = await t.post('/api/admin/check-in', admin, { code: ann.passCode, eventId: id });
  expect(checkIn.statusCode, checkIn.body).toBe(200);
  const release = await t.post(`/api/release/${releaseToken(t.config.releaseLinkSecret, ben)}`, undefined, {});
  expect(release.statusCode, release.body).toBe(200);
  const [promoted] = await t.db.select().from(bookings).where(eq(bookings.id, cat.id));
  expect(promoted?.status).toBe('confirmed');
  // The event happened: it started and ended in the past.
  await t.db
    .update(events)
    .set({ startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) })
    .where(eq(events.id, id));
}

const EXPECTED = { bookings: 3, checkIns: 1, noShows: 1, releases: 1, promotions: 1, attendanceRate: 0.5 };
const noMemberData = (body: string) => {
  for (const email of EMAILS) expect(body).not.toContain(email);
  for (const name of ['annabel', 'bertrand', 'celestine', 'Member']) expect(body).not.toContain(name);
};

describe('attendance in analytics', () => {
  it('counts bookings, check-ins, no-shows, releases and promotions per benefit', async () => {
    await attendedEvent('pr-counts');
    const res = await t.get('/api/admin/analytics/benefits?search=pr-counts&pageSize=200', admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.benefits.find((b: { benefitId: string }) => b.benefitId === 'pr-counts');
    expect(row?.attendance).toEqual(EXPECTED);
  });

  it('counts a no-show once its slot is over, even while the event goes on', async () => {
    const id = 'pr-slots';
    await t.db.insert(benefits).values({ id, title: 'Tours', slug: id, description: 'tours' });
    await t.db.insert(events).values({
      id,
      benefitId: id,
      title: 'Tours',
      startsAt: new Date(Date.now() - 10 * DAY),
      endsAt: new Date(Date.now() + 10 * DAY),
    });
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    const slots = await t.db
      .insert(eventSlots)
      .values([
        { eventId: id, slotDate: day(-2), slotTime: '10:00am-11:00am' },
        { eventId: id, slotDate: day(2), slotTime: '10:00am-11:00am' },
      ])
      .returning();
    const now = new Date();
    await t.db
      .insert(bookings)
      .values(slots.map((s, i) => ({ eventId: id, email: `slot${i}@example.com`, slotId: s.id, placedAt: now })));
    const res = await t.get(`/api/admin/analytics/benefits/${id}/partner-report`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().totals).toEqual({
      bookings: 2,
      checkIns: 0,
      noShows: 1,
      releases: 0,
      promotions: 0,
      attendanceRate: 0,
    });
  });
});

describe('partner report', () => {
  it('answers totals, a daily chart and the rate, with no member e-mails or names', async () => {
    await attendedEvent('pr-report');
    const res = await t.get('/api/admin/analytics/benefits/pr-report/partner-report', admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ benefitTitle: 'Tasting pr-report', venue: 'The Cellar', totals: EXPECTED });
    expect(report.when).toMatch(/SGT$/);
    // Bookings by the day they got a place, check-ins by theirs: all today here.
    const sum = (k: 'bookings' | 'checkIns') =>
      report.daily.reduce((n: number, d: Record<string, number>) => n + (d[k] ?? 0), 0);
    expect(sum('bookings')).toBe(3);
    expect(sum('checkIns')).toBe(1);
    noMemberData(res.body);

    const unsigned = await t.get('/api/admin/analytics/benefits/pr-report/partner-report');
    expect(unsigned.statusCode).toBe(401);
    const missing = await t.get('/api/admin/analytics/benefits/nope/partner-report', admin);
    expect(missing.statusCode).toBe(404);
  });

  it('downloads as a one-page PDF with the figures and a chart, and the download is audited', async () => {
    const res = await t.get('/api/admin/analytics/benefits/pr-report/partner-report.pdf', admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('partner-report-Tasting-pr-report.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Tasting pr-report');
    expect(text).toContain('Bookings and check-ins per day');
    expect(text).toMatch(/ATTENDANCE RATE\n50%/);
    expect(text).toMatch(/NO-SHOWS\n1\n/);
    expect(text).toMatch(/WAITLIST PROMOTIONS\n1\n/);
    noMemberData(text);
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'partner_report.download'), eq(adminAudit.targetId, 'pr-report')));
    expect(audit).toHaveLength(1);
  });
});

describe('a partner report in other scripts', () => {
  it('prints a Chinese title and a Cyrillic venue with fonts that have them, and keeps the file name plain', async () => {
    const title = '鼎泰豐 Dumpling Night';
    const venue = 'Зал «Сингапур»';
    await createTestEvent(t.db, 'pr-scripts', { benefitTitle: title, capacity: 5, location: venue, withPartner: true });
    const res = await t.get('/api/admin/analytics/benefits/pr-scripts/partner-report.pdf', admin);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="partner-report-Dumpling-Night.pdf"');
    const { fonts, printable } = pdfFonts(res.rawPayload);
    const needs = 'the fonts of Debian packages fonts-noto-cjk and fonts-dejavu-core (README, Test)';
    expect(fonts, needs).toEqual(expect.arrayContaining(['NotoSansCJKsc-Bold', 'DejaVuSans', 'Helvetica']));
    for (const ch of `${title}${venue}`.replace(/\s/g, '')) expect(printable).toContain(ch);
    // The rest of the page is still in the standard fonts, readable as before.
    expect(pdfText(res.rawPayload).text).toContain('Bookings and check-ins per day');
  });
});

describe('partner report links', () => {
  const create = (benefitId: string, payload: object = {}) =>
    t.post(`/api/admin/analytics/benefits/${benefitId}/report-links`, admin, payload);
  const open = (path: string) => t.get(`/api${path.replace('/reports/', '/partner-reports/')}`);

  it('shares the same report without signing in; only a hash of the token is stored', async () => {
    await attendedEvent('pr-link');
    const made = await create('pr-link');
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json();
    expect(link).toMatchObject({ state: 'active' });
    expect(link.path).toMatch(/^\/reports\/[A-Za-z0-9_-]{43}$/);
    // Default: 30 days on, to the end of that day in the event's zone.
    const days = (Date.parse(link.expiresOn) - Date.parse(new Date().toISOString().slice(0, 10))) / DAY;
    expect(days).toBeGreaterThanOrEqual(29);
    expect(days).toBeLessThanOrEqual(31);

    const shared = await open(link.path);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.headers['cache-control']).toBe('private, no-store');
    expect(shared.json().report.totals).toEqual(EXPECTED);
    noMemberData(shared.body);
    const pdf = await t.get(`/api${link.path.replace('/reports/', '/partner-reports/')}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const token = link.path.split('/').pop() ?? '';
    const [row] = await t.db.select().from(partnerReportLinks).where(eq(partnerReportLinks.id, link.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('expires: after its expiry the shared page answers 410 report_link_expired', async () => {
    const made = (await create('pr-link', { expiresOn: new Date(Date.now() + DAY).toISOString().slice(0, 10) })).json();
    expect((await open(made.path)).statusCode).toBe(200);
    // The clock moves past its end (no waiting in a test): the stored instant is moved instead.
    await t.db
      .update(partnerReportLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerReportLinks.id, made.id));
    const gone = await open(made.path);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: PARTNER_REPORT_MSG.expired, code: ERROR_CODE.reportLinkExpired });
    expect((await t.get(`/api${made.path.replace('/reports/', '/partner-reports/')}/pdf`)).statusCode).toBe(410);
    const list = await t.get('/api/admin/analytics/benefits/pr-link/report-links', admin);
    expect(list.json().links.find((l: { id: string }) => l.id === made.id)?.state).toBe('expired');
  });

  it('is revoked at once, audited; unknown tokens and bad dates are refused', async () => {
    const made = (
      await create('pr-link', { expiresOn: new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10) })
    ).json();
    const revoke = await t.post(`/api/admin/analytics/report-links/${made.id}/revoke`, admin, {});
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json().state).toBe('revoked');
    const gone = await open(made.path);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe(ERROR_CODE.reportLinkRevoked);

    const actions = (await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, 'pr-link'))).map(
      (a) => a.action,
    );
    expect(actions.filter((a) => a === 'partner_report.link_create').length).toBeGreaterThanOrEqual(3);
    expect(actions).toContain('partner_report.link_revoke');

    const unknown = await open(`/reports/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(ERROR_CODE.reportLinkInvalid);
    expect((await open('/reports/short')).statusCode).toBe(400);
    const past = await create('pr-link', { expiresOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(PARTNER_REPORT_MSG.expiryPast);
    expect((await create('pr-link', { expiresOn: '2020-02-30' })).statusCode).toBe(400);
    expect((await create('pr-link', { expiresOn: '2999-01-01' })).json().error).toBe(PARTNER_REPORT_MSG.expiryTooFar);
    expect((await create('nope')).statusCode).toBe(404);
    const unsigned = await t.post('/api/admin/analytics/benefits/pr-link/report-links', undefined, {});
    expect(unsigned.statusCode).toBe(401);
    const stranger = await t.post(`/api/admin/analytics/report-links/${crypto.randomUUID()}/revoke`, admin, {});
    expect(stranger.statusCode).toBe(404);
  });
});
