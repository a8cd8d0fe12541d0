import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, authorizedEmails, passkeys } from '../../src/server/db/schema.ts';
import { softPasskey } from '../support/soft-passkey.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 060: members add passkeys on /me and sign in with them; the allow-list still decides; limits of 019 hold.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerEmail: 3, loginLimitPerIp: 12 });
});
afterAll(() => t.close());

type Passkey = ReturnType<typeof softPasskey>;
const from = (remoteAddress: string, url: string, payload: object = {}) =>
  t.post(url, undefined, payload, { remoteAddress: remoteAddress });

/** Adds a passkey to a signed-in member through the API, as /me does. */
async function addPasskey(cookie: string, name: string, key: Passkey = softPasskey()) {
  const options = await t.post('/api/auth/passkeys/options', cookie);
  expect(options.statusCode).toBe(200);
  const added = await t.post('/api/auth/passkeys', cookie, { name, response: key.register(options.json()) });
  expect(added.statusCode).toBe(201);
  return { key, id: added.json().id as string };
}

/** The passkey's answer to fresh sign-in options, sent from `ip`. */
async function signInWith(key: Passkey, ip = '127.0.0.1') {
  const options = await from(ip, '/api/auth/passkey/options');
  expect(options.statusCode).toBe(200);
  return from(ip, '/api/auth/passkey', { response: key.signIn(options.json()) });
}
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((k) => k.name === 'portal_session');
  return `${c?.name}=${c?.value}`;
};
const auditOf = async (email: string) =>
  (await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, email))).map((a) => a.action).sort();

describe('members’ passkeys', () => {
  it('adds a named passkey, signs in with it alone, lists its last use, and removes it', async () => {
    const email = 'passkey-member@example.com';
    const cookie = await t.signIn(email);
    expect((await t.post('/api/auth/passkeys/options')).statusCode).toBe(401);
    const { key, id } = await addPasskey(cookie, 'My phone');
    expect((await t.get('/api/auth/passkeys', cookie)).json().passkeys).toEqual([
      { id, name: 'My phone', createdAt: expect.any(String), lastUsedAt: null },
    ]);

    const signedIn = await signInWith(key);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ email, firstName: 'Test' });
    const session = cookieOf(signedIn);
    expect((await t.get('/api/auth/session', session)).json().email).toBe(email);
    const [listed] = (await t.get('/api/auth/passkeys', session)).json().passkeys;
    expect(listed.lastUsedAt).not.toBeNull();

    // A signed answer is taken once: its challenge is spent.
    const options = (await t.post('/api/auth/passkey/options')).json();
    const answer = key.signIn(options);
    expect((await t.post('/api/auth/passkey', undefined, { response: answer })).statusCode).toBe(200);
    const replayed = await t.post('/api/auth/passkey', undefined, { response: answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('passkey_invalid');

    // Another member cannot remove it; its owner can, and then it signs nobody in.
    const other = await t.signIn('someone-else@example.com');
    expect((await t.del(`/api/auth/passkeys/${id}`, other)).statusCode).toBe(404);
    // As the browser sends it: JSON's content type, no body.
    const removed = await t.del(`/api/auth/passkeys/${id}`, cookie, {
      headers: { 'content-type': 'application/json' },
    });
    expect(removed.json()).toEqual({ success: true });
    expect((await t.get('/api/auth/passkeys', cookie)).json().passkeys).toEqual([]);
    expect((await signInWith(key)).json().code).toBe('passkey_invalid');
    expect(await auditOf(email)).toEqual([
      'member.passkey_add',
      'member.passkey_remove',
      'member.passkey_sign_in',
      'member.passkey_sign_in',
    ]);
  });

  it('signs nobody in once the address is off the allow-list: the same answer as an unknown passkey', async () => {
    const email = 'delisted@example.com';
    const { key } = await addPasskey(await t.signIn(email), 'Tablet');
    await t.db.delete(authorizedEmails).where(eq(authorizedEmails.email, email));
    const refused = await signInWith(key);
    const unknown = await signInWith(softPasskey());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(unknown.json());
    expect(refused.cookies.find((c) => c.name === 'portal_session')).toBeUndefined();
  });

  it('removing a member removes their passkeys and ends their sessions', async () => {
    const email = 'removed-with-keys@example.com';
    const cookie = await t.signIn(email);
    await addPasskey(cookie, 'Phone');
    await addPasskey(cookie, 'Laptop');
    const admin = await t.signInAdmin();
    const res = await t.del(`/api/admin/members/${email}`, admin);
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.memberEmail, email))).toEqual([]);
    expect((await t.get('/api/auth/session', cookie)).statusCode).toBe(401);
  });

  it('slows a member’s passkey per address after wrong answers, never the right one from elsewhere; caps an address', async () => {
    const email = 'siege@example.com';
    const { key } = await addPasskey(await t.signIn(email), 'Phone');
    // A forged answer (a real passkey's id with another key's signature) counts against the member at that address.
    const forger = softPasskey();
    const forged = async () => {
      const options = (await from('10.1.1.1', '/api/auth/passkey/options')).json();
      return from('10.1.1.1', '/api/auth/passkey', {
        response: { ...forger.signIn(options), id: key.id, rawId: key.id },
      });
    };
    for (let i = 0; i < 3; i++) expect((await forged()).json().code).toBe('passkey_invalid');
    const slowed = await forged();
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBeDefined();
    // The member's own passkey from another address is not held up by what happened at that one.
    expect((await signInWith(key, '10.2.2.2')).statusCode).toBe(200);
    // One address asking for options past LOGIN_LIMIT_PER_IP in a minute is cut off (before anything is stored).
    const asked: number[] = [];
    for (let i = 0; i < 13; i++) asked.push((await from('10.3.3.3', '/api/auth/passkey/options')).statusCode);
    expect(asked).toEqual([...Array(12).fill(200), 429]);
    // Staff passkey sign-in (decision 056) has the same cap per address, options and answers together.
    const staff: number[] = [];
    for (let i = 0; i < 6; i++) staff.push((await from('10.4.4.4', '/api/admin/login/passkey/options')).statusCode);
    for (let i = 0; i < 7; i++) staff.push((await from('10.4.4.4', '/api/admin/login/passkey')).statusCode);
    expect(staff).toEqual([...Array(6).fill(200), ...Array(6).fill(400), 429]);
    expect(await auditOf(email)).toContain('member.passkey_sign_in');
    expect(await t.db.select().from(passkeys).where(eq(passkeys.memberEmail, email))).toHaveLength(1);
  });
});
