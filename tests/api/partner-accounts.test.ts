import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { adminAudit, bookings, partnerBenefits, users } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent } from '../support/events.ts';
import { isOwnAccountRoute, isOwnIntegrationRoute } from '../support/own-account-routes.ts';
import { runCli } from '../support/run-cli.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 030: a partner account sees only the benefits an admin assigns, and of their attendees only
// the fields the organiser shares; every other admin route answers it 403.
let t: TestApp;
let admin: string;
let partner: string;
const MINE = 'pa-mine';
const OTHER = 'pa-other';
const booked: Record<string, { id: string; passCode: string }[]> = { [MINE]: [], [OTHER]: [] };

async function book(eventId: string, email: string, data: Record<string, string> = {}) {
  await upsertMember(t.db, { email, firstName: email.split('@')[0] ?? 'M', lastName: 'Member' });
  const { booking } = await reservePlace(t.db, {
    eventId,
    email,
    fullName: `Name ${email.split('@')[0]}`,
    guestCount: 1,
  });
  await t.db.update(bookings).set({ data, phoneNumber: '+65 5555 0000' }).where(eq(bookings.id, booking.id));
  booked[eventId]?.push({ id: booking.id, passCode: booking.passCode as string });
}

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 3 });
  await createTestEvent(t.db, MINE, { benefitTitle: 'Mine Offer', capacity: 50 });
  await createTestEvent(t.db, OTHER, { benefitTitle: 'Other Offer', capacity: 50 });
  await book(MINE, 'ann@example.com', { company: 'Acme' });
  await book(MINE, 'bob@example.com', { company: '=HYPERLINK("x")' });
  await book(OTHER, 'secret@example.com', { company: 'Hidden Corp' });
  admin = await t.signInAdmin('partners-admin@example.com');
  partner = await t.signInPartner('partner-mine@example.com', [MINE]);
}, 120_000);
afterAll(() => t.close());

describe('partner accounts: creation', () => {
  it('are made on the Members page with their benefits, changed there, audited, and sign in as partners', async () => {
    const add = (payload: object) => t.post('/api/admin/accounts', admin, payload);
    const base = { email: 'Shop@Example.com', password: 'shop-password-123', role: 'partner' };
    expect((await add(base)).statusCode).toBe(400);
    const unknown = await add({ ...base, benefitIds: ['no-such-benefit'] });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'Benefit not found: no-such-benefit']);
    const made = await add({ ...base, benefitIds: [MINE] });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ email: 'shop@example.com', role: 'partner', benefitIds: [MINE] });

    const changed = await t.put('/api/admin/accounts/shop@example.com/benefits', admin, { benefitIds: [MINE, OTHER] });
    expect(changed.json()).toEqual({ benefitIds: [MINE, OTHER] });
    expect((await t.put('/api/admin/accounts/shop@example.com/benefits', admin, { benefitIds: [] })).statusCode).toBe(
      400,
    );
    // Only admins assign: a partner cannot widen its own scope.
    expect(
      (await t.put('/api/admin/accounts/partner-mine@example.com/benefits', partner, { benefitIds: [OTHER] }))
        .statusCode,
    ).toBe(403);
    const list = (await t.get('/api/admin/accounts', admin)).json().accounts;
    expect(list).toContainEqual(expect.objectContaining({ email: 'shop@example.com', benefitIds: [MINE, OTHER] }));

    const login = await t.post('/api/admin/login', '', { email: 'shop@example.com', password: 'shop-password-123' });
    expect(login.json()).toEqual({ email: 'shop@example.com', role: 'partner', timeZone: 'Asia/Singapore' });

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, 'shop@example.com'));
    expect(audit.map((a) => [a.action, a.details])).toEqual(
      expect.arrayContaining([
        ['account.save', { role: 'partner', benefitIds: [MINE] }],
        ['partner.assign', { benefitIds: [MINE, OTHER] }],
      ]),
    );
    expect((await t.del('/api/admin/accounts/shop@example.com', admin)).statusCode).toBe(200);
    expect(await t.db.select().from(partnerBenefits).innerJoin(users, eq(users.id, partnerBenefits.userId))).toEqual([
      expect.objectContaining({ users: expect.objectContaining({ username: 'partner-mine@example.com' }) }),
    ]);
  });

  it('sign in through the admin sign-in and its limits: wrong passwords are slowed (429), never a weaker path', async () => {
    await t.signInPartner('slowed-partner@example.com', [MINE]);
    const attempt = () =>
      t.post('/api/admin/login', '', { email: 'slowed-partner@example.com', password: 'wrong one!!' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect([refused.statusCode, refused.json().code]).toEqual([429, ERROR_CODE.rateLimited]);
  });
});

describe('partner scope: every admin route', () => {
  // What a partner may reach: the declared routes, and only for their benefits.
  const PARTNER_ROUTES = [
    'GET /api/admin/partner/benefits',
    'GET /api/admin/partner/events/:eventId/attendees',
    'GET /api/admin/partner/events/:eventId/attendees.csv',
    'GET /api/admin/check-in/events',
    'GET /api/admin/check-in/events/:eventId',
    'POST /api/admin/check-in',
    'DELETE /api/admin/check-in/:bookingId',
    'GET /api/admin/analytics/benefits/:id/partner-report',
    'GET /api/admin/analytics/benefits/:id/partner-report.pdf',
    'GET /api/admin/benefits/:benefitId/offer-codes',
    'GET /api/admin/benefits/:benefitId/offer-codes/list',
    'POST /api/admin/benefits/:benefitId/offer-codes/upload',
    'POST /api/admin/benefits/:benefitId/offer-codes/redeem',
    'POST /api/admin/benefits/:benefitId/offer-codes/unredeem',
    'POST /api/admin/benefits/:benefitId/offer-codes/redeem-file',
    'GET /api/admin/benefits/:benefitId/offer-codes.csv',
  ];
  const adminRoutes = () =>
    t.app.routeList.filter(
      (r) =>
        (r.url.startsWith('/api/admin') || r.url === '/api/upload-image' || r.url === '/api/sheets/process') &&
        !['/api/admin/session', '/api/admin/login', '/api/admin/logout'].includes(r.url) &&
        !isOwnAccountRoute(r.url) &&
        !isOwnIntegrationRoute(r.url),
    );
  const fill = (url: string, eventId: string, benefitId: string, bookingId: string) =>
    url
      .replace(':eventId', eventId)
      .replace(':benefitId', benefitId)
      .replace('benefits/:id', `benefits/${benefitId}`)
      .replace(':bookingId', bookingId)
      .replace(/:[A-Za-z]+/g, 'x');

  it("answers 403 everywhere but the partner routes, which give nothing of another partner's benefit", async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const open: string[] = [];
    const other = booked[OTHER]?.[0] as { id: string };
    for (const route of routes) {
      const res = await t.send(
        route.method as 'GET',
        fill(route.url, OTHER, OTHER, other.id),
        partner,
        ['POST', 'PUT', 'PATCH'].includes(route.method) ? { code: 'ABCD', eventId: OTHER } : undefined,
      );
      const key = `${route.method} ${route.url}`;
      if (res.statusCode === 403) {
        expect(res.json()).toMatchObject({ code: ERROR_CODE.forbidden, error: expect.any(String) });
        continue;
      }
      open.push(key);
      expect(res.body).not.toContain('secret@example.com');
      expect(res.body).not.toContain('Hidden Corp');
      expect(res.body).not.toContain('Other Offer');
      // The lists answer 200 with the partner's own; the rest refuse another's benefit with 404 and no data.
      if (key.endsWith('/partner/benefits') || key.endsWith('/check-in/events')) expect(res.statusCode).toBe(200);
      else expect([key, res.statusCode, Object.keys(res.json())]).toEqual([key, 404, ['error', 'code']]);
    }
    expect(open.sort()).toEqual([...PARTNER_ROUTES].sort());
  });

  it('lists only the partner’s benefits, and their events at the door', async () => {
    const home = (await t.get('/api/admin/partner/benefits', partner)).json();
    expect(home.benefits.map((b: { id: string }) => b.id)).toEqual([MINE]);
    expect(home.benefits[0]).toMatchObject({
      title: 'Mine Offer',
      fields: ['name', 'email', 'guests', 'status', 'checkIn'],
    });
    expect(home.benefits[0].events.map((e: { id: string }) => e.id)).toEqual([MINE]);
    const door = (await t.get('/api/admin/check-in/events', partner)).json();
    expect(door.data.map((e: { id: string }) => e.id)).toEqual([MINE]);
    // Admins see every event at the door, as before.
    const all = (await t.get('/api/admin/check-in/events', admin)).json();
    expect(all.data.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([MINE, OTHER]));
  });
});

describe('partner scope: attendees, check-in, report', () => {
  it('shows attendees with the shared fields only, in the list and the CSV; the choice is the admin’s', async () => {
    const list = await t.get(`/api/admin/partner/events/${MINE}/attendees`, partner);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.fields).toEqual(['name', 'email', 'guests', 'status', 'checkIn']);
    expect(body.answerFields).toEqual([]);
    expect(Object.keys(body.attendees[0]).sort()).toEqual(
      ['checkedInAtText', 'email', 'fullName', 'guestCount', 'id', 'status'].sort(),
    );
    expect(list.body).not.toContain('Acme');
    expect(list.body).not.toContain('5555');

    const fieldsUrl = `/api/admin/benefits/${MINE}/partner-fields`;
    expect((await t.put(fieldsUrl, partner, { fields: ['answers'] })).statusCode).toBe(403);
    expect((await t.put(fieldsUrl, admin, { fields: ['nope'] })).statusCode).toBe(400);
    const set = await t.put(fieldsUrl, admin, { fields: ['answers', 'name'] });
    expect(set.json()).toEqual({ fields: ['name', 'answers'] });
    expect((await t.get(fieldsUrl, admin)).json()).toEqual({ fields: ['name', 'answers'] });

    const now = (await t.get(`/api/admin/partner/events/${MINE}/attendees`, partner)).json();
    expect(now.answerFields).toEqual([{ key: 'company', label: expect.any(String) }]);
    expect(now.attendees.map((a: object) => Object.keys(a).sort())).toEqual([
      ['answers', 'fullName', 'id'],
      ['answers', 'fullName', 'id'],
    ]);
    expect(JSON.stringify(now)).not.toContain('ann@example.com');

    const csv = await t.get(`/api/admin/partner/events/${MINE}/attendees.csv`, partner);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Name,/);
    expect(lines).toHaveLength(3);
    expect(csv.body).not.toContain('@example.com');
    expect(csv.body).toContain("'=HYPERLINK"); // formula-safe, as every export
    expect((await t.get(`/api/admin/partner/events/${OTHER}/attendees.csv`, partner)).statusCode).toBe(404);

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.adminEmail, 'partner-mine@example.com'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['partner.attendees', 'attendees.export']));
    const fieldsAudit = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'partner.fields'));
    expect(fieldsAudit.map((a) => a.targetId)).toEqual([MINE]);
  });

  it('checks in only passes of the partner’s events; another benefit’s pass is unknown to them', async () => {
    const mine = booked[MINE]?.[0] as { id: string; passCode: string };
    const other = booked[OTHER]?.[0] as { id: string; passCode: string };
    const checkIn = (code: string, eventId?: string) => t.post('/api/admin/check-in', partner, { code, eventId });

    expect((await checkIn(mine.passCode)).statusCode).toBe(404); // a partner names the event
    const foreign = await checkIn(other.passCode, MINE);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, ERROR_CODE.unknownPass]);
    expect(foreign.body).not.toContain('secret');
    expect((await checkIn(other.passCode, OTHER)).statusCode).toBe(404);
    const admitted = await checkIn(mine.passCode, MINE);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json().booking.eventId).toBe(MINE);

    const passes = await t.get(`/api/admin/check-in/events/${MINE}`, partner);
    expect(passes.json().passes).toHaveLength(2);
    expect((await t.del(`/api/admin/check-in/${other.id}`, partner)).statusCode).toBe(404);
    expect((await t.del(`/api/admin/check-in/${mine.id}`, partner)).statusCode).toBe(200);

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.adminEmail, 'partner-mine@example.com'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['check-in', 'check-in.undo']));
  });

  it('reads and downloads the partner report of their benefit only; sharing links stay the organiser’s', async () => {
    const report = await t.get(`/api/admin/analytics/benefits/${MINE}/partner-report`, partner);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ benefitId: MINE, benefitTitle: 'Mine Offer' });
    const pdf = await t.get(`/api/admin/analytics/benefits/${MINE}/partner-report.pdf`, partner);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await t.get(`/api/admin/analytics/benefits/${OTHER}/partner-report`, partner)).statusCode).toBe(404);
    expect((await t.get(`/api/admin/analytics/benefits/${MINE}/report-links`, partner)).statusCode).toBe(403);
    const downloads = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'partner_report.download'));
    expect(downloads.map((d) => d.adminEmail)).toContain('partner-mine@example.com');
  });
});

describe('partner accounts from the command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-partner-cli-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCli(dataDir, ...args);

  it('adds a partner with repeated --benefit; refuses one without, or with an unknown benefit', async () => {
    expect((await cli('db', 'seed')).out).toContain('Catalogue seeded.');
    const pw = ['--password', 'a long enough password', '--role', 'partner'];
    const none = await cli('admins', 'add', 'shop@example.com', ...pw);
    expect([none.code, none.out]).toEqual([2, expect.stringContaining('A partner needs --benefit ID')]);
    const unknown = await cli('admins', 'add', 'shop@example.com', ...pw, '--benefit', 'nope');
    expect([unknown.code, unknown.out]).toEqual([1, expect.stringContaining('Benefit not found: nope')]);
    const made = await cli(
      'admins',
      'add',
      'Shop@Example.com',
      ...pw,
      '--benefit',
      'wristcheck',
      '--benefit',
      'ap-house',
    );
    expect([made.code, made.out]).toEqual([0, expect.stringContaining('Partner shop@example.com saved')]);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .select({ benefitId: partnerBenefits.benefitId, role: users.role })
        .from(partnerBenefits)
        .innerJoin(users, eq(users.id, partnerBenefits.userId));
      expect(rows.sort((a, b) => a.benefitId.localeCompare(b.benefitId))).toEqual([
        { benefitId: 'ap-house', role: 'partner' },
        { benefitId: 'wristcheck', role: 'partner' },
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('partner accounts: offer codes (decision 029)', () => {
  const OFFER = 'pa-codes';
  const FOREIGN = 'pa-codes-other';
  const codes = (id: string) => `/api/admin/benefits/${id}/offer-codes`;

  it("run their offer's pool: upload, list, redeem, export; see claimers only when e-mail is shared; never settings", async () => {
    for (const id of [OFFER, FOREIGN])
      await createTestEvent(t.db, id, { capacity: null, bookingForm: 'none', benefitTitle: `Codes ${id}` });
    const shop = await t.signInPartner('partner-codes@example.com', [OFFER]);
    expect((await t.post(`${codes(OFFER)}/upload`, shop, { text: 'PA-1\nPA-2' })).json()).toEqual({
      added: 2,
      promoted: 0,
    });
    const claimed = await t.post(`/api/rsvp/${OFFER}`, await t.signIn('pa-claimer@example.com'), {});
    expect(claimed.json().offerCodes).toEqual(['PA-1']);

    // E-mail addresses are shared by default: the partner sees who claimed, in the list and the redeem answer.
    const redeemed = await t.post(`${codes(OFFER)}/redeem`, shop, { code: 'pa-1' });
    expect(redeemed.json().code).toMatchObject({ code: 'PA-1', claimedBy: 'pa-claimer@example.com' });
    expect(redeemed.json().code.redeemedBy).toBe('partner-codes@example.com');
    const search = async (q: string, who: string) =>
      (await t.get(`${codes(OFFER)}/list?q=${encodeURIComponent(q)}`, who))
        .json()
        .codes.map((c: { code: string }) => c.code);
    expect(await search('pa-claimer', shop)).toEqual(['PA-1']);

    // Once the organiser stops sharing e-mail addresses, the claimer is hidden everywhere the partner reads codes.
    const fields = ['name', 'guests', 'status', 'checkIn'];
    expect((await t.put(`/api/admin/benefits/${OFFER}/partner-fields`, admin, { fields })).statusCode).toBe(200);
    const list = (await t.get(`${codes(OFFER)}/list`, shop)).json().codes;
    expect(list.map((c: { code: string; claimedBy: string | null }) => [c.code, c.claimedBy])).toEqual(
      expect.arrayContaining([
        ['PA-1', null],
        ['PA-2', null],
      ]),
    );
    expect((await t.post(`${codes(OFFER)}/unredeem`, shop, { code: 'PA-1' })).json().code.claimedBy).toBeNull();
    const csv = await t.get(`${codes(OFFER)}.csv`, shop);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('PA-1');
    expect(csv.body).not.toContain('pa-claimer@example.com');
    // Nor can the partner find a member by e-mail: the search matches codes only.
    expect(await search('pa-claimer', shop)).toEqual([]);
    expect(await search('pa-1', shop)).toEqual(['PA-1']);
    // The organiser still sees everything.
    expect(await search('pa-claimer', admin)).toEqual(['PA-1']);
    expect((await t.get(`${codes(OFFER)}/list`, admin)).json().codes).toContainEqual(
      expect.objectContaining({ code: 'PA-1', claimedBy: 'pa-claimer@example.com' }),
    );

    // Limits, windows and a shared code stay the organiser's; another benefit's pool is not there at all.
    expect((await t.put(`${codes(OFFER)}/settings`, shop, { perMemberLimit: 5 })).statusCode).toBe(403);
    const foreign = await t.post(`${codes(FOREIGN)}/upload`, shop, { text: 'X-1' });
    expect(foreign.statusCode).toBe(404);
    expect((await t.get(`${codes(FOREIGN)}/list`, shop)).statusCode).toBe(404);
  });
});
