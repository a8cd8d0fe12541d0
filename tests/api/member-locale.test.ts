import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberLocales } from '../../src/server/features/auth/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 059: the page's language from the cookie, else the member's profile, else Accept-Language; the member's
// choice kept on their profile and carried by the session answer.
const built = fs.existsSync(new URL('../../dist/client/index.html', import.meta.url));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
});
afterAll(() => t.close());

const putLocale = (cookie: string | undefined, locale: string) => t.put('/api/auth/locale', cookie, { locale });
const htmlLang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

describe('member language', () => {
  it('is kept on the profile: the session answers it, a new sign-in brings it back, a bad one is a 400', async () => {
    const cookie = await t.signIn('lang@example.com', 'Lang', 'Member');
    const before = await t.get('/api/auth/session', cookie);
    expect(before.json()).toEqual({ email: 'lang@example.com', firstName: 'Lang', lastName: 'Member' });
    const bad = await putLocale(cookie, 'fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('bad_request');
    const put = await putLocale(cookie, 'ja');
    expect(put.statusCode).toBe(200);
    expect(put.cookies.find((c) => c.name === 'lang')?.value).toBe('ja');
    const after = await t.get('/api/auth/session', cookie);
    expect(after.json().locale).toBe('ja');
    const again = await t.signIn('lang@example.com', 'Lang', 'Member');
    expect((await t.get('/api/auth/session', again)).json().locale).toBe('ja');
  });

  it('keeps the language a member first signs in with, so mails follow; an English browser keeps the spec answer', async () => {
    const signInFrom = async (email: string, acceptLanguage: string) => {
      await t.signIn(email); // listed, and signed in once from a client that says no language
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email },
        headers: { 'accept-language': acceptLanguage },
      });
      return res.json();
    };
    expect((await signInFrom('browser-zh@example.com', 'zh-CN,zh;q=0.9')).locale).toBe('zh-Hans');
    expect((await memberLocales(t.db, ['browser-zh@example.com'])).get('browser-zh@example.com')).toBe('zh-Hans');
    // English is the default: nothing is kept, and the answer is the spec's.
    expect(await signInFrom('browser-en@example.com', 'en-GB,en;q=0.9')).toEqual({
      email: 'browser-en@example.com',
      firstName: 'Test',
      lastName: 'Member',
    });
    // A language the member chose is not overwritten by the browser of the day.
    const chose = await t.signIn('chose-ko@example.com');
    await putLocale(chose, 'ko');
    expect((await signInFrom('chose-ko@example.com', 'ja')).locale).toBe('ko');
  });

  it('refuses a visitor who is not signed in', async () => {
    const res = await putLocale(undefined, 'ko');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_signed_in');
  });

  it.skipIf(!built)('serves the page in the cookie, profile or browser language, painted in it', async () => {
    const page = (headers: Record<string, string>) => t.get('/login', undefined, { headers });
    const english = await page({});
    expect(htmlLang(english.body)).toBe('en');
    expect(english.body).toContain('Members Portal');
    const chinese = await page({ 'accept-language': 'zh-SG,zh;q=0.9,en;q=0.5' });
    expect(htmlLang(chinese.body)).toBe('zh-Hans');
    expect(chinese.body).toContain('会员门户');
    expect(htmlLang((await page({ 'accept-language': 'zh-TW,ko;q=0.8' })).body)).toBe('ko');
    expect(htmlLang((await page({ 'accept-language': 'ja', cookie: 'lang=en' })).body)).toBe('en');
    const member = await t.signIn('profile@example.com', 'Pro', 'File');
    await putLocale(member, 'ko');
    const dashboard = await t.get('/benefits', member);
    expect(htmlLang(dashboard.body)).toBe('ko');
    expect(dashboard.body).toContain('환영합니다');
  });
});
