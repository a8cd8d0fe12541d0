import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_MAX_ATTEMPTS } from '#common/constants.ts';
import { adminAudit, memberLoginCodes } from '../../src/server/db/schema.ts';
import { upsertAdmin, upsertMember } from '../../src/server/features/auth/members.ts';
import { afterReplySettled } from '../../src/server/lib/after-reply.ts';
import { allowanceUnderAttack, MAX_PAUSE_MS, signInLimitsOf } from '../../src/server/lib/sign-in-guard.ts';
import { type Answer, cookieJar, listenForAddresses } from '../support/from-address.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Decision 019: the attacks that used to lock people out, each from distinct client addresses on 127.0.0.0/8 against a
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
    await afterReplySettled();
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

  // Decision 044: strangers' requests are never refused for the e-mail; past the hour's cap they send nothing.
  it("12 code requests by strangers neither use up nor spoil the member's code; their signed-in browser always gets one", async () => {
    const email = 'siege-code@example.com';
    await upsertMember(codes.db, { email, firstName: 'Siege' });
    // The member signed in with this browser once before: it holds a device cookie.
    const before = await askCode('127.0.9.1', email);
    const signedIn = await verifyPost('127.0.9.1', { email, code: before.code }, before.jar);
    expect(signedIn.status).toBe(200);
    const home = cookieJar(before.jar, signedIn);
    expect(home).toContain('portal_device_member=');

    const pending = await askCode('127.0.9.1', email, home);
    // A stranger asks for codes for the member from 12 addresses: every answer is the same, few mails go out.
    const stranger: Answer[] = [];
    for (let i = 0; i < 12; i++) stranger.push(await signInPost(`127.0.10.${i + 1}`, email));
    expect(stranger.map((r) => [r.status, r.body])).toEqual(Array(12).fill([200, { codeSent: true }]));
    await afterReplySettled();
    // The hour's cap counts the pending code, not the one signed in with.
    expect(await queuedMails(codes.db, { purpose: 'login-code', to: email })).toHaveLength(
      1 + codes.config.loginCodeMailsPerHour,
    );

    // The member's code from before the siege still works in their browser...
    expect((await verifyPost('127.0.9.1', { email, code: pending.code }, pending.jar)).status).toBe(200);
    // ...and that browser gets a new code whenever it asks, from any address.
    const again = await askCode('127.0.9.2', email, home);
    expect((await verifyPost('127.0.9.2', { email, code: again.code }, again.jar)).status).toBe(200);
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

  it("a stranger guessing codes is still bounded: the hour's codes, 5 tries each in the browser that asked and 5 elsewhere", async () => {
    const email = 'siege-brute-code@example.com';
    await upsertMember(codes.db, { email, firstName: 'Brute' });
    const statuses: number[] = [];
    for (let round = 0; round < 12; round++) {
      const res = await signInPost(`127.0.14.${round + 1}`, email);
      expect(res.status).toBe(200);
      const jar = cookieJar('', res);
      for (let i = 0; i < 6; i++)
        statuses.push((await verifyPost('127.0.14.200', { email, code: '000000' }, jar)).status);
    }
    expect(statuses).toHaveLength(72);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    // Only the hour's cap of codes exist, and no more than 5 guesses were checked against each in its own browser;
    // once the account is under attack, a new browser's guesses are paused after fewer.
    const rows = await codes.db.select().from(memberLoginCodes).where(eq(memberLoginCodes.email, email));
    expect(rows).toHaveLength(codes.config.loginCodeMailsPerHour);
    expect(rows.every((r) => r.attempts <= LOGIN_CODE_MAX_ATTEMPTS)).toBe(true);
    expect(statuses).toContain(429);
  });
});

/**
 * Strangers asking for a member's codes, from many addresses or the member's venue address, cannot keep the member's
 * new browser out (decision 044): mails to an address are capped an hour, a request past the cap answers the same
 * and sends nothing, and the newest code and its link work in any browser that asked for the address.
 */
describe("a member's new browser while strangers ask for their codes (MEMBER_LOGIN=code)", () => {
  const CAP = () => codes.config.loginCodeMailsPerHour;
  const ask = (from: string, email: string, cookie = '') => postC(from, '/api/auth/login', { email }, cookie);
  const verifyPost = (from: string, payload: object, cookie: string) =>
    postC(from, '/api/auth/login/verify', payload, cookie);
  const codeMails = async (email: string) => {
    await afterReplySettled();
    return queuedMails(codes.db, { purpose: 'login-code', to: email });
  };
  async function newest(email: string) {
    const text = (await codeMails(email)).at(-1)?.text ?? '';
    const code = /is (\d{6})\./.exec(text)?.[1];
    const token = /[?&]token=([^\s&"]+)/.exec(text)?.[1];
    if (!code || !token) throw new Error(`no code mailed to ${email}`);
    return { code, token };
  }
  /** A code no mail to the address carries. */
  const wrongFor = async (email: string) => {
    const sent = new Set((await codeMails(email)).map((m) => /is (\d{6})\./.exec(m.text)?.[1]));
    return ['000000', '000001', '000002', '000003'].find((c) => !sent.has(c)) ?? '000004';
  };

  it("14 requests from 14 fresh browsers on 14 addresses: the member's new phone signs in within a minute, and the address got the cap of mails", async () => {
    const email = 'flooded@example.com';
    await upsertMember(codes.db, { email, firstName: 'Flood' });
    const strangers: Answer[] = [];
    for (let i = 0; i < 14; i++) strangers.push(await ask(`127.0.30.${i + 1}`, email));
    expect(strangers.map((r) => r.status)).toEqual(Array(14).fill(200));
    expect(strangers.every((r) => JSON.stringify(r.body) === '{"codeSent":true}')).toBe(true);
    expect(await codeMails(email)).toHaveLength(CAP());

    // The member's new phone: a browser and an address nobody used before.
    const started = Date.now();
    const phone = await ask('127.0.31.1', email);
    expect(phone.status).toBe(200);
    expect(phone.body).toEqual({ codeSent: true });
    expect(await codeMails(email)).toHaveLength(CAP()); // nothing new: the newest mail's code works here
    const signedIn = await verifyPost('127.0.31.1', { email, code: (await newest(email)).code }, cookieJar('', phone));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email });
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("strangers on the member's venue address who also spend the newest code's tries: the newest mail's link signs the member in", async () => {
    const email = 'venue-flooded@example.com';
    await upsertMember(codes.db, { email, firstName: 'Venue' });
    const venue = '127.0.32.1';
    const jars: string[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await ask(venue, email);
      expect(res.status).toBe(200);
      jars.push(cookieJar('', res));
    }
    const wrong = await wrongFor(email);
    const guesses: number[] = [];
    for (const jar of jars)
      for (let i = 0; i < 5; i++) guesses.push((await verifyPost(venue, { email, code: wrong }, jar)).status);
    // Wrong, or paused once the account is under attack; never more.
    expect(guesses.filter((g) => g !== 400 && g !== 429)).toEqual([]);

    const phone = await ask(venue, email);
    expect(phone.status).toBe(200);
    const jar = cookieJar('', phone);
    const { code, token } = await newest(email);
    // The newest code has had its tries in strangers' browsers...
    expect((await verifyPost(venue, { email, code }, jar)).status).toBe(400);
    // ...its link has none to spend, and works in any browser that asked for the address.
    const res = await verifyPost(venue, { token }, jar);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email });
    expect(await codeMails(email)).toHaveLength(CAP());
    // A browser that never asked for the address still cannot use the link.
    expect((await verifyPost(venue, { token }, '')).status).toBe(400);
  });

  it("the code the member's own browser asked for keeps its tries whatever strangers guess", async () => {
    const email = 'own-code@example.com';
    await upsertMember(codes.db, { email, firstName: 'Own' });
    for (let i = 0; i < CAP() - 1; i++) expect((await ask(`127.0.33.${i + 1}`, email)).status).toBe(200);
    const mine = await ask('127.0.34.1', email);
    const myJar = cookieJar('', mine);
    const { code } = await newest(email);
    const wrong = await wrongFor(email);
    for (let i = 0; i < 6; i++) {
      const jar = cookieJar('', await ask(`127.0.35.${i + 1}`, email));
      for (let j = 0; j < 5; j++) await verifyPost(`127.0.35.${i + 1}`, { email, code: wrong }, jar);
    }
    const res = await verifyPost('127.0.34.1', { email, code }, myJar);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email });
  });

  it('an address gets at most the cap of code mails in any hour, listed or not; an hour on, one more', async () => {
    const email = 'capped@example.com';
    await upsertMember(codes.db, { email, firstName: 'Cap' });
    for (let i = 0; i < 30; i++) {
      const from = `127.0.36.${(i % 10) + 1}`;
      expect((await ask(from, email)).status).toBe(200);
      expect((await ask(from, 'capped-unlisted@example.com')).status).toBe(200);
    }
    expect(await codeMails(email)).toHaveLength(CAP());
    expect(await codeMails('capped-unlisted@example.com')).toEqual([]);
    const rows = await codes.db.select().from(memberLoginCodes).where(eq(memberLoginCodes.email, email));
    expect(rows).toHaveLength(CAP()); // only mailed codes exist: each gives 5 guesses, so the guessing budget is capped too

    await codes.db
      .update(memberLoginCodes)
      .set({ createdAt: sql`created_at - interval '61 minutes'` })
      .where(eq(memberLoginCodes.email, email));
    expect((await ask('127.0.37.1', email)).status).toBe(200);
    expect(await codeMails(email)).toHaveLength(CAP() + 1);
  });

  it('answers a listed and an unlisted address alike: status, body, headers and cookie', async () => {
    const listed = 'alike@example.com';
    await upsertMember(codes.db, { email: listed, firstName: 'Alike' });
    const shape = (r: Answer) => ({
      status: r.status,
      body: r.body,
      headers: Object.keys(r.headers)
        .filter((h) => h !== 'date')
        .sort(),
      cookie: String(r.headers['set-cookie'])
        .replace(/portal_login=[^;]+/, 'portal_login=…')
        .replace(/Expires=[^;]+/, ''),
    });
    const shapes = new Set<string>();
    for (let i = 0; i < 8; i++)
      for (const email of [listed, `alike-unlisted-${i}@example.com`])
        shapes.add(JSON.stringify(shape(await ask(`127.0.38.${i + 1}`, email))));
    expect(shapes.size).toBe(1);

    // The answer is written before any statement that depends on the address (member-login-code.test.ts).
  });
});
