import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_MAX_ATTEMPTS } from '#common/constants.ts';
import { adminAudit, memberLoginCodes } from '../../src/server/db/schema.ts';
import { upsertAdmin, upsertMember } from '../../src/server/features/auth/members.ts';
import { allowanceUnderAttack, MAX_PAUSE_MS, signInLimitsOf } from '../../src/server/lib/sign-in-guard.ts';
import { type Answer, cookieJar, listenForAddresses } from '../support/from-address.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 30: the attacks that used to lock people out, each from distinct client addresses on 127.0.0.0/8 against a
 * listening server with the default limits (10 per account and address, 600 per address, 15-minute window,
 * 10 codes a day), and what still slows a stranger (decision 019).
 */
let t: TestApp;
let codes: TestApp;
let postT: Awaited<ReturnType<typeof listenForAddresses>>;
let postC: Awaited<ReturnType<typeof listenForAddresses>>;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
  codes = await createTestApp({ memberLogin: 'code' });
  postT = await listenForAddresses(t.app);
  postC = await listenForAddresses(codes.app);
});
afterAll(async () => {
  await t.close();
  await codes.close();
});

const MAX_WAIT_S = MAX_PAUSE_MS / 1000;

/** A 429 as every limit answers it: `{error, code: 'rate_limited'}` and a Retry-After of minutes at most. */
function expectSlowed(res: Answer) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ error: expect.any(String), code: 'rate_limited' });
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(MAX_WAIT_S);
  return wait;
}

/** Lets every running pause end, as if its minutes had passed (the attempt counters keep running). */
const pausesEnd = (app: TestApp) =>
  app.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key like '%:pause'`);

const attacksOn = async (app: TestApp, email: string) =>
  app.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.action, 'sign-in.attack'), eq(adminAudit.targetId, email)));

const adminLogin = (from: string, email: string, password: string, cookie = '') =>
  postT(from, '/api/admin/login', { email, password }, cookie);

describe('an admin under siege', () => {
  it('55 wrong passwords from 55 addresses: the right one from a fresh address and from a known browser works', async () => {
    const email = 'siege-admin@example.com';
    await upsertAdmin(t.db, { email, password: PASSWORD });
    const first = await adminLogin('127.0.0.2', email, PASSWORD);
    expect(first.status).toBe(200);
    const browser = cookieJar('', first);
    expect(browser).toContain('portal_device_admin=');

    for (let i = 0; i < 55; i++) expect((await adminLogin(`127.0.1.${i + 1}`, email, 'wrong')).status).toBe(401);

    expect((await adminLogin('127.0.2.1', email, PASSWORD)).status).toBe(200);
    expect((await adminLogin('127.0.0.2', email, PASSWORD, browser)).status).toBe(200);

    // The admins hear of it once (audit log), and so does the account (its mail), not once per guess.
    const attacks = await attacksOn(t, email);
    expect(attacks).toHaveLength(1);
    expect(attacks[0]?.details).toMatchObject({ failures: 20 });
    const mails = await queuedMails(t.db, { purpose: 'sign-in-alert', to: email });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('not locked');
  });

  it('50 wrong passwords from one address over time: the guesser waits minutes, the admin is never refused', async () => {
    const email = 'siege-patient@example.com';
    await upsertAdmin(t.db, { email, password: PASSWORD });
    const browser = cookieJar('', await adminLogin('127.0.3.9', email, PASSWORD));

    let wrong = 0;
    const waits: number[] = [];
    while (wrong < 50) {
      const res = await adminLogin('127.0.3.1', email, 'wrong');
      if (res.status === 401) wrong++;
      else {
        waits.push(expectSlowed(res));
        await pausesEnd(t);
      }
    }
    // 10 free guesses, then one per pause: 30 s, 1 min, 2, 4, 8, then 15 minutes each.
    expect(waits.slice(0, 6)).toEqual([30, 60, 120, 240, 480, 900].map((s) => expect.closeTo(s, -1)));
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_WAIT_S);

    // Right now the guessing address is paused, but only for strangers there.
    expectSlowed(await adminLogin('127.0.3.1', email, 'wrong'));
    expect((await adminLogin('127.0.3.1', email, PASSWORD, browser)).status).toBe(200);
    expect((await adminLogin('127.0.3.2', email, PASSWORD)).status).toBe(200);
  });

  it('strangers are still slowed: a guessing address, a new address under attack, and a stolen device cookie', async () => {
    const limits = signInLimitsOf(t.config);
    const email = 'siege-brute@example.com';
    await upsertAdmin(t.db, { email, password: PASSWORD });
    const stolen = cookieJar('', await adminLogin('127.0.4.9', email, PASSWORD));

    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await adminLogin('127.0.4.1', email, `guess${i}`)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

    // Spread over addresses until the account is under attack (20 failures within the hour)...
    for (let i = 0; i < 10; i++) expect((await adminLogin(`127.0.5.${i + 1}`, email, 'wrong')).status).toBe(401);
    // ...a new address gets fewer free guesses before its pauses begin.
    const fresh: number[] = [];
    for (let i = 0; i < 6; i++) fresh.push((await adminLogin('127.0.6.1', email, 'wrong')).status);
    const free = allowanceUnderAttack(limits);
    expect(fresh).toEqual([...Array(free).fill(401), ...Array(6 - free).fill(429)]);

    // A device cookie skips strangers' limits, not its own: guesses with it from many addresses are slowed too.
    const withCookie: number[] = [];
    for (let i = 0; i < 12; i++) withCookie.push((await adminLogin(`127.0.7.${i + 1}`, email, 'wrong', stolen)).status);
    expect(withCookie).toEqual([...Array(10).fill(401), 429, 429]);
  });
});

describe('a venue Wi-Fi (one address) with a stranger on it', () => {
  it('600 unlisted e-mails from the address in seconds slow only unlisted e-mails; listed members sign in', async () => {
    await upsertMember(t.db, { email: 'venue-member@example.com', firstName: 'Venue' });
    const venue = '127.0.8.1';
    const started = Date.now();
    const statuses: number[] = [];
    for (let round = 0; round < 61; round++) {
      const batch = Array.from({ length: 10 }, (_, i) =>
        postT(venue, '/api/auth/login', { email: `nobody-${round}-${i}@example.com` }),
      );
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses.filter((s) => s === 401)).toHaveLength(600);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);

    expectSlowed(await postT(venue, '/api/auth/login', { email: 'nobody-more@example.com' }));
    const member = await postT(venue, '/api/auth/login', { email: 'venue-member@example.com' });
    expect(member.status).toBe(200);
    expect(member.body).toMatchObject({ email: 'venue-member@example.com' });
  });
});

describe('a member under siege (MEMBER_LOGIN=code)', () => {
  const signInPost = (from: string, email: string, cookie = '') => postC(from, '/api/auth/login', { email }, cookie);
  const verifyPost = (from: string, payload: object, cookie: string) =>
    postC(from, '/api/auth/login/verify', payload, cookie);

  async function lastCode(email: string) {
    const mail = (await queuedMails(codes.db, { purpose: 'login-code', to: email })).at(-1);
    const code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  /** Asks for a code in a browser (its cookie jar) and reads the mailed code: the jar after the answer, and the code. */
  async function askCode(from: string, email: string, jar = '') {
    const res = await signInPost(from, email, jar);
    expect(res.status).toBe(200);
    return { jar: cookieJar(jar, res), code: await lastCode(email) };
  }

  it("10 code requests by strangers neither use up nor spoil the member's code; their signed-in browser always gets one", async () => {
    const email = 'siege-code@example.com';
    await upsertMember(codes.db, { email, firstName: 'Siege' });
    // The member signed in with this browser once before: it holds a device cookie.
    const before = await askCode('127.0.9.1', email);
    const signedIn = await verifyPost('127.0.9.1', { email, code: before.code }, before.jar);
    expect(signedIn.status).toBe(200);
    const home = cookieJar(before.jar, signedIn);
    expect(home).toContain('portal_device_member=');

    const pending = await askCode('127.0.9.1', email, home);
    // A stranger asks for codes for the member from 12 addresses: 10 go out, then each further one waits.
    const stranger: Answer[] = [];
    for (let i = 0; i < 12; i++) stranger.push(await signInPost(`127.0.10.${i + 1}`, email));
    expect(stranger.slice(0, 9).map((r) => r.status)).toEqual(Array(9).fill(200));
    expectSlowed(stranger[10] as Answer);

    // The member's code from before the siege still works in their browser...
    expect((await verifyPost('127.0.9.1', { email, code: pending.code }, pending.jar)).status).toBe(200);
    // ...and that browser gets a new code whenever it asks, from any address.
    const again = await askCode('127.0.9.2', email, home);
    expect((await verifyPost('127.0.9.2', { email, code: again.code }, again.jar)).status).toBe(200);
    // A browser the member never used waits minutes, never a day, and the answer gives nothing away.
    const unknownBrowser = await signInPost('127.0.9.3', email);
    expectSlowed(unknownBrowser);
  });

  it("15 (and 20) wrong codes from strangers' browsers leave the member's right code working, and tell them once", async () => {
    const email = 'siege-guess@example.com';
    await upsertMember(codes.db, { email, firstName: 'Guess' });
    const mine = await askCode('127.0.11.1', email);
    let wrong = 0;
    for (let round = 0; wrong < 20; round++) {
      const theirs = await askCode(`127.0.12.${round + 1}`, email);
      const guess = theirs.code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++, wrong++)
        expect((await verifyPost(`127.0.13.${wrong + 1}`, { email, code: guess }, theirs.jar)).status).toBe(400);
    }
    const res = await verifyPost('127.0.11.1', { email, code: mine.code }, mine.jar);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email });

    expect(await attacksOn(codes, email)).toHaveLength(1);
    expect(await queuedMails(codes.db, { purpose: 'sign-in-alert', to: email })).toHaveLength(1);
    // Guesses at e-mails nobody has alert nobody.
    expect(await queuedMails(codes.db, { purpose: 'sign-in-alert', to: 'nobody@example.com' })).toEqual([]);
  });

  it('a stranger guessing codes is still slowed: each code dies after 5 tries, and codes run out', async () => {
    const email = 'siege-brute-code@example.com';
    await upsertMember(codes.db, { email, firstName: 'Brute' });
    const statuses: number[] = [];
    let slowed: Answer | undefined;
    for (let round = 0; round < 12 && !slowed; round++) {
      const res = await signInPost(`127.0.14.${round + 1}`, email);
      if (res.status === 429) slowed = res;
      else {
        const jar = cookieJar('', res);
        for (let i = 0; i < 6; i++)
          statuses.push((await verifyPost('127.0.14.200', { email, code: '000000' }, jar)).status);
      }
    }
    expect(slowed && expectSlowed(slowed)).toBeGreaterThan(0);
    // Ten codes, and no more than 5 guesses were checked against each (the sixth is refused however it is spelled);
    // once the account is under attack, a new browser's guesses are paused after fewer.
    expect(statuses).toHaveLength(60);
    const rows = await codes.db.select().from(memberLoginCodes).where(eq(memberLoginCodes.email, email));
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.attempts <= LOGIN_CODE_MAX_ATTEMPTS)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBeLessThan(10 * LOGIN_CODE_MAX_ATTEMPTS);
    expect(statuses).toContain(429);
  });
});
