import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '#common/admin.ts';
import { upsertAdmin, upsertMember } from '../../src/server/features/auth/members.ts';
import { afterReplySettled } from '../../src/server/lib/after-reply.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Lockouts an outsider cannot trigger against a known account (decision 019).
let t: TestApp;
let codes: TestApp;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerEmail: 5 });
  codes = await createTestApp({ memberLogin: 'code', loginLimitPerEmail: 50, loginCodesPerDay: 100 });
});
afterAll(async () => {
  await t.close();
  await codes.close();
});

const adminLogin = (email: string, password: string, remoteAddress = '10.1.0.1') =>
  t.post('/api/admin/login', undefined, { email, password }, { remoteAddress: remoteAddress });

describe('admin password guessing', () => {
  it('pauses the guessing address, not the admin signing in from elsewhere', async () => {
    await upsertAdmin(t.db, { email: 'door@example.com', password: PASSWORD });
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) answers.push((await adminLogin('door@example.com', `guess${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const paused = await adminLogin('door@example.com', PASSWORD);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({ error: ADMIN_MSG.tooManyAttempts, code: 'rate_limited' });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await adminLogin('door@example.com', PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it('counts parallel guesses before checking them: 20 at once verify at most the allowed 5', async () => {
    await upsertAdmin(t.db, { email: 'burst@example.com', password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => adminLogin('burst@example.com', `guess${i}`, '10.2.0.1')),
    );
    const codesSeen = answers.map((r) => r.statusCode);
    expect(codesSeen.filter((c) => c === 401)).toHaveLength(5);
    expect(codesSeen.filter((c) => c === 429)).toHaveLength(15);
  });

  // Decision 019: no daily pause of the account any more; guesses from many addresses cannot lock the admin out.
  it('an account guessed from 50 addresses still takes its right password from a fresh address', async () => {
    await upsertAdmin(t.db, { email: 'spread@example.com', password: PASSWORD });
    for (let i = 0; i < 50; i++)
      expect((await adminLogin('spread@example.com', 'wrong', `10.3.${i >> 8}.${i & 255}`)).statusCode).toBe(401);
    expect((await adminLogin('spread@example.com', PASSWORD, '10.4.0.1')).statusCode).toBe(200);
    // Other accounts are untouched.
    await upsertAdmin(t.db, { email: 'other@example.com', password: PASSWORD });
    expect((await adminLogin('other@example.com', PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('a right password clears its pair: mistakes do not add up across successful sign-ins', async () => {
    await upsertAdmin(t.db, { email: 'typo@example.com', password: PASSWORD });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        expect((await adminLogin('typo@example.com', 'typo', '10.5.0.1')).statusCode).toBe(401);
      expect((await adminLogin('typo@example.com', PASSWORD, '10.5.0.1')).statusCode).toBe(200);
    }
  });
});

// Behind a proxy the address is the one the trusted proxy wrote, never one the client forged (decision 045).
describe('admin password guessing through a trusted proxy', () => {
  const PROXY = '10.9.0.1';
  it('counts rotating forged X-Forwarded-For values under the address the proxy saw: no more guesses than the allowance', async () => {
    const proxied = await createTestApp({ loginLimitPerEmail: 5, trustProxy: [PROXY] });
    try {
      await upsertAdmin(proxied.db, { email: 'proxied@example.com', password: PASSWORD });
      const through = (client: string, forged: string, password: string, remoteAddress = PROXY) =>
        // The proxy appends the address it saw to whatever the client sent.
        proxied.post(
          '/api/admin/login',
          undefined,
          { email: 'proxied@example.com', password },
          {
            headers: { 'x-forwarded-for': `${forged}, ${client}` },
            remoteAddress,
          },
        );
      const answers: number[] = [];
      for (let i = 0; i < 40; i++)
        answers.push((await through('203.0.113.7', `198.51.${i >> 8}.${i & 255}`, `guess${i}`)).statusCode);
      expect(answers.filter((c) => c === 401)).toHaveLength(5);
      expect(answers.filter((c) => c === 429)).toHaveLength(35);
      // Another client behind the same proxy is its own pair, and signs in.
      expect((await through('203.0.113.8', '198.51.0.1', PASSWORD)).statusCode).toBe(200);
      // A client that reaches the portal directly is not a trusted proxy: its header is ignored, its own address counts.
      const direct: number[] = [];
      for (let i = 0; i < 10; i++)
        direct.push((await through(`192.0.2.${i}`, `198.51.1.${i}`, `direct${i}`, '198.51.100.9')).statusCode);
      expect(direct.filter((c) => c === 401)).toHaveLength(5);
    } finally {
      await proxied.close();
    }
  });
});

describe('member sign-in by e-mail', () => {
  it('never counts successful sign-ins: one member on many devices, many members on one Wi-Fi', async () => {
    await upsertMember(t.db, { email: 'devices@example.com', firstName: 'Dev' });
    for (let i = 0; i < 20; i++) {
      const res = await t.post(
        '/api/auth/login',
        undefined,
        { email: 'devices@example.com' },
        { remoteAddress: '10.6.0.1' },
      );
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('member sign-in by code', () => {
  const post = (url: string, payload: object, cookie = '', remoteAddress = '10.9.0.1') =>
    codes.post(url, cookie, payload, { remoteAddress });

  async function freshCode(email: string, remoteAddress?: string) {
    const res = await post('/api/auth/login', { email }, '', remoteAddress);
    const binding = res.cookies.find((c) => c.name === 'portal_login');
    await afterReplySettled();
    const mail = (await queuedMails(codes.db, { to: email })).at(-1);
    return { cookie: `${binding?.name}=${binding?.value}`, code: /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '' };
  }

  // Decision 019: wrong codes in strangers' browsers no longer pause the member's own browser for the day.
  it('15 wrong codes in a day from other browsers and addresses leave the right code working', async () => {
    const email = 'guessed@example.com';
    await upsertMember(codes.db, { email, firstName: 'Gue' });
    let wrongTries = 0;
    for (let round = 0; wrongTries < 15; round++) {
      const { cookie, code } = await freshCode(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5 && wrongTries < 15; i++, wrongTries++) {
        const res = await post('/api/auth/login/verify', { email, code: wrong }, cookie, `10.10.${round}.${i}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid_code');
      }
    }
    const { cookie, code } = await freshCode(email, '10.11.0.1');
    const res = await post('/api/auth/login/verify', { email, code }, cookie, '10.11.0.1');
    expect(res.statusCode).toBe(200);
  });
});
