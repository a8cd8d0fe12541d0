import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { bookings } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// DESIGN §8, docs/decisions/046: every list a partner reaches is filtered by the fields the organiser shares, in
// one place. With only names shared, no route a partner reaches gives an e-mail, a pass code or who else acted.
let t: TestApp;
let admin: string;
let staff: string;
let partner: string;
const DOOR = 'pv-door';
const OFFER = 'pv-offer';
const ADMIN_EMAIL = 'pv-admin@example.com';
const STAFF_EMAIL = 'pv-door-staff@example.com';
const PARTNER_EMAIL = 'door@pv-partner.example';
const passes: { id: string; email: string; code: string }[] = [];

async function book(email: string, fullName: string) {
  await upsertMember(t.db, { email, firstName: '', lastName: '' });
  const { booking } = await reservePlace(t.db, { eventId: DOOR, email, fullName, guestCount: 1 });
  // A booking without a name: the door names it by its e-mail, which a partner must not see.
  if (!fullName) await t.db.update(bookings).set({ fullName: '' }).where(eq(bookings.id, booking.id));
  passes.push({ id: booking.id, email, code: booking.passCode as string });
}

beforeAll(async () => {
  t = await createTestApp();
  await createTestEvent(t.db, DOOR, { benefitTitle: 'Door Night', capacity: 50 });
  await createTestEvent(t.db, OFFER, { capacity: null, bookingForm: 'none', benefitTitle: 'Code Offer' });
  await book('pv-ann@example.com', 'Ann Attendee');
  await book('pv-nameless@example.com', '');
  await book('pv-cal@example.com', 'Cal Attendee');
  admin = await t.signInAdmin(ADMIN_EMAIL);
  staff = await t.signInStaff(STAFF_EMAIL);
  partner = await t.signInPartner(PARTNER_EMAIL, [DOOR, OFFER]);
  for (const id of [DOOR, OFFER]) {
    const put = await t.put(`/api/admin/benefits/${id}/partner-fields`, admin, { fields: ['name'] });
    expect(put.statusCode).toBe(200);
  }
  // Door staff admitted Ann; the organiser redeemed a claimed code.
  const [ann] = passes;
  expect((await t.post('/api/admin/check-in', staff, { code: ann?.code, eventId: DOOR })).statusCode).toBe(200);
  const codes = `/api/admin/benefits/${OFFER}/offer-codes`;
  expect((await t.post(`${codes}/upload`, admin, { text: 'PV-1\nPV-2\nPV-3' })).statusCode).toBe(200);
  for (const who of ['pv-claim-1@example.com', 'pv-claim-2@example.com']) {
    await upsertMember(t.db, { email: who, firstName: 'C', lastName: 'Laimer' });
    expect((await t.post(`/api/rsvp/${OFFER}`, await t.signIn(who), {})).statusCode).toBe(201);
  }
  expect((await t.post(`${codes}/redeem`, admin, { code: 'PV-1' })).statusCode).toBe(200);
}, 120_000);
afterAll(() => t.close());

const req = (method: string, url: string, cookie: string, payload?: object) =>
  t.send(method as 'GET', url, cookie, payload);

describe('partner views from one rule (decision 046)', () => {
  it('with only names shared, no partner route gives an e-mail, a pass code or a staff e-mail', async () => {
    const [ann, nameless, cal] = passes as [(typeof passes)[0], (typeof passes)[0], (typeof passes)[0]];
    const codes = `/api/admin/benefits/${OFFER}/offer-codes`;
    // The partner's own integrations (decision 058): an endpoint and a token of theirs to walk.
    const hookBody = {
      url: 'https://hooks.partner.example/pv',
      eventTypes: ['booking.confirmed', 'booking.checked_in'],
    };
    const hook = (await req('POST', '/api/admin/webhooks', partner, hookBody)).json() as { id: string };
    const hooks = `/api/admin/webhooks/${hook.id}`;
    const tokenBody = { name: 'PV', scopes: ['attendees', 'check-ins'] };
    const token = (await req('POST', '/api/admin/api-tokens', partner, tokenBody)).json() as { id: string };
    expect([typeof hook.id, typeof token.id]).toEqual(['string', 'string']);
    const nothing = '00000000-0000-4000-8000-000000000000';
    // Every partner route, with the calls that once leaked: a pass already admitted by staff (409 naming them), a
    // nameless pass admitted and taken back, a code redeemed by the organiser (409 naming them).
    const calls: Record<string, [string, string, object?][]> = {
      'GET /api/admin/partner/benefits': [['GET', '/api/admin/partner/benefits']],
      'GET /api/admin/partner/events/:eventId/attendees': [['GET', `/api/admin/partner/events/${DOOR}/attendees`]],
      'GET /api/admin/partner/events/:eventId/attendees.csv': [
        ['GET', `/api/admin/partner/events/${DOOR}/attendees.csv`],
      ],
      'GET /api/admin/check-in/events': [['GET', '/api/admin/check-in/events']],
      'GET /api/admin/check-in/events/:eventId': [['GET', `/api/admin/check-in/events/${DOOR}`]],
      'POST /api/admin/check-in': [
        ['POST', '/api/admin/check-in', { code: ann.code, eventId: DOOR }],
        ['POST', '/api/admin/check-in', { code: nameless.code, eventId: DOOR }],
        ['POST', '/api/admin/check-in', { code: nameless.code, eventId: DOOR }],
      ],
      'DELETE /api/admin/check-in/:bookingId': [['DELETE', `/api/admin/check-in/${nameless.id}`]],
      'GET /api/admin/analytics/benefits/:id/partner-report': [
        ['GET', `/api/admin/analytics/benefits/${DOOR}/partner-report`],
        ['GET', `/api/admin/analytics/benefits/${OFFER}/partner-report`],
      ],
      'GET /api/admin/analytics/benefits/:id/partner-report.pdf': [
        ['GET', `/api/admin/analytics/benefits/${OFFER}/partner-report.pdf`],
      ],
      'GET /api/admin/benefits/:benefitId/offer-codes': [['GET', codes]],
      'GET /api/admin/benefits/:benefitId/offer-codes/list': [
        ['GET', `${codes}/list`],
        ['GET', `${codes}/list?q=pv-claim`],
      ],
      'POST /api/admin/benefits/:benefitId/offer-codes/upload': [['POST', `${codes}/upload`, { text: 'PV-4' }]],
      'POST /api/admin/benefits/:benefitId/offer-codes/redeem': [
        ['POST', `${codes}/redeem`, { code: 'PV-1' }],
        ['POST', `${codes}/redeem`, { code: 'PV-2' }],
      ],
      'POST /api/admin/benefits/:benefitId/offer-codes/unredeem': [['POST', `${codes}/unredeem`, { code: 'PV-2' }]],
      'POST /api/admin/benefits/:benefitId/offer-codes/redeem-file': [
        ['POST', `${codes}/redeem-file`, { text: 'PV-1\nPV-3' }],
      ],
      'GET /api/admin/benefits/:benefitId/offer-codes.csv': [['GET', `${codes}.csv`]],
      'GET /api/admin/webhooks': [['GET', '/api/admin/webhooks']],
      'POST /api/admin/webhooks': [['POST', '/api/admin/webhooks', hookBody]],
      'PATCH /api/admin/webhooks/:id': [['PATCH', hooks, { description: 'Door' }]],
      'POST /api/admin/webhooks/:id/rotate': [['POST', `${hooks}/rotate`]],
      'POST /api/admin/webhooks/:id/test': [['POST', `${hooks}/test`]],
      'GET /api/admin/webhooks/:id/deliveries': [['GET', `${hooks}/deliveries`]],
      'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': [['POST', `${hooks}/deliveries/${nothing}/resend`]],
      'DELETE /api/admin/webhooks/:id': [['DELETE', hooks]],
      'GET /api/admin/api-tokens': [['GET', '/api/admin/api-tokens']],
      'POST /api/admin/api-tokens': [['POST', '/api/admin/api-tokens', tokenBody]],
      'POST /api/admin/api-tokens/:id/revoke': [['POST', `/api/admin/api-tokens/${token.id}/revoke`]],
    };
    const partnerRoutes = t.app.routeList.filter((r) => r.partner).map((r) => `${r.method} ${r.url}`);
    // A route opened to partners must be walked here too.
    expect(Object.keys(calls).sort()).toEqual([...new Set(partnerRoutes)].sort());

    const secrets = [
      ...passes.flatMap((p) => [p.email, p.code]),
      'pv-claim-1@example.com',
      'pv-claim-2@example.com',
      ADMIN_EMAIL,
      STAFF_EMAIL,
    ];
    const statuses: string[] = [];
    for (const [key, list] of Object.entries(calls))
      for (const [method, url, payload] of list) {
        const res = await req(method, url, partner, payload);
        statuses.push(`${key} ${res.statusCode}`);
        expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(500);
        for (const secret of secrets) expect(res.body, `${method} ${url}`).not.toContain(secret);
        expect(res.body, `${method} ${url}`).not.toMatch(/pv-[a-z-]+@example\.com/);
      }
    // The calls did what they say: refusals that once named staff, admissions, names where shared.
    expect(statuses).toEqual(
      expect.arrayContaining([
        'POST /api/admin/check-in 409',
        'POST /api/admin/check-in 200',
        'POST /api/admin/benefits/:benefitId/offer-codes/redeem 409',
        'POST /api/admin/benefits/:benefitId/offer-codes/redeem 200',
      ]),
    );
    const door = (await req('GET', `/api/admin/check-in/events/${DOOR}`, partner)).json();
    expect(door.passes.map((p: object) => Object.keys(p).sort())).toContainEqual(
      ['bookingId', 'checkedInAt', 'checkedInBy', 'guestCount', 'name', 'slot', 'slotId'].sort(),
    );
    expect(door.passes.map((p: { name?: string }) => p.name ?? null).sort()).toEqual([
      'Ann Attendee',
      'Cal Attendee',
      null,
    ]);
    const again = (await req('POST', '/api/admin/check-in', partner, { code: ann.code, eventId: DOOR })).json();
    expect(again).toMatchObject({ code: ERROR_CODE.alreadyCheckedIn, checkedInBy: 'staff' });
    expect(again.error).toMatch(/by staff\.$/);
    // A partner's own acts are theirs to see.
    const mine = await req('POST', '/api/admin/check-in', partner, { code: cal.code, eventId: DOOR });
    expect(mine.json().booking).toMatchObject({ name: 'Cal Attendee' });
    const passAgain = (await req('GET', `/api/admin/check-in/events/${DOOR}`, partner)).json();
    expect(passAgain.passes).toContainEqual(expect.objectContaining({ checkedInBy: PARTNER_EMAIL }));

    // The organiser and door staff still see everything: the door keeps codes for scanning offline.
    const full = (await req('GET', `/api/admin/check-in/events/${DOOR}`, staff)).json();
    expect(full.passes).toContainEqual(expect.objectContaining({ email: ann.email, code: ann.code }));
    expect(full.passes).toContainEqual(expect.objectContaining({ checkedInBy: STAFF_EMAIL }));
    const list = (await req('GET', `${codes}/list`, admin)).json();
    expect(list.codes).toContainEqual(expect.objectContaining({ code: 'PV-1', redeemedBy: ADMIN_EMAIL }));
  });
});

describe('a deleted benefit is gone for its partner (decision 046)', () => {
  it('answers 404 with a code on every partner route, drops from their lists, and its shared report closes', async () => {
    const GONE = 'pv-gone';
    await createTestEvent(t.db, GONE, { benefitTitle: 'Gone Night', capacity: 10 });
    await upsertMember(t.db, { email: 'pv-gone-member@example.com', firstName: 'G', lastName: 'One' });
    const { booking } = await reservePlace(t.db, { eventId: GONE, email: 'pv-gone-member@example.com', guestCount: 0 });
    const owner = await t.signInPartner('pv-gone-partner@example.com', [GONE, OFFER]);
    const link = await req('POST', `/api/admin/analytics/benefits/${GONE}/report-links`, admin, {});
    expect(link.statusCode).toBe(201);
    const shared = `/api${link.json().path.replace('/reports/', '/partner-reports/')}`;
    expect((await req('GET', shared, '')).statusCode).toBe(200);
    expect((await req('GET', `/api/admin/analytics/benefits/${GONE}/partner-report`, owner)).statusCode).toBe(200);

    expect((await req('DELETE', `/api/admin/benefits/${GONE}`, admin)).statusCode).toBe(200);

    const home = (await req('GET', '/api/admin/partner/benefits', owner)).json();
    expect(home.benefits.map((b: { id: string }) => b.id)).toEqual([OFFER]);
    const doorEvents = (await req('GET', '/api/admin/check-in/events', owner)).json();
    expect(doorEvents.data.map((e: { id: string }) => e.id)).not.toContain(GONE);
    const fill = (url: string) =>
      url
        .replace(':eventId', GONE)
        .replace(':benefitId', GONE)
        .replace('benefits/:id', `benefits/${GONE}`)
        .replace(':bookingId', booking.id);
    const routes = t.app.routeList.filter((r) => r.partner === 'benefit');
    expect(routes.length).toBeGreaterThan(10);
    for (const r of routes) {
      const res = await req(
        r.method,
        fill(r.url),
        owner,
        r.method === 'GET' ? undefined : { code: 'X', eventId: GONE },
      );
      expect([r.url, res.statusCode, res.json()]).toEqual([
        r.url,
        404,
        { error: expect.any(String), code: ERROR_CODE.notFound },
      ]);
    }
    const closed = await req('GET', shared, '');
    expect([closed.statusCode, closed.json().code]).toEqual([404, ERROR_CODE.reportLinkInvalid]);
  });
});
