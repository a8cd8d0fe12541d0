import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 021: a query string that does not decode to UTF-8 text is refused once, for every route, before any handler.
let t: TestApp;
let member: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  member = await t.signIn('query-text@example.com', 'Query', 'Text');
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const ROUTES = [
  ['/api/admin/members?search=', 'admin'],
  ['/api/admin/analytics/benefits?search=', 'admin'],
  ['/api/admin/events/speakers-reception/attendees?q=', 'admin'],
  ['/api/admin/bookings?q=', 'admin'],
  ['/api/benefits?q=', 'member'],
  ['/api/me/bookings?search=', 'member'],
  ['/api/auth/login-mode?x=', undefined],
] as const;
const BROKEN = ['%C3%28', '%FF', '%ED%A0%80', '%E0%A4%A', 'ab%', '%zz', '%C3'];

describe('query strings that are not UTF-8 text', () => {
  it.each(ROUTES.flatMap(([url, who]) => BROKEN.map((bad) => [`${url}${bad}`, who] as const)))(
    'GET %s answers 400 invalid_text',
    async (url, who) => {
      const res = await t.get(url, who === 'admin' ? admin : who === 'member' ? member : undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'The address has a %-escape that is not UTF-8 text',
        code: ERROR_CODE.invalidText,
      });
    },
  );

  it('refuses a broken key as well as a broken value, and a POST with one', async () => {
    expect((await t.get('/api/admin/members?%FF=1', admin)).json().code).toBe(ERROR_CODE.invalidText);
    const post = await t.post('/api/auth/login?next=%C3%28', undefined, { email: 'query-text@example.com' });
    expect([post.statusCode, post.json().code]).toEqual([400, ERROR_CODE.invalidText]);
  });

  it('refuses the text before the sign-in guard reads anything: signed out gets 400, not 401', async () => {
    const res = await t.get('/api/admin/members?search=%FF');
    expect([res.statusCode, res.json().code]).toEqual([400, ERROR_CODE.invalidText]);
  });

  it('still refuses NUL and lone surrogates in the query', async () => {
    for (const bad of ['%00', 'a%00b']) {
      const res = await t.get(`/api/admin/members?search=${bad}`, admin);
      expect([res.statusCode, res.json().code]).toEqual([400, ERROR_CODE.invalidText]);
    }
  });

  it.each(['caf%C3%A9', '%F0%9F%98%80', '%25', '50%25+off', 'a+b', ''])('keeps real text: search=%s', async (ok) => {
    const res = await t.get(`/api/admin/members?search=${ok}`, admin);
    expect(res.statusCode).toBe(200);
    const mine = await t.get(`/api/me/bookings?search=${ok}`, member);
    expect(mine.statusCode).toBe(200);
  });
});
