import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBooking } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { bookings } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 025: "Save to Google Wallet" is Google's save page with a JWT signed by the organiser's service account.
const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const ISSUER = '3388000000012345678';
const google = {
  issuerId: ISSUER,
  issuerName: 'Test Portal',
  clientEmail: 'wallet@test.iam.gserviceaccount.com',
  privateKey,
};
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ wallet: { apple: undefined, google, authSecret: 'google-wallet-test-secret-0123456789' } });
});
afterAll(() => t.close());

async function book(email: string) {
  const cookie = await t.signIn(email);
  expect((await t.send('POST', '/api/rsvp/speakers-reception', cookie)).statusCode).toBe(201);
  const mine = (await t.get('/api/me/bookings', cookie)).json();
  expect(mine.wallets).toEqual({ apple: false, google: true });
  return { cookie, booking: (mine.data as MyBooking[]).find((b) => b.eventId === 'speakers-reception') as MyBooking };
}
const save = (id: string, cookie: string) => t.get(`/api/me/bookings/${id}/google-wallet`, cookie);

describe('Save to Google Wallet (GET /api/me/bookings/:id/google-wallet)', () => {
  it('sends the member to Google with an RS256 JWT carrying the event ticket, its QR code and time', async () => {
    const { cookie, booking } = await book('google@example.com');
    const res = await save(booking.id, cookie);
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = location.slice('https://pay.google.com/gp/v/save/'.length);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, 'RS256'), {
      issuer: google.clientEmail,
      audience: 'google',
    });
    expect(payload).toMatchObject({ typ: 'savetowallet', origins: [t.config.publicUrl] });
    const { eventTicketClasses, eventTicketObjects } = payload.payload as Record<string, Record<string, unknown>[]>;
    expect(eventTicketClasses).toEqual([
      expect.objectContaining({
        id: `${ISSUER}.speakers-reception`,
        issuerName: 'Test Portal',
        eventName: { defaultValue: { language: 'en', value: booking.title } },
        venue: expect.objectContaining({ name: { defaultValue: { language: 'en', value: booking.venue } } }),
        // The event's own zone: 7 PM in Singapore, as My bookings shows it.
        dateTime: { start: '2031-09-30T19:00:00.000+08:00', end: '2031-09-30T23:00:00.000+08:00' },
      }),
    ]);
    expect(eventTicketObjects).toEqual([
      expect.objectContaining({
        id: `${ISSUER}.${booking.id}-0`,
        classId: `${ISSUER}.speakers-reception`,
        state: 'ACTIVE',
        barcode: expect.objectContaining({ type: 'QR_CODE', value: booking.passCode }),
        textModulesData: expect.arrayContaining([{ id: 'when', header: 'When', body: booking.when }]),
      }),
    ]);
  });

  it('answers 404 for another member, a booking not admitted, and a portal without Google settings', async () => {
    const { cookie, booking } = await book('google-owner@example.com');
    const other = await t.signIn('google-other@example.com');
    expect((await save(booking.id, other)).statusCode).toBe(404);
    await t.db.update(bookings).set({ status: 'pending' }).where(eq(bookings.id, booking.id));
    expect((await save(booking.id, cookie)).json()).toMatchObject({ code: ERROR_CODE.notFound });

    const bare = await createTestApp();
    try {
      const member = await bare.signIn('google-bare@example.com');
      const direct = await bare.get(`/api/me/bookings/${booking.id}/google-wallet`, member);
      expect([direct.statusCode, direct.json().code]).toEqual([404, ERROR_CODE.walletNotConfigured]);
    } finally {
      await bare.close();
    }
  });
});
