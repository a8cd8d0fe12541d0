import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { RELEASE_LABEL, RELEASE_MSG } from '#common/release.ts';
import { bookings, outboxJobs } from '../../src/server/db/schema.ts';
import { releaseToken } from '../../src/server/features/booking-rules/release-link.ts';
import { runRemindersOnce } from '../../src/server/features/notify/reminders.ts';
import { createTestEvent, DAY, HOUR } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// "Can't make it? Release my place" (decision 016): a signed link, no sign-in, released by POST only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string) => t.get(`/api/release/${token}`);
const post = (token: string) => t.post(`/api/release/${token}`, undefined, {});
const tokenOf = (path: string) => path.replace(/^.*\/release\//, '');

/** A one-place event with a waitlist and reminders a day before, starting at `startsAt`. */
async function makeEvent(id: string, startsAt = new Date(Date.now() + 30 * DAY)) {
  await createTestEvent(t.db, id, {
    capacity: 1,
    withPartner: true,
    startsAt,
    config: {
      slotConfig: { allowWaitlist: true },
      behavior: { allowEditing: true },
      notifications: { reminderEmails: { enabled: true, daysBefore: [1] } },
    },
  });
}

/** Signs a member in and books the event for them; answers the cookie and the booking id. */
async function book(eventId: string, email: string) {
  const cookie = await t.signIn(email, email.split('@')[0], 'Member');
  const res = await t.post(`/api/rsvp/${eventId}`, cookie, {});
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.email, email));
  if (!row) throw new Error('no booking');
  return { cookie, id: row.id };
}

async function myReleasePath(cookie: string, bookingId: string) {
  const res = await t.get('/api/me/bookings', cookie);
  const mine = (res.json().data as { id: string; releasePath: string | null }[]).find((b) => b.id === bookingId);
  return mine?.releasePath ?? null;
}

const statusOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe('release my place', () => {
  it('mails the link in the reminder, shows the booking on GET without releasing, releases once on POST', async () => {
    const start = new Date(Date.now() + DAY + 3 * HOUR);
    await makeEvent('rel-once', start);
    const a = await book('rel-once', 'ann.rel@example.com');
    const b = await book('rel-once', 'ben.rel@example.com');
    await book('rel-once', 'cat.rel@example.com');
    expect((await statusOf(b.id))?.status).toBe('waitlisted');

    // The 1-day reminder carries the same link as My bookings.
    const fromMe = await myReleasePath(a.cookie, a.id);
    expect(fromMe).toMatch(/^\/release\/[A-Za-z0-9_-]{48}$/);
    const run = await runRemindersOnce(t.db, {
      now: new Date(start.getTime() - DAY + 60_000),
      portalUrl: t.config.publicUrl,
      releaseSecret: t.config.releaseLinkSecret,
    });
    expect(run.sent).toBe(1);
    const [reminder] = await queuedMails(t.db, { purpose: 'reminder', to: 'ann.rel@example.com' });
    expect(reminder?.text).toContain(`${RELEASE_LABEL}: ${t.config.publicUrl}${fromMe}`);
    const token = tokenOf(fromMe ?? '');

    // GET (a mail scanner, or the page) only reads, as often as it likes.
    for (let i = 0; i < 3; i++) {
      const view = await get(token);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.headers['cache-control']).toBe('private, no-store');
      expect(view.json()).toMatchObject({
        eventTitle: 'Event rel-once',
        status: 'confirmed',
        guestCount: 0,
        name: 'ann.rel Member',
        slot: null,
      });
      expect(view.json().when).toMatch(/SGT$/);
      expect(view.json().schedule).toMatchObject({ schedule: 'timed', timeZone: 'Asia/Singapore' });
    }
    expect((await statusOf(a.id))?.status).toBe('confirmed');

    const done = await post(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ released: true, eventTitle: 'Event rel-once', message: RELEASE_MSG.released });
    const released = await statusOf(a.id);
    expect(released).toMatchObject({ status: 'cancelled' });
    expect(released?.releasedAt).toBeInstanceOf(Date);
    // The first in line got the place and is told; the second still waits.
    expect((await statusOf(b.id))?.status).toBe('confirmed');
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'ben.rel@example.com' })).toHaveLength(1);
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'cat.rel@example.com' })).toHaveLength(0);
    expect(await queuedMails(t.db, { purpose: 'cancelled', to: 'ann.rel@example.com' })).toHaveLength(1);

    // One transaction: the release, the promotion and the promotion's mail share a transaction id.
    const txOf = async (ids: string[]) =>
      (
        await t.db
          .select({ x: sql<string>`${bookings}.xmin::text` })
          .from(bookings)
          .where(inArray(bookings.id, ids))
      ).map((r) => r.x);
    const mailTx = await t.db
      .select({ x: sql<string>`${outboxJobs}.xmin::text` })
      .from(outboxJobs)
      .where(
        sql`${outboxJobs.payload}->>'purpose' = 'promoted' and ${outboxJobs.payload}->>'to' = 'ben.rel@example.com'`,
      );
    expect(new Set([...(await txOf([a.id, b.id])), ...mailTx.map((r) => r.x)]).size).toBe(1);

    // Used: refused with its code, on GET and POST; My bookings offers no link any more.
    for (const again of [await post(token), await get(token)]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ error: RELEASE_MSG.used, code: ERROR_CODE.releaseLinkUsed });
    }
    expect(await myReleasePath(a.cookie, a.id)).toBeNull();
  });

  it('refuses forged, foreign-key, outdated and expired links with their codes', async () => {
    await makeEvent('rel-refuse');
    const a = await book('rel-refuse', 'dan.rel@example.com');
    const token = tokenOf((await myReleasePath(a.cookie, a.id)) ?? '');
    const raw = Buffer.from(token, 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    const forged = raw.toString('base64url');
    const booking = await statusOf(a.id);
    if (!booking) throw new Error('no booking');
    const foreign = releaseToken('some other secret of at least 32 characters', booking);
    for (const bad of [forged, foreign]) {
      for (const res of [await get(bad), await post(bad)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: RELEASE_MSG.invalid, code: ERROR_CODE.releaseLinkInvalid });
      }
    }
    expect((await get('not-a-token')).statusCode).toBe(400);

    // A change (here the member's own cancellation) bumps the booking's sequence: the old link is outdated.
    const cancel = await t.post(`/api/bookings/${a.id}/cancel`, a.cookie, {});
    expect(cancel.statusCode).toBe(200);
    const outdated = await post(token);
    expect([outdated.statusCode, outdated.json().code]).toEqual([410, ERROR_CODE.releaseLinkOutdated]);

    // Once the event has started the link is over, even for a booking that still holds its place.
    await makeEvent('rel-started', new Date(Date.now() - HOUR));
    const [started] = await t.db
      .insert(bookings)
      .values({ eventId: 'rel-started', email: 'eve.rel@example.com', status: 'confirmed', placedAt: new Date() })
      .returning();
    if (!started) throw new Error('no booking');
    const late = releaseToken(t.config.releaseLinkSecret, started);
    for (const res of [await get(late), await post(late)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: RELEASE_MSG.expired, code: ERROR_CODE.releaseLinkExpired });
    }
    expect((await statusOf(started.id))?.status).toBe('confirmed');
  });

  it('a race of releases of one link: exactly one succeeds, the first in line is promoted once', async () => {
    await makeEvent('rel-race');
    const a = await book('rel-race', 'fay.rel@example.com');
    const b = await book('rel-race', 'gus.rel@example.com');
    const token = tokenOf((await myReleasePath(a.cookie, a.id)) ?? '');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(token)));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 410, 410, 410, 410, 410]);
    for (const r of answers.filter((x) => x.statusCode === 410)) expect(r.json().code).toBe(ERROR_CODE.releaseLinkUsed);
    expect((await statusOf(b.id))?.status).toBe('confirmed');
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'gus.rel@example.com' })).toHaveLength(1);
  });

  it('a waitlisted member leaves the line through their link; nobody is promoted', async () => {
    await makeEvent('rel-line');
    await book('rel-line', 'hal.rel@example.com');
    const w = await book('rel-line', 'ida.rel@example.com');
    const path = await myReleasePath(w.cookie, w.id);
    const res = await post(tokenOf(path ?? ''));
    expect(res.json()).toMatchObject({ released: true, message: RELEASE_MSG.leftWaitlist });
    expect(await statusOf(w.id)).toMatchObject({ status: 'cancelled', placedAt: null });
    expect((await statusOf(w.id))?.releasedAt).toBeInstanceOf(Date);
  });

  it('limits lookups per IP address with a 429 and Retry-After', async () => {
    let res = await get('A'.repeat(48));
    for (let i = 0; i < 80 && res.statusCode !== 429; i++) res = await get('A'.repeat(48));
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(ERROR_CODE.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
