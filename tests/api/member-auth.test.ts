import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#common/messages.ts';
import { OFFLINE_KEY_COOKIE } from '#common/offline-copy.ts';
import { removeMember, upsertMember } from '../../src/server/features/auth/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerEmail: 5 });
  await upsertMember(t.db, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.post('/api/auth/login', undefined, payload as object, { headers });

describe('member sign-in', () => {
  it('trims and lower-cases the e-mail, sets an HttpOnly Lax session cookie and answers the user', async () => {
    const res = await login({ email: '  ADA@Example.com ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const cookie = res.cookies[0];
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22); // ≥128 bits base64url
    const session = await t.get('/api/auth/session', `${cookie?.name}=${cookie?.value}`);
    expect(session.json().email).toBe('ada@example.com');
  });

  it('gives a new token on every sign-in', async () => {
    const a = (await login({ email: 'ada@example.com' })).cookies[0]?.value;
    const b = (await login({ email: 'ada@example.com' })).cookies[0]?.value;
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('sets a readable offline-copy key that lives as long as the session, new with each one (decision 047)', async () => {
    const first = await login({ email: 'ada@example.com' });
    const [session, key] = first.cookies;
    expect(key?.name).toBe(OFFLINE_KEY_COOKIE);
    expect(key?.httpOnly).toBeFalsy(); // the page reads it and hands it to the service worker
    expect(key?.sameSite).toBe('Lax');
    expect(key?.path).toBe('/');
    expect(key?.value).toMatch(/^[\w-]{43}$/); // 256 bits, base64url: an AES-GCM key
    expect(key?.expires?.getTime()).toBe(session?.expires?.getTime());
    const again = await login({ email: 'ada@example.com' });
    expect(again.cookies[1]?.value).not.toBe(key?.value);
    // Signing out takes the key with the session.
    const out = await t.send('POST', '/api/auth/logout', `${session?.name}=${again.cookies[0]?.value}`, '', {
      headers: { 'content-type': 'application/json' },
    });
    const cleared = out.cookies.find((c) => c.name === OFFLINE_KEY_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('another sign-in in the same browser ends the session it replaces (decision 047)', async () => {
    const ada = await t.signIn('ada@example.com', 'Ada', 'Lovelace');
    await upsertMember(t.db, { email: 'mary@example.com', firstName: 'Mary', lastName: 'Somerville' });
    const mary = await login({ email: 'mary@example.com' }, { cookie: ada });
    expect(mary.statusCode).toBe(200);
    expect((await t.get('/api/auth/session', ada)).statusCode).toBe(401);
    const maryCookie = `${mary.cookies[0]?.name}=${mary.cookies[0]?.value}`;
    expect((await t.get('/api/auth/session', maryCookie)).json().email).toBe('mary@example.com');
  });

  it('refuses an e-mail that is not authorised with the spec text', async () => {
    const res = await login({ email: 'nobody@example.com' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.notAuthorized, code: 'not_authorized' });
  });

  it.each([
    ['blank', { email: '   ' }],
    ['missing', {}],
    ['no body', undefined],
    ['wrong type', { email: 42 }],
  ])('answers 400 with the spec text for a %s e-mail', async (_label, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.emailRequired, code: expect.any(String) });
  });

  it('answers 400 JSON for malformed JSON and 413 for a huge body', async () => {
    const bad = await t.send('POST', '/api/auth/login', undefined, '{"email":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTypeOf('string');
    const huge = await login({ email: `${'a'.repeat(2_000_000)}@example.com` });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBeTypeOf('string');
  });

  it('session answers 401 without a cookie, with a bogus cookie, and after logout', async () => {
    expect((await t.get('/api/auth/session')).statusCode).toBe(401);
    expect((await t.get('/api/auth/session', 'portal_session=forged')).statusCode).toBe(401);
    const cookie = await t.signIn('grace@example.com', 'Grace');
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(200);
    const out = await t.send('POST', '/api/auth/logout', cookie, '', {
      headers: { 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(401);
  });

  it('removing a member ends their sessions', async () => {
    const cookie = await t.signIn('linus@example.com', 'Linus');
    await removeMember(t.db, 'LINUS@example.com');
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(401);
  });

  it('records a portal access row per sign-in', async () => {
    await login({ email: 'ada@example.com' }, { 'user-agent': 'vitest-agent' });
    const rows = await t.db.query.portalAccessLogs.findMany();
    const mine = rows.filter((r) => r.userEmail === 'ada@example.com' && r.userAgent === 'vitest-agent');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.ipAddress).toBeTruthy();
  });

  it('rate-limits attempts per e-mail with a 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login({ email: 'limited@example.com' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
    expect((await login({ email: 'limited@example.com' })).json()).toEqual({
      error: MSG.tooManyAttempts,
      code: 'rate_limited',
    });
  });
});

describe('member session idle timeout', () => {
  it('ends a session left unused longer than the idle limit', async () => {
    const { sessions } = await import('../../src/server/db/schema.ts');
    const { MEMBER_IDLE_MS } = await import('../../src/server/features/auth/member-sessions.ts');
    const { eq } = await import('drizzle-orm');
    const cookie = await t.signIn('idle@example.com', 'Idle');
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - MEMBER_IDLE_MS - 1000) })
      .where(eq(sessions.email, 'idle@example.com'));
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(401);
  });
});
