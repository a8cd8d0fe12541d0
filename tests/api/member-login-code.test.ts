import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MINUTES, LOGIN_VERIFY_PATH } from '#common/constants.ts';
import { MSG } from '#common/messages.ts';
import { memberLoginCodes, outboxJobs, sessions } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { MAIL_SEND, type MailPayload } from '../../src/server/features/outbox/mail-outbox.ts';
import { afterReplySettled } from '../../src/server/lib/after-reply.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'https://portal.example.test';
const PER_IP = 60;
const MAILS_PER_HOUR = 3;

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp({
    memberLogin: 'code',
    publicUrl: PUBLIC_URL,
    loginLimitPerEmail: 5,
    loginLimitPerIp: PER_IP,
    loginCodesPerDay: 5,
    loginCodeMailsPerHour: MAILS_PER_HOUR,
  });
});
afterAll(() => t.close());

/** A fresh listed member per test keeps clear of the per-e-mail limit. */
async function newMember(firstName = 'Code') {
  const email = `code${++seq}@example.com`;
  await upsertMember(t.db, { email, firstName, lastName: 'Member' });
  return email;
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.post(url, undefined, payload as object, { headers, remoteAddress });

/** Asks for a code as one browser would; returns the answer and the binding cookie header. */
async function requestCode(email: string, remoteAddress?: string, cookie = '') {
  const res = await post('/api/auth/login', { email }, cookie ? { cookie } : {}, remoteAddress);
  const binding = res.cookies.find((c) => c.name === 'portal_login');
  return { res, binding, cookie: binding ? `${binding.name}=${binding.value}` : '' };
}

/** The code mails to an address, once the requests answered so far have done their work (decision 044). */
async function mailsTo(email: string): Promise<MailPayload[]> {
  await afterReplySettled();
  const jobs = await t.db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, MAIL_SEND))
    .orderBy(asc(outboxJobs.createdAt));
  return jobs
    .map((j) => j.payload as unknown as MailPayload)
    .filter((m) => m.purpose === 'login-code' && m.to === email);
}

async function lastMail(email: string) {
  const mail = (await mailsTo(email)).at(-1);
  if (!mail) throw new Error(`no login-code mail to ${email}`);
  const code = /is (\d{6})\./.exec(mail.text)?.[1];
  const token = /[?&]token=([^\s&"]+)/.exec(mail.text)?.[1];
  if (!code || !token) throw new Error(`no code or link in: ${mail.text}`);
  return { mail, code, token };
}

const verify = (payload: unknown, cookie: string, remoteAddress?: string) =>
  post('/api/auth/login/verify', payload, cookie ? { cookie } : {}, remoteAddress);

const sessionCookieOf = (res: Awaited<ReturnType<typeof verify>>) => {
  const c = res.cookies.find((x) => x.name === 'portal_session');
  return c ? `${c.name}=${c.value}` : '';
};

async function sessionCount(email: string) {
  return (await t.db.select().from(sessions).where(eq(sessions.email, email))).length;
}

describe('MEMBER_LOGIN=code: asking for a code', () => {
  it('tells the client which flow to show', async () => {
    const res = await t.get('/api/auth/login-mode');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'code' });
  });

  it('answers the same for a listed and an unlisted e-mail, and mails only the listed one', async () => {
    const listed = await newMember();
    const unlisted = `stranger${seq}@example.com`;
    const a = await requestCode(`  ${listed.toUpperCase()} `);
    const b = await requestCode(unlisted);
    for (const r of [a, b]) {
      expect(r.res.statusCode).toBe(200);
      expect(r.res.json()).toEqual({ codeSent: true });
      expect(r.res.cookies.map((c) => c.name)).toEqual(['portal_login']);
      expect(r.binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(r.binding?.value.length).toBeGreaterThanOrEqual(22);
    }
    expect(a.res.body).toBe(b.res.body);
    expect(Object.keys(a.res.headers).sort()).toEqual(Object.keys(b.res.headers).sort());
    expect(await mailsTo(listed)).toHaveLength(1);
    expect(await mailsTo(unlisted)).toHaveLength(0);
    const rows = await t.db.select().from(memberLoginCodes).where(eq(memberLoginCodes.email, unlisted));
    expect(rows).toHaveLength(0);
  });

  it('does not sign in by itself', async () => {
    const email = await newMember();
    const { res } = await requestCode(email);
    expect(res.cookies.some((c) => c.name === 'portal_session')).toBe(false);
    expect(await sessionCount(email)).toBe(0);
  });

  it('queues an e-mail with a 6-digit code and a link to the verify page, and stores only hashes', async () => {
    const email = await newMember();
    await requestCode(email);
    const { mail, code, token } = await lastMail(email);
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain(`${PUBLIC_URL}${LOGIN_VERIFY_PATH}?token=${token}`);
    expect(mail.text).toContain('10 minutes');
    const [row] = await t.db.select().from(memberLoginCodes).where(eq(memberLoginCodes.email, email));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).not.toContain(token.split('.')[1]);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(ttl - 10 * 60_000)).toBeLessThan(5_000);
  });

  it('answers 400 with the spec text for a blank e-mail', async () => {
    const res = await post('/api/auth/login', { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.emailRequired, code: expect.any(String) });
  });

  // Decision 044: past the hour's cap of mails nothing new is sent, and nothing in the answer says so.
  it("sends an e-mail at most the hour's cap of codes, listed or not, from any address, and answers every request alike", async () => {
    for (const email of [await newMember(), 'unlisted-capped@example.com']) {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push((await requestCode(email, `10.7.0.${i}`)).res);
      expect(answers.map((r) => [r.statusCode, r.body])).toEqual(Array(7).fill([200, '{"codeSent":true}']));
      expect(answers.every((r) => r.cookies.map((c) => c.name).join() === 'portal_login')).toBe(true);
    }
    expect((await mailsTo(`code${seq}@example.com`)).length).toBe(MAILS_PER_HOUR);
    expect(await mailsTo('unlisted-capped@example.com')).toEqual([]);
  });

  it("twenty requests at once from twenty addresses still mail the hour's cap of codes, no more", async () => {
    const email = await newMember();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => requestCode(email, `10.19.0.${i}`)));
    expect(answers.every((a) => a.res.statusCode === 200)).toBe(true);
    expect(await mailsTo(email)).toHaveLength(MAILS_PER_HOUR);
  });

  it("past the cap, the newest code lives on, and works in the browser asking then; the others' codes do not", async () => {
    const email = await newMember();
    for (let i = 0; i < MAILS_PER_HOUR; i++) await requestCode(email, `10.14.0.${i}`);
    const mails = await mailsTo(email);
    const codeOf = (m: MailPayload | undefined) => /is (\d{6})\./.exec(m?.text ?? '')?.[1] ?? '';
    // The newest code's ten minutes are over; a request past the cap starts them again.
    await t.db
      .update(memberLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberLoginCodes.email, email));
    const late = await requestCode(email, '10.14.1.1');
    expect(await mailsTo(email)).toHaveLength(MAILS_PER_HOUR);
    expect((await verify({ email, code: codeOf(mails.at(-2)) }, late.cookie, '10.14.1.1')).statusCode).toBe(400);
    expect((await verify({ email, code: codeOf(mails.at(-1)) }, late.cookie, '10.14.1.1')).statusCode).toBe(200);
  });

  it('a code signed in with leaves room under the cap: the next request is mailed', async () => {
    const email = await newMember();
    const first = await requestCode(email);
    expect((await verify({ email, code: (await lastMail(email)).code }, first.cookie)).statusCode).toBe(200);
    for (let i = 0; i < MAILS_PER_HOUR; i++) await requestCode(email, `10.15.0.${i}`);
    expect(await mailsTo(email)).toHaveLength(1 + MAILS_PER_HOUR);
    await requestCode(email, '10.15.1.1');
    expect(await mailsTo(email)).toHaveLength(1 + MAILS_PER_HOUR);
  });

  it('rate-limits requests per IP address, more loosely', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= PER_IP; i++)
      codes.push((await requestCode(`venue${i}@example.com`, '10.9.9.9')).res.statusCode);
    expect(codes.slice(0, PER_IP).every((c) => c === 200)).toBe(true);
    expect(codes[PER_IP]).toBe(429);
    // Another address is not affected.
    expect((await requestCode('venue-other@example.com', '10.9.9.10')).res.statusCode).toBe(200);
  });
});

describe('MEMBER_LOGIN=code: verifying', () => {
  it('signs in with the right code exactly once, sets the session and clears the binding', async () => {
    const email = await newMember('Ada');
    const { cookie } = await requestCode(email);
    const { code } = await lastMail(email);
    const res = await verify({ email: email.toUpperCase(), code: `${code.slice(0, 3)} ${code.slice(3)}` }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email, firstName: 'Ada', lastName: 'Member' });
    const session = res.cookies.find((c) => c.name === 'portal_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const cleared = res.cookies.find((c) => c.name === 'portal_login');
    expect(cleared?.value).toBe('');
    const who = await t.get('/api/auth/session', sessionCookieOf(res));
    expect(who.json().email).toBe(email);

    const again = await verify({ email, code }, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
    expect(await sessionCount(email)).toBe(1);
  });

  it('refuses the right code from another browser (no binding or a different binding)', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code } = await lastMail(email);
    const none = await verify({ email, code }, '');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: MSG.loginCodeOtherBrowser, code: expect.any(String) });
    const forged = await verify({ email, code }, 'portal_login=someone-elses-binding');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
    // A binding from another request of a different e-mail does not fit either.
    const other = await requestCode(`someone${seq}@example.com`);
    expect((await verify({ email, code }, other.cookie)).statusCode).toBe(400);
    expect(await sessionCount(email)).toBe(0);
    // The browser that asked still can.
    expect((await verify({ email, code }, cookie)).statusCode).toBe(200);
  });

  it('refuses a code for another e-mail', async () => {
    const email = await newMember();
    const other = await newMember();
    const { cookie } = await requestCode(email);
    const { code } = await lastMail(email);
    expect((await verify({ email: other, code }, cookie)).statusCode).toBe(400);
    expect(await sessionCount(other)).toBe(0);
  });

  it('refuses a code after its 10 minutes', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code, token } = await lastMail(email);
    await t.db
      .update(memberLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(memberLoginCodes.email, email));
    for (const payload of [{ email, code }, { token }]) {
      const res = await verify(payload, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
    }
    expect(await sessionCount(email)).toBe(0);
  });

  it(`kills the code after ${LOGIN_CODE_MAX_ATTEMPTS} wrong tries`, async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code, token } = await lastMail(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < LOGIN_CODE_MAX_ATTEMPTS; i++) {
      const res = await verify({ email, code: wrong }, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
    }
    // From here the code is dead; from this address the pair is paused as well (429).
    expect((await verify({ email, code }, cookie)).statusCode).toBe(429);
    expect((await verify({ email, code }, cookie, '10.8.0.1')).statusCode).toBe(400);
    expect(await sessionCount(email)).toBe(0);
    // Decision 044: the link's secret cannot be guessed, so it has no tries to lose.
    expect((await verify({ token }, cookie, '10.8.0.2')).statusCode).toBe(200);
  });

  it('still accepts the right code on the last allowed try', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code } = await lastMail(email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < LOGIN_CODE_MAX_ATTEMPTS - 1; i++)
      expect((await verify({ email, code: wrong }, cookie)).statusCode).toBe(400);
    expect((await verify({ email, code }, cookie)).statusCode).toBe(200);
  });

  // Decision 019: a request replaces only the codes of the browser that makes it, not a stranger's.
  it('wrong codes flooding from one address hold up a member there for a minute at most', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email, '10.13.0.1');
    const { code } = await lastMail(email);
    const stranger = await requestCode(`flood${seq}@example.com`, '10.13.0.1');
    for (let i = 0; i < PER_IP; i++)
      await verify({ email: `flood${seq}-${i}@example.com`, code: '000000' }, stranger.cookie, '10.13.0.1');
    const held = await verify({ email, code }, cookie, '10.13.0.1');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({ error: MSG.tooManyAttempts, code: 'rate_limited' });
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await verify({ email, code }, cookie, '10.13.0.2')).statusCode).toBe(200);
  });

  it('a new request from the same browser invalidates its older code', async () => {
    const email = await newMember();
    const first = await requestCode(email);
    const old = await lastMail(email);
    const second = await requestCode(email, undefined, first.cookie);
    const fresh = await lastMail(email);
    expect((await verify({ email, code: old.code }, second.cookie)).statusCode).toBe(400);
    expect((await verify({ token: old.token }, first.cookie)).statusCode).toBe(400);
    expect((await verify({ email, code: fresh.code }, second.cookie)).statusCode).toBe(200);
  });

  it("another browser's request leaves this browser's code working", async () => {
    const email = await newMember();
    const mine = await requestCode(email);
    const { code } = await lastMail(email);
    await requestCode(email, '10.12.0.1');
    expect((await verify({ email, code }, mine.cookie)).statusCode).toBe(200);
  });

  // Decision 044: the newest code also works in any browser that asked for its e-mail, with 5 tries of its own.
  it("the newest code works in another browser that asked for the e-mail; tries there leave the asking browser's", async () => {
    const email = await newMember();
    const mine = await requestCode(email, '10.16.0.1');
    const { code } = await lastMail(email);
    const theirs = await requestCode(email, '10.16.0.2'); // under the cap: a code of its own, the newest
    const newest = await lastMail(email);
    const wrong = ['000000', '000001', '000002'].find((c) => c !== code && c !== newest.code) ?? '000003';
    // Wrong codes in the first browser spend its own code's tries and the newest code's shared ones...
    for (let i = 0; i < 2; i++)
      expect((await verify({ email, code: wrong }, mine.cookie, '10.16.0.1')).statusCode).toBe(400);
    // ...not the tries of the browser the newest code was sent for, and each browser signs in.
    expect((await verify({ email, code: newest.code }, theirs.cookie, '10.16.0.2')).statusCode).toBe(200);
    expect((await verify({ email, code }, mine.cookie, '10.16.0.1')).statusCode).toBe(200);
  });

  it('the newest code is no use to a browser that asked for another e-mail, or whose binding was tampered with', async () => {
    const email = await newMember();
    const mine = await requestCode(email, '10.16.1.1');
    const { code } = await lastMail(email);
    const other = await requestCode(`another${seq}@example.com`, '10.16.1.2');
    expect((await verify({ email, code }, other.cookie, '10.16.1.2')).statusCode).toBe(400);
    // The same binding with its MAC changed: neither its own code (another nonce) nor the newest fits.
    const forged = `${mine.cookie.slice(0, -2)}${mine.cookie.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await verify({ email, code }, forged, '10.16.1.3')).statusCode).toBe(400);
    expect((await verify({ email, code }, mine.cookie, '10.16.1.1')).statusCode).toBe(200);
  });

  it('the newest code gives another browser 5 tries, then not even the right code there', async () => {
    const email = await newMember();
    const mine = await requestCode(email, '10.17.0.1');
    const { code } = await lastMail(email);
    for (let i = 0; i < MAILS_PER_HOUR; i++) await requestCode(email, `10.17.1.${i}`); // the cap is reached
    const late = await requestCode(email, '10.17.0.2');
    const newest = await lastMail(email);
    const wrong = newest.code === '000000' ? '000001' : '000000';
    for (let i = 0; i < LOGIN_CODE_MAX_ATTEMPTS; i++)
      expect((await verify({ email, code: wrong }, late.cookie, '10.17.0.2')).statusCode).toBe(400);
    // From another address (its own pair of limits): the shared tries are spent, the right code does not work here.
    expect((await verify({ email, code: newest.code }, late.cookie, '10.17.0.3')).statusCode).toBe(400);
    // The link has no tries to spend; the first browser's own code is untouched.
    expect((await verify({ email, code }, mine.cookie, '10.17.0.1')).statusCode).toBe(200);
  });

  it('the link works in any browser that asked for its e-mail, never in one that did not', async () => {
    const email = await newMember();
    await requestCode(email, '10.18.0.1');
    const { token } = await lastMail(email);
    const other = await requestCode(`not-${email}`, '10.18.0.2');
    const res = await verify({ token }, other.cookie, '10.18.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.loginCodeOtherBrowser, code: expect.any(String) });
    const phone = await requestCode(email, '10.18.0.3');
    expect((await verify({ token }, phone.cookie, '10.18.0.3')).statusCode).toBe(200);
  });

  it("a browser's binding to an e-mail ends with its 10 minutes: then the newest link is no longer its", async () => {
    const email = await newMember();
    for (let i = 0; i < MAILS_PER_HOUR; i++) await requestCode(email, `10.20.0.${i}`);
    const { token } = await lastMail(email);
    const early = await requestCode(email, '10.20.1.1');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + LOGIN_CODE_TTL_MINUTES * 60_000 + 1000 });
    try {
      const late = await requestCode(email, '10.20.1.2'); // past the cap: the newest code lives on from now
      const res = await verify({ token }, early.cookie, '10.20.1.1');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: MSG.loginCodeOtherBrowser, code: expect.any(String) });
      expect((await verify({ token }, late.cookie, '10.20.1.2')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('signs in with the e-mailed link token once, only in the browser that asked', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { token } = await lastMail(email);

    // Opening the link is a GET: it changes nothing (the SPA page posts the token).
    await t.get(`${LOGIN_VERIFY_PATH}?token=${token}`, cookie);
    expect(await sessionCount(email)).toBe(0);

    const elsewhere = await requestCode(`elsewhere${seq}@example.com`);
    const wrongBrowser = await verify({ token }, elsewhere.cookie);
    expect(wrongBrowser.statusCode).toBe(400);
    expect(wrongBrowser.json()).toEqual({ error: MSG.loginCodeOtherBrowser, code: expect.any(String) });
    expect((await verify({ token }, '')).json()).toEqual({
      error: MSG.loginCodeOtherBrowser,
      code: expect.any(String),
    });

    const [id] = token.split('.');
    expect((await verify({ token: `${id}.not-the-secret` }, cookie)).statusCode).toBe(400);
    const res = await verify({ token }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(email);
    const who = await t.get('/api/auth/session', sessionCookieOf(res));
    expect(who.statusCode).toBe(200);

    const again = await verify({ token }, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
    expect(await sessionCount(email)).toBe(1);
  });

  it('two concurrent verifies of one code make exactly one session', async () => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code, token } = await lastMail(email);
    const results = await Promise.all([
      verify({ email, code }, cookie),
      verify({ email, code }, cookie),
      verify({ token }, cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await sessionCount(email)).toBe(1);
  });

  it('refuses a member removed after the code was sent', async () => {
    const { removeMember } = await import('../../src/server/features/auth/members.ts');
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const { code } = await lastMail(email);
    await removeMember(t.db, email);
    const res = await verify({ email, code }, cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.notAuthorized, code: 'not_authorized' });
    expect(await sessionCount(email)).toBe(0);
  });

  it.each([
    ['no body', undefined],
    ['empty', {}],
    ['short code', { email: 'a@example.com', code: '123' }],
    ['letters', { email: 'a@example.com', code: 'abcdef' }],
    ['wrong types', { email: 'a@example.com', code: 123456 }],
    ['bad token', { token: 'nonsense' }],
    ['token with a bad id', { token: "'; drop table x;--.abc" }],
  ])('answers 400 {error} for %s', async (_label, payload) => {
    const email = await newMember();
    const { cookie } = await requestCode(email);
    const res = await verify(payload, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.loginCodeInvalid, code: expect.any(String) });
  });
});

/** The database, recording the kind of every statement (also inside transactions) into `calls`. */
function recording<T extends object>(db: T, calls: string[]): T {
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'transaction')
        return (work: (tx: object) => unknown, ...rest: unknown[]) =>
          value.call(target, (tx: object) => work(recording(tx, calls)), ...rest);
      if (['select', 'insert', 'update', 'delete', 'execute'].includes(String(prop)))
        return (...args: unknown[]) => {
          calls.push(String(prop));
          return value.apply(target, args);
        };
      return value.bind(target);
    },
  });
}

describe('MEMBER_LOGIN=code: the answer to a code request (decision 044)', () => {
  it('is written after the same statements for a listed and an unlisted e-mail; the listed one is mailed after it', async () => {
    const calls: string[] = [];
    const w = await createTestApp({ memberLogin: 'code' }, { appDb: (db) => recording(db, calls) });
    try {
      await upsertMember(w.db, { email: 'watched@example.com', firstName: 'Watched' });
      const ask = async (email: string) => {
        await afterReplySettled();
        calls.length = 0;
        const res = await w.post('/api/auth/login', undefined, { email });
        const beforeAnswer = [...calls];
        await afterReplySettled();
        return { res, beforeAnswer, after: calls.slice(beforeAnswer.length) };
      };
      const listed = await ask('watched@example.com');
      const unlisted = await ask('not-watched@example.com');
      expect(listed.res.body).toBe(unlisted.res.body);
      expect(listed.beforeAnswer.length).toBeGreaterThan(0);
      expect(listed.beforeAnswer).toEqual(unlisted.beforeAnswer);
      // The difference comes after the answer: the listed e-mail's code and mail are stored then.
      expect(listed.after.filter((c) => c === 'insert').length).toBeGreaterThan(
        unlisted.after.filter((c) => c === 'insert').length,
      );
      const mails = await w.db.select().from(outboxJobs).where(eq(outboxJobs.kind, MAIL_SEND));
      expect(mails).toHaveLength(1);
    } finally {
      await w.close();
    }
  });
});

describe('MEMBER_LOGIN=email (the default) is unchanged', () => {
  let e: TestApp;
  beforeAll(async () => {
    e = await createTestApp();
    await upsertMember(e.db, { email: 'plain@example.com', firstName: 'Plain' });
  });
  afterAll(() => e.close());

  it('signs a listed e-mail in directly and sends no mail', async () => {
    expect((await e.get('/api/auth/login-mode')).json()).toEqual({ mode: 'email' });
    const res = await e.post('/api/auth/login', undefined, { email: 'plain@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: 'plain@example.com', firstName: 'Plain', lastName: null });
    expect(res.cookies.map((c) => c.name)).toEqual(['portal_session', 'portal_offline']); // the session and its offline copy's key (decision 047)
    const refused = await e.post('/api/auth/login', undefined, { email: 'nobody@example.com' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: MSG.notAuthorized, code: 'not_authorized' });
    expect(await e.db.select().from(outboxJobs).where(eq(outboxJobs.kind, MAIL_SEND))).toHaveLength(0);
  });

  it('has no code verification', async () => {
    const res = await e.post('/api/auth/login/verify', undefined, { email: 'plain@example.com', code: '123456' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MSG.loginCodesOff, code: expect.any(String) });
  });
});
