import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { CHECK_IN_MSG } from '#common/passes.ts';
import { runCommand } from '../../src/server/cli-commands.ts';
import { bookings } from '../../src/server/db/schema.ts';
import { removeMember } from '../../src/server/features/auth/members.ts';
import { passAuthToken } from '../../src/server/features/wallet/apple-pass.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAppleTestCertificates } from '../support/wallet-keys.ts';

// Decision 046: removing a member (admin route or `members remove`) voids their passes: the door refuses them by
// name and code, Apple Wallet hears the pass changed and fetches a voided one, and their session ends.
let t: TestApp;
let admin: string;
let staff: string;
const apple = makeAppleTestCertificates();
const AUTH_SECRET = 'removed-member-secret-of-enough-length-0123456789';
const EVENT = 'rm-door';
const base = '/api/wallet/v1';

beforeAll(async () => {
  t = await createTestApp({ wallet: { apple, google: undefined, authSecret: AUTH_SECRET } });
  await createTestEvent(t.db, EVENT, { capacity: 20 });
  admin = await t.signInAdmin('rm-admin@example.com');
  staff = await t.signInStaff('rm-staff@example.com');
}, 120_000);
afterAll(() => t.close());

async function bookAndRegister(email: string) {
  const cookie = await t.signIn(email);
  expect((await t.post(`/api/rsvp/${EVENT}`, cookie)).statusCode).toBe(201);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.email, email));
  if (!booking?.passCode) throw new Error('no pass');
  const auth = { authorization: `ApplePass ${passAuthToken(AUTH_SECRET, booking.id)}` };
  const device = `dev-${booking.id.slice(0, 8)}`;
  const reg = await t.post(
    `${base}/devices/${device}/registrations/${apple.passTypeId}/${booking.id}`,
    undefined,
    { pushToken: 'push' },
    { headers: auth },
  );
  expect(reg.statusCode).toBe(201);
  const listed = await t.get(`${base}/devices/${device}/registrations/${apple.passTypeId}`);
  const since = `${base}/devices/${device}/registrations/${apple.passTypeId}?passesUpdatedSince=${listed.json().lastUpdated}`;
  expect((await t.get(since)).statusCode).toBe(204);
  return { cookie, booking, code: booking.passCode, auth, since };
}

async function expectVoid(member: Awaited<ReturnType<typeof bookAndRegister>>) {
  // The door refuses the pass, by name and code, and no longer lists it (so an offline door does not admit it).
  const scan = await t.post('/api/admin/check-in', staff, { code: member.code, eventId: EVENT });
  expect([scan.statusCode, scan.json().code, scan.json().error]).toEqual([
    409,
    ERROR_CODE.memberRemoved,
    CHECK_IN_MSG.memberRemoved,
  ]);
  const door = (await t.get(`/api/admin/check-in/events/${EVENT}`, staff)).json();
  expect(door.passes.map((p: { bookingId: string }) => p.bookingId)).not.toContain(member.booking.id);
  // Apple Wallet: the pass is listed as changed, and the pass it fetches is voided.
  const changed = await t.get(member.since);
  expect([changed.statusCode, changed.json().serialNumbers]).toEqual([200, [member.booking.id]]);
  const pass = await t.get(`${base}/passes/${apple.passTypeId}/${member.booking.id}`, undefined, {
    headers: member.auth,
  });
  expect(pass.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(pass.rawPayload));
  expect(JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString()).voided).toBe(true);
  // Their session is over.
  const me = await t.get('/api/me/bookings', member.cookie);
  expect(me.statusCode).toBe(401);
}

describe("a removed member's passes are void", () => {
  it('after the admin removes them: refused at the door, voided in the wallet, signed out', async () => {
    const member = await bookAndRegister('rm-by-admin@example.com');
    const other = await bookAndRegister('rm-stays@example.com');
    const del = await t.del('/api/admin/members/rm-by-admin@example.com', admin);
    expect(del.statusCode).toBe(200);
    await expectVoid(member);
    // Another member's pass still admits.
    expect((await t.post('/api/admin/check-in', staff, { code: other.code, eventId: EVENT })).statusCode).toBe(200);
  });

  it('after `members remove` on the command line', async () => {
    const member = await bookAndRegister('rm-by-cli@example.com');
    if (t.dbUrl) {
      const lines: string[] = [];
      const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
      const env = { ...process.env, DATABASE_URL: t.dbUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false' };
      expect(await runCommand(['members', 'remove', 'RM-by-cli@example.com'], env, out)).toBe(0);
      expect(lines).toEqual(['Removed rm-by-cli@example.com']);
    } else {
      // PGlite in memory cannot be opened by a second client: the call the command makes.
      expect(await removeMember(t.db, 'RM-by-cli@example.com')).toBe(true);
    }
    await expectVoid(member);
  });

  it('comes back when the member is added again', async () => {
    const member = await bookAndRegister('rm-back@example.com');
    expect(await removeMember(t.db, 'rm-back@example.com')).toBe(true);
    const add = await t.post('/api/admin/members', admin, { email: 'rm-back@example.com' });
    expect(add.statusCode).toBe(201);
    const scan = await t.post('/api/admin/check-in', staff, { code: member.code, eventId: EVENT });
    expect(scan.statusCode).toBe(200);
  });
});
