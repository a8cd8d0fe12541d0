import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail, MyBooking } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { bookings, events, walletRegistrations } from '../../src/server/db/schema.ts';
import { passAuthToken } from '../../src/server/features/wallet/apple-pass.ts';
import { WALLET_DEVICES_PER_PASS, WALLET_LOG_LIMITS } from '../../src/server/features/wallet/routes.ts';
import { conciergeBody } from '../support/bookings.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAppleTestCertificates } from '../support/wallet-keys.ts';

// Decision 025: an Apple Wallet pass per confirmed booking, signed with the organiser's certificate, kept up to date.
let t: TestApp;
let bare: TestApp;
const apple = makeAppleTestCertificates();
const AUTH_SECRET = 'wallet-test-secret-of-enough-length-0123456789';

beforeAll(async () => {
  t = await createTestApp({ wallet: { apple, google: undefined, authSecret: AUTH_SECRET } });
  bare = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await bare.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.get(url, undefined, { headers });
async function mine(cookie: string, app = t) {
  const res = await get(app, '/api/me/bookings', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: MyBooking[]; wallets?: { apple: boolean; google: boolean } };
}
async function book(email: string, eventId = 'speakers-reception', app = t) {
  const cookie = await app.signIn(email);
  const res = await app.send('POST', `/api/rsvp/${eventId}`, cookie);
  expect(res.statusCode).toBe(201);
  const booking = (await mine(cookie, app)).data.find((b) => b.eventId === eventId) as MyBooking;
  return { cookie, booking };
}

/** The .pkpass's files, with its manifest checked against each file and its signature checked by openssl. */
function openPass(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  const manifest = JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString()) as Record<string, string>;
  const names = Object.keys(files).filter((n) => n !== 'manifest.json' && n !== 'signature');
  expect(Object.keys(manifest).sort()).toEqual(names.sort());
  for (const name of names)
    expect(manifest[name], name).toBe(
      createHash('sha1')
        .update(files[name] as Uint8Array)
        .digest('hex'),
    );
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
  try {
    writeFileSync(join(dir, 'manifest.json'), files['manifest.json'] as Uint8Array);
    writeFileSync(join(dir, 'signature'), files.signature as Uint8Array);
    writeFileSync(join(dir, 'wwdr.pem'), apple.wwdrPem);
    const verify = (extra: string[]) =>
      execFileSync(
        'openssl',
        ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', ...extra],
        { cwd: dir, stdio: 'pipe' },
      );
    // The detached signature covers this manifest, and it chains to the WWDR certificate it carries.
    verify(['-noverify', '-out', '/dev/null']);
    verify(['-CAfile', 'wwdr.pem', '-purpose', 'any', '-out', '/dev/null']);
    const signer = execFileSync('openssl', ['pkcs7', '-inform', 'DER', '-in', 'signature', '-print_certs'], {
      cwd: dir,
    }).toString();
    expect(signer).toContain('Pass Type ID: pass.test.portal');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pass = JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString());
  return { files, pass };
}
const field = (pass: { eventTicket: Record<string, { key: string; value: string }[]> }, key: string) =>
  Object.values(pass.eventTicket)
    .flat()
    .find((f) => f.key === key)?.value;

describe('Add to Apple Wallet (GET /api/me/bookings/:id/wallet.pkpass)', () => {
  it('signs a pass whose QR is the pass code, with the time in its zone, the venue and the relevant date', async () => {
    const { cookie, booking } = await book('apple@example.com');
    expect((await mine(cookie)).wallets).toEqual({ apple: true, google: false });
    const res = await get(t, `/api/me/bookings/${booking.id}/wallet.pkpass`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const { files, pass } = openPass(res.rawPayload);
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['icon.png', 'icon@2x.png', 'pass.json']));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: apple.passTypeId,
      teamIdentifier: apple.teamId,
      serialNumber: booking.id,
      organizationName: 'Test Portal',
      relevantDate: booking.startsAt,
      expirationDate: booking.endsAt,
      barcodes: [expect.objectContaining({ format: 'PKBarcodeFormatQR', message: booking.passCode })],
      webServiceURL: `${t.config.publicUrl}/api/wallet`,
      authenticationToken: passAuthToken(AUTH_SECRET, booking.id),
    });
    expect(pass.voided).toBeFalsy();
    expect(field(pass, 'event')).toBe(booking.title);
    expect(field(pass, 'when')).toBe('30 September 2031, 7:00–11:00 PM SGT');
    expect(field(pass, 'where')).toBe(booking.venue);
  });

  it('answers 404 for another member, a booking without a pass, and a cancelled booking', async () => {
    const { cookie, booking } = await book('owner@example.com');
    const other = await t.signIn('other@example.com');
    const url = `/api/me/bookings/${booking.id}/wallet.pkpass`;
    expect((await get(t, url)).statusCode).toBe(401);
    const stranger = await get(t, url, { cookie: other });
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, ERROR_CODE.notFound]);

    await t.db.update(bookings).set({ status: 'waitlisted' }).where(eq(bookings.id, booking.id));
    expect((await get(t, url, { cookie })).statusCode).toBe(404);
    await t.db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, booking.id));
    expect((await get(t, url, { cookie })).statusCode).toBe(200);

    const cancel = await t.send('POST', `/api/bookings/${booking.id}/cancel`, cookie);
    expect(cancel.statusCode).toBe(200);
    expect((await get(t, url, { cookie })).statusCode).toBe(404);
  });

  it('gives an offer without a time no pass', async () => {
    await createTestEvent(t.db, 'wallet-offer');
    const { cookie, booking } = await book('offer@example.com', 'wallet-offer');
    await t.db.update(events).set({ schedule: 'until' }).where(eq(events.id, 'wallet-offer'));
    const res = await get(t, `/api/me/bookings/${booking.id}/wallet.pkpass`, { cookie });
    expect([res.statusCode, res.json().code]).toEqual([404, ERROR_CODE.notFound]);
  });

  it('shows the new slot after a move: every download is built from the booking as it is now', async () => {
    const cookie = await t.signIn('mover@example.com');
    const placed = await t.post('/api/ap-house/rsvp', cookie, conciergeBody('mover@example.com'));
    expect(placed.statusCode).toBe(201);
    const before = (await mine(cookie)).data.find((b) => b.eventId === 'ap-house') as MyBooking;
    const url = `/api/me/bookings/${before.id}/wallet.pkpass`;
    const first = openPass((await get(t, url, { cookie })).rawPayload).pass;
    expect(field(first, 'when')).toBe(before.when);

    const detail = (await get(t, `/api/bookings/${before.id}`, { cookie })).json() as BookingDetail;
    const target = detail.slotOptions.find((s) => s.id !== before.slot?.id && s.remainingSlots > 0);
    const moved = await t.patch(`/api/bookings/${before.id}`, cookie, { slotId: target?.id });
    expect(moved.statusCode).toBe(200);
    const after = (await mine(cookie)).data.find((b) => b.id === before.id) as MyBooking;
    expect(after.when).not.toBe(before.when);
    const second = openPass((await get(t, url, { cookie })).rawPayload).pass;
    expect(field(second, 'when')).toBe(after.when);
    expect(second.relevantDate).toBe(after.startsAt);
    expect(second.serialNumber).toBe(first.serialNumber);
    expect(second.barcodes[0].message).toBe(first.barcodes[0].message); // a move keeps the pass code
  });

  it('offers no Apple Wallet pass when the portal has no certificate', async () => {
    const { cookie, booking } = await book('bare@example.com', 'speakers-reception', bare);
    expect((await mine(cookie, bare)).wallets).toEqual({ apple: false, google: false });
    const res = await get(bare, `/api/me/bookings/${booking.id}/wallet.pkpass`, { cookie });
    expect([res.statusCode, res.json().code]).toEqual([404, ERROR_CODE.walletNotConfigured]);
    const service = await get(bare, `/api/wallet/v1/passes/pass.test.portal/${booking.id}`);
    expect([service.statusCode, service.json().code]).toEqual([404, ERROR_CODE.walletNotConfigured]);
  });
});

describe('the pass web service Wallet updates passes through', () => {
  const device = 'a1b2c3d4e5f6';
  const base = '/api/wallet/v1';

  it('registers a device with the pass token only, lists updated serials, serves the latest pass, unregisters', async () => {
    const { cookie, booking } = await book('device@example.com');
    const auth = { authorization: `ApplePass ${passAuthToken(AUTH_SECRET, booking.id)}` };
    const reg = `${base}/devices/${device}/registrations/${apple.passTypeId}/${booking.id}`;
    const register = (headers: Record<string, string>) => t.post(reg, undefined, { pushToken: 'push-1' }, { headers });

    expect((await register({})).statusCode).toBe(401);
    expect((await register({ authorization: `ApplePass ${passAuthToken(AUTH_SECRET, 'x')}` })).statusCode).toBe(401);
    expect((await register(auth)).statusCode).toBe(201);
    expect((await register(auth)).statusCode).toBe(200); // again: already registered
    expect(await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.bookingId, booking.id))).toEqual([
      expect.objectContaining({ deviceId: device, passTypeId: apple.passTypeId, pushToken: 'push-1' }),
    ]);

    const listed = await get(t, `${base}/devices/${device}/registrations/${apple.passTypeId}`);
    expect(listed.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = listed.json();
    expect(serialNumbers).toEqual([booking.id]);
    const since = `${base}/devices/${device}/registrations/${apple.passTypeId}?passesUpdatedSince=${lastUpdated}`;
    expect((await get(t, since)).statusCode).toBe(204);

    const latest = `${base}/passes/${apple.passTypeId}/${booking.id}`;
    expect((await get(t, latest)).statusCode).toBe(401);
    const pass = await get(t, latest, auth);
    expect(pass.statusCode).toBe(200);
    expect(openPass(pass.rawPayload).pass.voided).toBeFalsy();
    const modified = String(pass.headers['last-modified']);
    expect((await get(t, latest, { ...auth, 'if-modified-since': modified })).statusCode).toBe(304);

    // A cancellation: the device hears of it, and the latest pass is voided.
    await new Promise((r) => setTimeout(r, 1100)); // Last-Modified holds whole seconds
    const cancel = await t.send('POST', `/api/bookings/${booking.id}/cancel`, cookie);
    expect(cancel.statusCode).toBe(200);
    expect((await get(t, since)).json().serialNumbers).toEqual([booking.id]);
    const voided = await get(t, latest, { ...auth, 'if-modified-since': modified });
    expect(voided.statusCode).toBe(200);
    expect(openPass(voided.rawPayload).pass.voided).toBe(true);

    const log = await t.post(`${base}/log`, undefined, { logs: ['a test line'] });
    expect(log.statusCode).toBe(200);
    expect((await t.del(reg, undefined, { headers: auth })).statusCode).toBe(200);
    expect((await get(t, `${base}/devices/${device}/registrations/${apple.passTypeId}`)).statusCode).toBe(204);
  });
});

describe('the pass web service is bounded like every other write (decision 046)', () => {
  const base = '/api/wallet/v1';
  const post = (url: string, payload: object | string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.send('POST', url, undefined, payload, {
      headers: { 'content-type': 'application/json', ...headers },
      remoteAddress,
    });

  it('takes a few short log posts per address a minute, and refuses floods, long posts and big bodies', async () => {
    const { lines, lineLength, bodyBytes, postsPerIp } = WALLET_LOG_LIMITS;
    const ip = '203.0.113.7';
    const line = (n: number) => 'x'.repeat(n);
    expect((await post(`${base}/log`, { logs: [line(lineLength)] }, ip)).statusCode).toBe(200);
    const tooLong = await post(`${base}/log`, { logs: [line(lineLength + 1)] }, ip);
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([400, ERROR_CODE.badRequest]);
    expect((await post(`${base}/log`, { logs: Array(lines + 1).fill('a') }, ip)).statusCode).toBe(400);
    const big = await post(`${base}/log`, JSON.stringify({ logs: [], pad: line(bodyBytes) }), ip);
    expect(big.statusCode).toBe(413);
    for (let i = 4; i < postsPerIp; i++) expect((await post(`${base}/log`, { logs: ['ok'] }, ip)).statusCode).toBe(200);
    const flood = await post(`${base}/log`, { logs: ['one too many'] }, ip);
    expect([flood.statusCode, flood.json().code]).toEqual([429, ERROR_CODE.rateLimited]);
    expect(flood.headers['retry-after']).toBeDefined();
    // Another address is counted on its own.
    expect((await post(`${base}/log`, { logs: ['ok'] }, '203.0.113.8')).statusCode).toBe(200);
  });

  it('keeps at most WALLET_DEVICES_PER_PASS devices per pass: a new one drops the oldest', async () => {
    const { booking } = await book('many-devices@example.com');
    const auth = { authorization: `ApplePass ${passAuthToken(AUTH_SECRET, booking.id)}` };
    const extra = 3;
    for (let i = 0; i < WALLET_DEVICES_PER_PASS + extra; i++) {
      const url = `${base}/devices/device-${i}/registrations/${apple.passTypeId}/${booking.id}`;
      const res = await post(url, { pushToken: `push-${i}` }, '203.0.113.9', auth);
      expect(res.statusCode).toBe(201);
    }
    const rows = await t.db.select().from(walletRegistrations).where(eq(walletRegistrations.bookingId, booking.id));
    const kept = rows.map((r) => r.deviceId).sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)));
    expect(kept).toEqual(Array.from({ length: WALLET_DEVICES_PER_PASS }, (_, i) => `device-${i + extra}`));
  });
});
