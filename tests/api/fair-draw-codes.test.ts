import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicDraw } from '#common/draws.ts';
import { zoneInput } from '#common/event-time.ts';
import { verifyDraw } from '#common/fair-draw.ts';
import { bookings, eventDraws, offerCodes } from '../../src/server/db/schema.ts';
import { createTestEvent, HOUR } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 034: an offer with a code pool AND a fair draw. A winner gets a code as a claim does, in the draw's
// transaction; the places drawn are no more than the codes left (the pool's sold-out path: the rest are not drawn
// and, as the organiser chose, wait on the waitlist for codes to be added).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('draw-codes-admin@example.com');
});
afterAll(() => t.close());

const TZ = 'Asia/Singapore';
const at = (ms: number) => zoneInput(new Date(Date.now() + ms), TZ);
const ID = 'draw-codes';
const upload = (text: string) => t.post(`/api/admin/benefits/${ID}/offer-codes/upload`, admin, { text });

describe('a fair draw on an offer with a code pool', () => {
  it('10 entries, 5 places, 3 codes: 3 drawn, each with its own code; the rest waitlisted, served as codes come', async () => {
    await createTestEvent(t.db, ID, {
      capacity: 5,
      bookingForm: 'none',
      timeZone: TZ,
      config: { slotConfig: { allowWaitlist: true } },
    });
    expect((await upload('DC-1\nDC-2\nDC-3')).json()).toMatchObject({ added: 3 });
    const set = await t.put(`/api/admin/events/${ID}/draw`, admin, {
      opensAt: at(-60_000),
      closesAt: at(HOUR),
      drawAt: at(2 * HOUR),
      losers: 'waitlist',
    });
    expect(set.statusCode, set.body).toBe(200);
    for (let i = 0; i < 10; i++) {
      const res = await t.post(`/api/rsvp/${ID}`, await t.signIn(`draw-codes-${i}@example.com`), {});
      expect(res.json().status, res.body).toBe('entered');
    }
    // Entries hold no code.
    expect((await t.db.select().from(offerCodes).where(eq(offerCodes.benefitId, ID))).every((c) => !c.bookingId)).toBe(
      true,
    );

    // Entries close (decision 050: run-now before the close only brings the draw forward to it).
    await t.db
      .update(eventDraws)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(eventDraws.eventId, ID));
    const run = await t.post(`/api/admin/events/${ID}/draw/run`, admin);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ won: 3, waitlisted: 7, notDrawn: 0, entries: 10 });

    const rows = await t.db.select().from(bookings).where(eq(bookings.eventId, ID));
    const won = rows.filter((b) => b.drawOutcome === 'won');
    expect(won.map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(rows.filter((b) => b.status === 'waitlisted')).toHaveLength(7);
    const codes = await t.db.select().from(offerCodes).where(eq(offerCodes.benefitId, ID));
    const held = codes.filter((c) => c.bookingId !== null);
    expect(new Set(held.map((c) => c.bookingId))).toEqual(new Set(won.map((b) => b.id)));
    for (const c of held) expect(c.email).toBe(won.find((b) => b.id === c.bookingId)?.email);
    // Each winner's confirmation carries their code.
    for (const b of won) {
      const code = held.find((c) => c.bookingId === b.id)?.code;
      const mail = (await queuedMails(t.db, { to: b.email })).find((m) =>
        /^You were drawn: your place is confirmed - /.test(m.subject),
      );
      expect(mail?.text).toContain(`Your offer code: ${code}`);
    }
    // The published draw offered 3 places (the codes), and verifies.
    const pub = (await t.get(`/api/draws/${ID}`)).json() as PublicDraw;
    expect(pub.placesOffered).toBe(3);
    expect(
      await verifyDraw({
        seed: pub.seed ?? '',
        commitment: pub.commitment,
        placesOffered: pub.placesOffered ?? 0,
        order: pub.order ?? [],
      }),
    ).toEqual({ commitment: true, order: true, outcomes: true });

    // Two more codes: the first two waiting, in draw order, get the two places left, each with a code.
    const firstWaiting = rows
      .filter((b) => b.status === 'waitlisted')
      .sort((a, b) => (a.drawRank ?? 0) - (b.drawRank ?? 0))
      .slice(0, 2)
      .map((b) => b.id);
    expect((await upload('DC-4\nDC-5')).json()).toEqual({ added: 2, promoted: 2 });
    const promoted = await t.db.select().from(bookings).where(inArray(bookings.id, firstWaiting));
    expect(promoted.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    const after = await t.db.select().from(offerCodes).where(eq(offerCodes.benefitId, ID));
    expect(after.filter((c) => c.bookingId !== null)).toHaveLength(5);
  });
});
