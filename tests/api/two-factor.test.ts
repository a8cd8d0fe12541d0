import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { sealPlainTotpSecrets } from '../../src/server/features/auth/totp.ts';
import { afterReplySettled } from '../../src/server/lib/after-reply.ts';
import { sealSecret, secretBoxKey } from '../../src/server/lib/secret-box.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 056: authenticator codes (once each, ±1 step), recovery codes, required two-factor, sessions.
let t: TestApp;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
const login = (email: string, password = PASSWORD) => t.post('/api/admin/login', undefined, { email, password });
const secondFactor = (cookie: string, code: string) => t.post('/api/admin/login/second-factor', cookie, { code });

/** Sets up an authenticator for a signed-in account; its secret and recovery codes. */
async function setUpTotp(cookie: string) {
  const setup = await t.post('/api/admin/security/totp', cookie);
  expect(setup.statusCode).toBe(200);
  const { secret, uri, qrDataUrl } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
  const wrong = await t.post('/api/admin/security/totp/confirm', cookie, { code: '000000' });
  expect(wrong.json().code).toBe('invalid_code');
  const setUpCode = codeAt(secret);
  const confirmed = await t.post('/api/admin/security/totp/confirm', cookie, { code: setUpCode });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, setUpCode, recovery: confirmed.json().recoveryCodes as string[], confirmed };
}

describe('authenticator codes and recovery codes', () => {
  it('asks for the second factor after the password, takes each code once, and recovery codes once', async () => {
    const email = 'totp@example.com';
    const first = await t.signInAdmin(email);
    const { secret, setUpCode, recovery } = await setUpTotp(first);
    expect(recovery).toHaveLength(10);
    expect((await t.get('/api/admin/security', first)).json()).toEqual({
      totp: true,
      passkeys: [],
      recoveryCodesLeft: 10,
      required: false,
    });

    const half = await login(email);
    expect(half.json()).toMatchObject({ email, next: 'factor' });
    const halfCookie = cookieOf(half);
    // The password alone reaches nothing else.
    expect((await t.get('/api/admin/benefits', halfCookie)).statusCode).toBe(401);
    expect((await t.get('/api/admin/security/sessions', halfCookie)).json().code).toBe('second_factor_required');
    expect((await t.get('/api/admin/session', halfCookie)).json().code).toBe('second_factor_required');

    // The code the set-up took is not taken again; the next step's (drift window) is, once.
    // (The set-up's own code: a fresh one could be the next step's if the clock rolled over meanwhile.)
    expect((await secondFactor(halfCookie, setUpCode)).json().code).toBe('invalid_code');
    const next = codeAt(secret, 1);
    const done = await secondFactor(halfCookie, next);
    expect(done.statusCode).toBe(200);
    const full = cookieOf(done);
    expect(full).not.toBe(halfCookie);
    expect((await t.get('/api/admin/benefits', full)).statusCode).toBe(200);
    expect((await t.get('/api/admin/benefits', halfCookie)).statusCode).toBe(401);

    const again = cookieOf(await login(email));
    expect((await secondFactor(again, next)).statusCode).toBe(401);
    expect((await secondFactor(again, recovery[0] ?? '')).statusCode).toBe(200);
    const reused = cookieOf(await login(email));
    expect((await secondFactor(reused, (recovery[0] ?? '').toUpperCase())).json().code).toBe('invalid_code');
    expect((await secondFactor(reused, recovery[1] ?? '')).statusCode).toBe(200);
    expect((await t.get('/api/admin/security', full)).json().recoveryCodesLeft).toBe(8);
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, email));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'account.recovery_used',
      'account.recovery_used',
      'account.totp_on',
    ]);
  });

  it('removing the authenticator needs the password and ends the other sessions', async () => {
    const email = 'remove@example.com';
    const cookie = await t.signInAdmin(email);
    const { secret } = await setUpTotp(cookie);
    const other = cookieOf(await secondFactor(cookieOf(await login(email)), codeAt(secret, 1)));
    expect((await t.get('/api/admin/benefits', other)).statusCode).toBe(200);
    expect((await t.post('/api/admin/security/totp/remove', cookie, { password: 'nope' })).statusCode).toBe(403);
    expect((await t.post('/api/admin/security/totp/remove', cookie, { password: PASSWORD })).statusCode).toBe(200);
    expect((await t.get('/api/admin/benefits', other)).statusCode).toBe(401);
    expect((await t.get('/api/admin/benefits', cookie)).statusCode).toBe(200);
    expect((await login(email)).json().next).toBeUndefined();
  });
});

describe('authenticator secrets at rest (decision 060)', () => {
  it('keeps the secret sealed, still reads a plain one from before, and seals it at start-up', async () => {
    const email = 'sealed@example.com';
    const { secret } = await setUpTotp(await t.signInAdmin(email));
    const row = async () => (await t.db.select().from(users).where(eq(users.username, email)))[0];
    expect((await row())?.totpSecret).toMatch(/^enc1\./);
    expect((await row())?.totpSecret).not.toContain(secret);
    // A row as it was stored before: the plain secret is read as it is.
    await t.db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.username, email));
    expect((await secondFactor(cookieOf(await login(email)), codeAt(secret))).statusCode).toBe(200);
    expect(await sealPlainTotpSecrets(t.db, t.config.totpKey)).toBe(1);
    expect((await row())?.totpSecret).toMatch(/^enc1\./);
    await t.db.update(users).set({ totpLastStep: null }).where(eq(users.username, email));
    expect((await secondFactor(cookieOf(await login(email)), codeAt(secret))).statusCode).toBe(200);
    // Sealed under another key (the setting changed): its codes are refused, not a 500.
    const otherKey = secretBoxKey('another key of at least thirty-two characters');
    const foreign = sealSecret(otherKey, secret, `totp:${(await row())?.id}`);
    await t.db.update(users).set({ totpSecret: foreign, totpLastStep: null }).where(eq(users.username, email));
    expect((await secondFactor(cookieOf(await login(email)), codeAt(secret))).json().code).toBe('invalid_code');
  });
});

describe('two-factor required by the organiser', () => {
  it('takes an account without a factor through set-up, and the password alone reaches no admin route', async () => {
    const organiser = await t.signInAdmin('organiser@example.com');
    const staff = await t.signInStaff('door-2fa@example.com');
    expect((await t.put('/api/admin/sign-in-policy', staff, { twoFactorRoles: ['admin'] })).statusCode).toBe(403);
    const set = await t.put('/api/admin/sign-in-policy', organiser, { twoFactorRoles: ['admin', 'partner'] });
    expect(set.json()).toEqual({ twoFactorRoles: ['admin', 'partner'] });

    await upsertAdmin(t.db, { email: 'needs@example.com', password: PASSWORD });
    const half = await login('needs@example.com');
    expect(half.json().next).toBe('setup');
    const cookie = cookieOf(half);
    expect((await t.get('/api/admin/benefits', cookie)).statusCode).toBe(401);
    expect((await t.get('/api/admin/session', cookie)).json().code).toBe('two_factor_setup_required');
    expect((await t.get('/api/admin/security/sessions', cookie)).statusCode).toBe(401);
    const { confirmed } = await setUpTotp(cookie);
    expect(confirmed.json().user).toMatchObject({ email: 'needs@example.com', role: 'admin' });
    const full = cookieOf(confirmed);
    expect((await t.get('/api/admin/benefits', full)).statusCode).toBe(200);
    // Required: it cannot be removed. Staff are not required.
    const removal = await t.post('/api/admin/security/totp/remove', full, { password: PASSWORD });
    expect(removal.json().code).toBe('two_factor_required');
    expect((await login('door-2fa@example.com')).json().next).toBeUndefined();
    await t.put('/api/admin/sign-in-policy', organiser, { twoFactorRoles: [] });
  });
});

describe('sessions and passwords', () => {
  it('lists the devices and places, ends one at once, ends the others on a password change, and mails a new device', async () => {
    const email = 'devices@example.com';
    const a = await t.signInAdmin(email);
    // From a public address in Singapore (SingNet), then from a private one (decision 068).
    const second = await t.post(
      '/api/admin/login',
      undefined,
      { email, password: PASSWORD },
      {
        remoteAddress: '203.116.1.1',
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1',
        },
      },
    );
    const b = cookieOf(second);
    const mails = () => queuedMails(t.db, { purpose: 'new-device', to: email });
    expect(await mails()).toHaveLength(1);
    expect((await mails())[0]?.text).toContain('Safari 17 on iOS, from Singapore (203.116.1.1), at ');
    const c = cookieOf(
      await t.post('/api/admin/login', undefined, { email, password: PASSWORD }, { remoteAddress: '10.0.0.5' }),
    );
    expect((await mails())[1]?.text).toContain(', from the local network (10.0.0.5), at ');
    const list = (await t.get('/api/admin/security/sessions', a)).json().sessions as {
      id: string;
      device: string;
      address: string;
      place: unknown;
      current: boolean;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device)).toContain('Safari 17 on iOS');
    const placeAt = (address: string) => list.find((s) => s.address === address)?.place;
    expect(placeAt('203.116.1.1')).toEqual({ country: 'SG' });
    expect(placeAt('10.0.0.5')).toEqual({ network: 'local' });
    expect(placeAt('127.0.0.1')).toEqual({ network: 'this' });

    const bId = (await t.get('/api/admin/security/sessions', b))
      .json()
      .sessions.find((s: { current: boolean }) => s.current).id;
    expect((await t.del(`/api/admin/security/sessions/${bId}`, a)).statusCode).toBe(200);
    expect((await t.get('/api/admin/benefits', b)).statusCode).toBe(401);

    const weak = await t.post('/api/admin/security/password', a, { current: PASSWORD, next: 'short' });
    expect(weak.statusCode).toBe(400);
    const wrong = await t.post('/api/admin/security/password', a, { current: 'wrong', next: 'a new long passphrase' });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await t.post('/api/admin/security/password', a, { current: PASSWORD, next: 'a new long passphrase' }))
        .statusCode,
    ).toBe(200);
    expect((await t.get('/api/admin/benefits', c)).statusCode).toBe(401);
    expect((await t.get('/api/admin/benefits', a)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'a new long passphrase')).statusCode).toBe(200);
    // Typing the password again is limited as signing in is: a stolen session cannot guess it quickly.
    const guesses = [];
    for (let i = 0; i < 11; i++)
      guesses.push(
        (await t.post('/api/admin/security/password', a, { current: `guess ${i}`, next: 'whatever long enough' }))
          .statusCode,
      );
    expect(guesses.slice(-1)).toEqual([429]);
  });
});

describe('password reset by e-mail', () => {
  it('answers alike for any address, mails a single-use link, and ends every session of the account', async () => {
    const email = 'forgot@example.com';
    const cookie = await t.signInAdmin(email);
    const known = await t.post('/api/admin/password-reset', undefined, { email: 'Forgot@Example.com' });
    const unknown = await t.post('/api/admin/password-reset', undefined, { email: 'nobody-here@example.com' });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    await afterReplySettled();
    expect(await queuedMails(t.db, { purpose: 'password-reset', to: 'nobody-here@example.com' })).toHaveLength(0);
    const [mail] = await queuedMails(t.db, { purpose: 'password-reset', to: email });
    const token = mail?.text.match(/token=([\w-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');

    const reset = { token, password: 'a brand new passphrase' };
    expect((await t.post('/api/admin/password-reset/complete', undefined, reset)).statusCode).toBe(200);
    expect((await t.get('/api/admin/benefits', cookie)).statusCode).toBe(401);
    const again = await t.post('/api/admin/password-reset/complete', undefined, {
      ...reset,
      password: 'another passphrase',
    });
    expect(again.json().code).toBe('reset_link_invalid');
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
  });
});

describe('passkeys (the browser test signs in with one: tests/e2e/two-factor.test.ts)', () => {
  it('hands out options for a discoverable sign-in, refuses an answer it cannot verify, and names no one', async () => {
    const options = await t.post('/api/admin/login/passkey/options');
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const forged = {
      response: {
        id: 'bm90LWEta2V5',
        rawId: 'bm90LWEta2V5',
        type: 'public-key',
        response: {},
        clientExtensionResults: {},
      },
    };
    const refused = await t.post('/api/admin/login/passkey', undefined, forged);
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'passkey_invalid']);
    // A half-signed-in account without passkeys gets no options; a signed-in one gets registration options.
    const cookie = await t.signInAdmin('keys@example.com');
    const register = await t.post('/api/admin/security/passkeys/options', cookie);
    expect(register.json()).toMatchObject({ rp: { id: 'localhost' }, user: { name: 'keys@example.com' } });
    expect((await t.get('/api/admin/security', cookie)).json().passkeys).toEqual([]);
  });
});
