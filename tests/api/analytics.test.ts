import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relativeTime, SORT_COLUMNS } from '#common/analytics-report.ts';
import { benefitClickLogs, bookings, formSubmissionLogs, portalAccessLogs } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { safeCsvCell } from '../../src/server/lib/csv.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
const at = (day: number, hour = 12) => new Date(Date.UTC(2025, 8, 28 + day, hour));

type Row = {
  benefitId: string;
  benefitTitle: string;
  totalClicks: number;
  totalSubmissions: number;
  uniqueUsers: number;
  totalInteractions: number;
  clickEmails: string[];
  submissionEmails: string[];
};
const report = async (query = '') => {
  const res = await t.get(`/api/admin/analytics/benefits${query}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    benefits: Row[];
    page: number;
    pageSize: number;
    totalPages: number;
    totalBenefits: number;
  };
};

beforeAll(async () => {
  t = await createTestApp();
  await upsertAdmin(t.db, { email: 'staff@example.com', password: 'correct horse battery' });
  const res = await t.post('/api/admin/login', undefined, {
    email: 'staff@example.com',
    password: 'correct horse battery',
  });
  admin = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
  // 3 accesses; clicks: speakers 5 (3 people), wristcheck 2, elyx 1 (day 4); submissions: speakers 2, jai 3.
  await t.db
    .insert(portalAccessLogs)
    .values([1, 2, 3].map((d) => ({ userEmail: `u${d}@example.com`, accessTime: at(d) })));
  await t.db.insert(benefitClickLogs).values([
    ...[1, 1, 2, 2, 3].map((d, i) => ({
      userEmail: `u${(i % 3) + 1}@example.com`,
      benefitId: 'speakers-reception',
      benefitTitle: 'Speakers Reception',
      clickTime: at(d, i),
    })),
    { userEmail: 'u1@example.com', benefitId: 'wristcheck', benefitTitle: 'Wristcheck', clickTime: at(2) },
    { userEmail: '=cmd@example.com', benefitId: 'wristcheck', benefitTitle: 'Wristcheck', clickTime: at(2, 13) },
    { userEmail: 'u9@example.com', benefitId: 'elyx-life', benefitTitle: 'Elyx Life', clickTime: at(4) },
  ]);
  await t.db.insert(formSubmissionLogs).values([
    {
      userEmail: 'u1@example.com',
      benefitId: 'speakers-reception',
      benefitTitle: 'Speakers Reception',
      submissionType: 'MODAL_BUTTON',
      submissionTime: at(2),
    },
    {
      userEmail: 'u4@example.com',
      benefitId: 'speakers-reception',
      benefitTitle: 'Speakers Reception',
      submissionTime: at(3),
    },
    ...[1, 2, 3].map((d) => ({
      userEmail: `j${d}@example.com`,
      benefitId: 'jai-one-siam',
      benefitTitle: 'JAI by ONESIAM',
      submissionTime: at(d, 9),
    })),
  ]);
});
afterAll(() => t.close());

describe('analytics summary', () => {
  it('gives the three totals, the 10 newest activities and daily counts', async () => {
    const res = await t.get('/api/admin/analytics/summary', admin);
    const { data } = res.json();
    expect([data.totalPortalAccesses, data.totalBenefitClicks, data.totalFormSubmissions]).toEqual([3, 8, 5]);
    expect(data.recentActivity).toHaveLength(10);
    expect(data.recentActivity[0]).toEqual({
      type: 'benefit_click',
      userEmail: 'u9@example.com',
      details: 'Clicked Elyx Life',
      timestamp: at(4).toISOString(),
    });
    const times = data.recentActivity.map((a: { timestamp: string }) => a.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(data.daily).toHaveLength(14);
    expect(data.daily.at(-1)).toEqual({ day: '2025-10-02', portal_access: 0, benefit_click: 1, form_submission: 0 });
    expect(data.daily.find((d: { day: string }) => d.day === '2025-09-30')).toEqual({
      day: '2025-09-30',
      portal_access: 1,
      benefit_click: 4,
      form_submission: 2,
    });
  });

  it('is for admins only', async () => {
    const member = await t.signIn('m@example.com');
    for (const url of [
      '/api/admin/analytics/summary',
      '/api/admin/analytics/benefits',
      '/api/admin/analytics/benefits.csv',
      '/api/admin/benefits/wristcheck/rsvps.csv',
    ]) {
      expect((await t.get(url)).statusCode).toBe(401);
      expect((await t.get(url, member)).statusCode).toBe(401);
    }
  });
});

describe('benefit analytics', () => {
  it('defaults to 25 a page sorted by total interactions, with e-mail lists', async () => {
    const r = await report();
    expect(r).toMatchObject({ page: 1, pageSize: 25, totalPages: 1, totalBenefits: 4 });
    expect(r.benefits.map((b) => [b.benefitId, b.totalInteractions])).toEqual([
      ['speakers-reception', 7],
      ['jai-one-siam', 3],
      ['wristcheck', 2],
      ['elyx-life', 1],
    ]);
    expect(r.benefits[0]).toMatchObject({
      benefitTitle: 'Speakers Reception',
      totalClicks: 5,
      totalSubmissions: 2,
      uniqueUsers: 4,
      clickEmails: ['u1@example.com', 'u2@example.com', 'u3@example.com'],
      submissionEmails: ['u1@example.com', 'u4@example.com'],
    });
  });

  it.each(
    SORT_COLUMNS.flatMap(
      (c) =>
        [
          [c, 'asc'],
          [c, 'desc'],
        ] as const,
    ),
  )('sorts by %s %s', async (sortBy, sortDir) => {
    const r = await report(`?sortBy=${sortBy}&sortDir=${sortDir}`);
    const key = (b: Row) => (sortBy === 'benefitTitle' ? b.benefitTitle.toLowerCase() : b[sortBy]);
    const values = r.benefits.map(key);
    const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(values).toEqual(sortDir === 'asc' ? sorted : sorted.reverse());
  });

  it('answers the whole e-mail list of one benefit for the dialog', async () => {
    const res = await t.get('/api/admin/analytics/benefits/speakers-reception/emails?kind=submission', admin);
    expect(res.json()).toEqual({ data: { emails: ['u1@example.com', 'u4@example.com'] } });
    const bad = await t.get('/api/admin/analytics/benefits/x/emails?kind=both', admin);
    expect(bad.json()).toEqual({ error: 'kind must be click or submission', code: expect.any(String) });
  });

  it('pages, searches and filters by date', async () => {
    const p2 = await report('?pageSize=3&page=2');
    expect(p2).toMatchObject({ page: 2, totalPages: 2, totalBenefits: 4 });
    expect(p2.benefits.map((b) => b.benefitId)).toEqual(['elyx-life']);
    expect((await report('?search=wrist')).benefits.map((b) => b.benefitId)).toEqual(['wristcheck']);
    expect((await report('?search=%25')).benefits).toEqual([]); // a literal %, not a wildcard
    const day1 = await report('?startDate=2025-09-29&endDate=2025-09-29');
    expect(day1.benefits.map((b) => [b.benefitId, b.totalClicks, b.totalSubmissions])).toEqual([
      ['speakers-reception', 2, 0],
      ['jai-one-siam', 0, 1],
    ]);
  });

  it.each([
    ['?sortBy=nope', 'sortBy must be one of'],
    ['?page=0', 'page must be 1 or more'],
    ['?page=abc', ''],
    ['?sortDir=up', 'sortDir must be asc or desc'],
    ['?startDate=2025-13-45x', 'Dates are YYYY-MM-DD'],
    ['?startDate=2025-10-02&endDate=2025-10-01', 'startDate must not be after endDate'],
  ])('refuses %s with a 400', async (query, message) => {
    const res = await t.get(`/api/admin/analytics/benefits${query}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });
});

describe('submissions without a benefit', () => {
  it('count in the totals but make no row in the benefit report', async () => {
    const before = (await t.get('/api/admin/analytics/summary', admin)).json().data.totalFormSubmissions;
    await t.db.insert(formSubmissionLogs).values({ userEmail: 'lost@example.com', submissionTime: at(4, 1) });
    const after = (await t.get('/api/admin/analytics/summary', admin)).json().data.totalFormSubmissions;
    expect(after).toBe(before + 1);
    expect((await report()).benefits.some((b) => b.benefitId === '')).toBe(false);
  });
});

describe('CSV exports', () => {
  it('escapes formulas and quotes cells', () => {
    expect(safeCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(safeCsvCell('+1')).toBe("'+1");
    expect(safeCsvCell('-2')).toBe("'-2");
    expect(safeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(safeCsvCell('a,b')).toBe('"a,b"');
    expect(safeCsvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(safeCsvCell(null)).toBe('');
    expect(safeCsvCell(42)).toBe('42');
  });

  it('exports the benefit table', async () => {
    const res = await t.get('/api/admin/analytics/benefits.csv?sortBy=benefitTitle&sortDir=asc', admin);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('benefit-analytics.csv');
    expect(res.body.split('\r\n').filter(Boolean)).toEqual([
      'Benefit ID,Benefit,Clicks,Submissions,Unique users,Total interactions',
      'elyx-life,Elyx Life,1,0,1,1',
      'jai-one-siam,JAI by ONESIAM,0,3,3,3',
      'speakers-reception,Speakers Reception,5,2,4,7',
      'wristcheck,Wristcheck,2,0,2,2',
    ]);
  });

  it("exports a benefit's RSVP list with formula-looking names defused", async () => {
    await t.db.insert(bookings).values([
      { eventId: 'wristcheck', email: 'a@example.com', firstName: '=1+1', lastName: 'Doe, Jr' },
      { eventId: 'wristcheck', email: 'b@example.com', firstName: 'Bea', lastName: 'Stone' },
    ]);
    const res = await t.get('/api/admin/benefits/wristcheck/rsvps.csv', admin);
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'Event,Email,First name,Last name,Full name,Phone,Date,Time slot,Guests,Total attendees,Status,Booked at',
    );
    const ada = lines.find((l) => l.startsWith('Wristcheck Offer,a@example.com,'));
    expect(ada).toMatch(/^Wristcheck Offer,a@example.com,'=1\+1,"Doe, Jr",,,,,0,1,confirmed,2\d{3}-/);
    expect(lines).toHaveLength(3);
    expect((await t.get('/api/admin/benefits/nope/rsvps.csv', admin)).statusCode).toBe(404);
  });

  it('a benefit only the logs remember still exports its (empty) RSVP list under its logged title', async () => {
    await t.db.insert(benefitClickLogs).values({
      userEmail: 'ghost@example.com',
      benefitId: 'gone-benefit',
      benefitTitle: 'Gone Gala',
      clickTime: new Date(),
    });
    const res = await t.get('/api/admin/benefits/gone-benefit/rsvps.csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/rsvps-.*gone-gala.*\.csv/i);
    expect(res.body.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('summarises relative times as the spec says', () => {
    const now = Date.parse('2025-10-01T12:00:00Z');
    expect(relativeTime('2025-10-01T11:59:30Z', now)).toBe('Just now');
    expect(relativeTime('2025-10-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2025-10-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2025-09-28T12:00:00Z', now)).toBe('3 days ago');
  });
});
