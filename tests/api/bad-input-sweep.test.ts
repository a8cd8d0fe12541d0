import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: string;
let admin: string;

const HUGE = 'x'.repeat(300_000);
const deep = (n: number): unknown => (n === 0 ? 'bottom' : { a: deep(n - 1) });
/** Malformed, mistyped, oversized and injection-laden bodies. */
const BODIES: { name: string; type: string; payload: string }[] = [
  { name: 'malformed JSON', type: 'application/json', payload: '{"email": "a@b.c",' },
  { name: 'JSON array', type: 'application/json', payload: '[1,2,3]' },
  { name: 'JSON string', type: 'application/json', payload: '"hello"' },
  {
    name: 'wrong types',
    type: 'application/json',
    payload: JSON.stringify({
      email: 42,
      password: [],
      formData: 'x',
      csv: {},
      configName: { $ne: 1 },
      tab1Url: false,
      benefitName: null,
      page: -1,
    }),
  },
  {
    name: 'SQL injection',
    type: 'application/json',
    payload: JSON.stringify({
      email: "' OR 1=1; DROP TABLE users; --",
      benefitName: "'); DELETE FROM benefits; --",
      configName: "x'--",
      tab1Url: "https://docs.google.com/spreadsheets/d/'--/edit",
      tab1Name: "' OR ''='",
      csv: "email\n' OR 1=1--",
    }),
  },
  {
    name: 'script injection',
    type: 'application/json',
    payload: JSON.stringify({
      email: '<script>alert(1)</script>@x.y',
      fullName: '<img src=x onerror=alert(1)>',
      formData: { fullName: '<script>' },
    }),
  },
  {
    name: 'oversized strings',
    type: 'application/json',
    payload: JSON.stringify({ email: HUGE, password: HUGE, benefitName: HUGE, csv: HUGE, configName: HUGE }),
  },
  {
    name: 'deep nesting',
    type: 'application/json',
    payload: JSON.stringify({ formData: deep(200), slotConfig: deep(200) }),
  },
  {
    name: 'prototype pollution',
    type: 'application/json',
    payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
  },
  {
    name: 'broken multipart',
    type: 'multipart/form-data; boundary=zzz',
    payload: '--zzz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nnot an image',
  },
];
const PARAM_VALUES = [
  "'; DROP TABLE x; --",
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(400),
  '00000000-0000-0000-0000-000000000000',
];

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000, loginLimitPerEmail: 1_000_000 });
  member = await t.signIn('sweep@example.com', 'Sweep');
  await upsertAdmin(t.db, { email: 'sweep-admin@example.com', password: 'sweep admin password' });
  const res = await t.post('/api/admin/login', undefined, {
    email: 'sweep-admin@example.com',
    password: 'sweep admin password',
  });
  admin = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
});
afterAll(() => t.close());

const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace('*', 'x');

describe('bad-input sweep over every API route', () => {
  it('covers the routes the app registers', () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(40);
  });

  it('declares a response schema on every JSON route (only file downloads have none)', () => {
    const without = t.app.routeList
      .filter((r) => r.url.startsWith('/api/') && !r.schema?.response)
      .map((r) => `${r.method} ${r.url}`);
    expect(without.sort()).toEqual([
      'GET /api/admin/analytics/benefits.csv',
      'GET /api/admin/analytics/benefits/:id/partner-report.pdf',
      'GET /api/admin/benefits/:benefitId/offer-codes.csv',
      'GET /api/admin/benefits/:id/rsvps.csv',
      'GET /api/admin/events/:eventId/attendees.csv',
      'GET /api/admin/events/:eventId/attendees.xlsx',
      'GET /api/admin/mail/:id/message.eml',
      'GET /api/admin/partner/events/:eventId/attendees.csv',
      'GET /api/calendar/:file',
      'GET /api/images/:file',
      'GET /api/me/bookings/:bookingId/google-wallet',
      'GET /api/me/bookings/:bookingId/wallet.pkpass',
      'GET /api/partner-reports/:token/pdf',
      'GET /api/rsvp/:eventId/calendar.ics',
      'GET /api/wallet/v1/passes/:passTypeId/:serial',
    ]);
  });

  it('answers every malformed request with a 4xx JSON error (or a 2xx), never a 5xx, and stays up', async () => {
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    const failures: string[] = [];
    for (const route of api) {
      for (const who of [undefined, member, admin]) {
        for (const value of PARAM_VALUES) {
          const url = fill(route.url, value);
          const variants = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : BODIES;
          for (const body of variants) {
            const res = await t.send(
              route.method as 'GET',
              `${url}?page=-5&sortBy=';--&kind=%00&search=${encodeURIComponent("' OR 1=1")}`,
              who,
              body?.payload,
              body ? { headers: { 'content-type': body.type } } : {},
            );
            const label = `${route.method} ${url} ${body?.name ?? ''} ${who === admin ? 'admin' : who ? 'member' : 'anon'} -> ${res.statusCode}`;
            if (res.statusCode >= 500) failures.push(label);
            else if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
              if (typeof res.json().error !== 'string') failures.push(`${label} without {error}`);
            } else if (res.statusCode >= 400) failures.push(`${label} not JSON`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect((await t.get('/healthz')).statusCode).toBe(200);
    // Nothing the sweep sent was taken as data (the sweep's logout ended the first session).
    const again = await t.signIn('sweep@example.com', 'Sweep');
    expect((await t.get('/api/benefits', again)).json()).toHaveLength(16);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  }, 240_000);
});
