import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bookings, eventSlots, events, sessions } from '../../src/server/db/schema.ts';
import { SESSION_READ_CACHE_MS } from '../../src/server/features/auth/member-sessions.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { createBenefit } from '../../src/server/features/benefits/admin-catalogue.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { acceptsGzip, COUNTS_TTL_MS, etagMatches, HotCache, hotCache } from '../../src/server/lib/hot-cache.ts';
import { conciergeBody } from '../support/bookings.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  member = await t.signIn('poller@example.com', 'Polly');
  await upsertAdmin(t.db, { email: 'hot-admin@example.com', password: 'correct horse battery' });
  const login = await t.post('/api/admin/login', undefined, {
    email: 'hot-admin@example.com',
    password: 'correct horse battery',
  });
  admin = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
  // A dynamic form's event with one slot, as a deployed configuration with Tab 2 would have.
  await t.db.insert(events).values({ id: 'dynamic:hot-dyn', title: 'Hot dynamic', bookingForm: 'dynamic' });
  await t.db.insert(eventSlots).values({ eventId: 'dynamic:hot-dyn', slotTime: '9:00am-10:00am', capacity: 3 });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.get(url, undefined, { headers });
const post = (url: string, cookie: string, payload?: object) => t.send('POST', url, cookie, payload);

const polled: [string, boolean][] = [
  ['/api/rsvp/mclaren-tour/slots', false],
  ['/api/mclaren-tour/slots', false],
  ['/api/rsvp/time-slots', false],
  ['/api/rsvp/ap-house-time-slots', false],
  ['/api/rsvp/sap-night/count', false],
  ['/api/rsvp/slot-logic/hot-dyn', true],
  ['/api/benefits', true],
];

describe('ETag and 304 on the polled reads', () => {
  it.each(polled)('%s: 200 with an ETag, 304 for the same tag, 200 for another', async (url, signedIn) => {
    const auth: Record<string, string> = signedIn ? { cookie: member } : {};
    const first = await get(url, auth);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe(signedIn ? 'private, no-cache' : 'public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    const again = await get(url, { ...auth, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    // A list of tags, and the strong form of the same tag, match too (weak comparison).
    const listed = await get(url, { ...auth, 'if-none-match': `"other", ${etag.slice(2)}` });
    expect(listed.statusCode).toBe(304);

    const stale = await get(url, { ...auth, 'if-none-match': 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('sends the large benefit list gzipped to a client that accepts it; small counts as they are', async () => {
    const plain = await get('/api/benefits', { cookie: member });
    const zipped = await get('/api/benefits', { cookie: member, 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
    const refused = await get('/api/benefits', { cookie: member, 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const slots = await get('/api/rsvp/mclaren-tour/slots', { 'accept-encoding': 'gzip' });
    expect(slots.headers['content-encoding']).toBeUndefined();
    expect(slots.json()).toMatchObject({ bookableSlots: 10 });
  });

  it('still refuses the guarded reads without a session, whatever the If-None-Match', async () => {
    expect((await get('/api/benefits', { 'if-none-match': '*' })).statusCode).toBe(401);
    expect((await get('/api/rsvp/slot-logic/hot-dyn', { 'if-none-match': '*' })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown event, uncached and without an ETag', async () => {
    const res = await get('/api/rsvp/no-such-event/slots');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

describe('a booking invalidates the cached count', () => {
  it('one-click RSVP: the next slots read shows the new count and a new ETag', async () => {
    const before = await get('/api/rsvp/mclaren-tour/slots');
    const alias = await get('/api/mclaren-tour/slots');
    expect(before.json()).toEqual({ remainingSlots: 10, bookableSlots: 10 });
    const cookie = await t.signIn('hot-tour@example.com');
    expect((await post('/api/rsvp/mclaren-tour', cookie)).statusCode).toBe(201);
    for (const url of ['/api/rsvp/mclaren-tour/slots', '/api/mclaren-tour/slots']) {
      const after = await get(url, { 'if-none-match': String(before.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.json()).toEqual({ remainingSlots: 9, bookableSlots: 10 });
      expect(after.headers.etag).not.toBe(before.headers.etag);
    }
    expect(alias.headers.etag).toBe(before.headers.etag);
  });

  it('the evening form: count and time slots both move at once', async () => {
    const count = (await get('/api/rsvp/sap-night/count')).json();
    const slots = (await get('/api/rsvp/time-slots')).json().slots;
    const cookie = await t.signIn('hot-evening@example.com');
    const res = await post('/api/rsvp/sap-night', cookie, {
      fullName: 'Eve Hot',
      email: 'hot-evening@example.com',
      rsvpStatus: 'yes',
      tourRequested: 'yes',
      timeSlot: slots[0].slotTime,
    });
    expect(res.statusCode).toBe(201);
    expect((await get('/api/rsvp/sap-night/count')).json()).toEqual({
      isFull: false,
      remainingSlots: count.remainingSlots - 1,
    });
    const after = (await get('/api/rsvp/time-slots')).json().slots;
    expect(after[0]).toMatchObject({ slotTime: slots[0].slotTime, remainingSlots: slots[0].remainingSlots - 1 });
  });

  it('the concierge form: the booked slot shows one place fewer', async () => {
    const pick = (list: { date: string; timeSlot: string; remainingSlots: number }[]) =>
      list.find((s) => s.date === '2031-10-01' && s.timeSlot === '10:00am-11:00am');
    const before = pick((await get('/api/rsvp/ap-house-time-slots')).json());
    expect(before).toBeDefined();
    const cookie = await t.signIn('hot-concierge@example.com');
    const res = await post(
      '/api/ap-house/rsvp',
      cookie,
      conciergeBody('hot-concierge@example.com', { selectedDate: '2031-10-01' }),
    );
    expect(res.statusCode).toBe(201);
    expect(pick((await get('/api/rsvp/ap-house-time-slots')).json())?.remainingSlots).toBe(
      (before?.remainingSlots ?? 0) - 1,
    );
  });

  it('a dynamic form: slot logic follows a booking through the engine', async () => {
    const url = '/api/rsvp/slot-logic/hot-dyn';
    expect((await get(url, { cookie: member })).json().slotData).toEqual([
      { time: '9:00am-10:00am', date: null, remainingSlots: 3 },
    ]);
    const [slot] = await t.db.select().from(eventSlots).where(eq(eventSlots.eventId, 'dynamic:hot-dyn'));
    await reservePlace(t.db, { eventId: 'dynamic:hot-dyn', email: 'dyn@example.com', slotId: slot?.id, guestCount: 1 });
    expect((await get(url, { cookie: member })).json().slotData).toEqual([
      { time: '9:00am-10:00am', date: null, remainingSlots: 1 },
    ]);
  });

  it('a refused booking changes nothing and the count stays right', async () => {
    await t.db.insert(events).values({ id: 'hot-tiny', title: 'Tiny', capacity: 1 });
    const a = await t.signIn('tiny-a@example.com');
    const b = await t.signIn('tiny-b@example.com');
    expect((await get('/api/rsvp/hot-tiny/slots')).json()).toEqual({ remainingSlots: 1, bookableSlots: 1 });
    const results = await Promise.all([post('/api/rsvp/hot-tiny', a), post('/api/rsvp/hot-tiny', b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await get('/api/rsvp/hot-tiny/slots')).json()).toEqual({ remainingSlots: 0, bookableSlots: 1 });
  });

  it('reads racing bookings never keep a count older than the last 201', async () => {
    await t.db.insert(events).values({ id: 'hot-race', title: 'Race', capacity: 20 });
    const cookies = await Promise.all(Array.from({ length: 8 }, (_, i) => t.signIn(`hot-race-${i}@example.com`)));
    for (const cookie of cookies) {
      // Polls in flight on both sides of each booking.
      const [, booked] = await Promise.all([
        get('/api/rsvp/hot-race/slots'),
        post('/api/rsvp/hot-race', cookie),
        get('/api/rsvp/hot-race/slots'),
      ]);
      expect(booked.statusCode).toBe(201);
      const remaining = booked.json().remainingSlots;
      expect((await get('/api/rsvp/hot-race/slots')).json().remainingSlots).toBe(remaining);
    }
    expect((await get('/api/rsvp/hot-race/slots')).json().remainingSlots).toBe(12);
  });

  it('serves from memory: a write behind the app shows after the short TTL, a refresh shows it at once', async () => {
    await t.db.insert(events).values({ id: 'hot-behind', title: 'Behind', capacity: 5 });
    const first = await get('/api/rsvp/hot-behind/slots');
    expect(first.json().remainingSlots).toBe(5);
    await t.db.insert(bookings).values({ eventId: 'hot-behind', email: 'elsewhere@example.com' });
    // Within the TTL the answer comes from memory: the database is not asked again.
    const cached = await get('/api/rsvp/hot-behind/slots', { 'if-none-match': String(first.headers.etag) });
    expect(cached.statusCode).toBe(304);
    await new Promise((r) => setTimeout(r, COUNTS_TTL_MS + 100));
    expect((await get('/api/rsvp/hot-behind/slots')).json().remainingSlots).toBe(4);

    // A booking written behind the app: the slot count drifts until the refresh reconciles it,
    // and the refresh drops the cached answer at once.
    const before = (await get('/api/rsvp/time-slots')).json().slots[1];
    await t.db.insert(bookings).values({ eventId: 'sap-night', email: 'behind@example.com', slotId: before.id });
    expect((await post('/api/rsvp/time-slots/refresh', member)).json()).toEqual({ success: true });
    expect((await get('/api/rsvp/time-slots')).json().slots[1]).toEqual({
      ...before,
      remainingSlots: before.remainingSlots - 1,
    });
  });
});

describe('the benefit list cache', () => {
  const titles = async () =>
    ((await get('/api/benefits', { cookie: member })).json() as { id: string; title: string }[]).map((b) => b.title);

  it('shows an admin create, edit and delete on the very next read', async () => {
    const before = await titles();
    const id = await createBenefit(
      t.db,
      {
        benefitName: 'Hot Cruise',
        schedule: 'until',
        endDate: '2099-12-31',
        benefitDescription: 'A cruise.',
        buttonText: 'Book',
        partnerContactEmail: 'c@p.example',
        excelTab1Link: 'https://docs.google.com/spreadsheets/d/abc/edit',
      },
      '/art/mclaren.webp',
    );
    expect(await titles()).toEqual([...before, 'Hot Cruise']);

    const edit = await t.put(`/api/admin/benefits/${id}`, admin, {
      benefitName: 'Hot Cruise II',
      benefitDescription: 'Dawn.',
      buttonText: 'Sail',
      partnerContactEmail: 'c@p.example',
    });
    expect(edit.statusCode).toBe(200);
    expect(await titles()).toContain('Hot Cruise II');

    const del = await t.del(`/api/admin/benefits/${id}`, admin);
    expect(del.statusCode).toBe(200);
    expect(await titles()).toEqual(before);
  });
});

describe('sessions on the read path', () => {
  const benefitsStatus = async (cookie: string) => (await get('/api/benefits', { cookie })).statusCode;

  it('a sign-out ends the session for reads at once', async () => {
    const cookie = await t.signIn('reader-out@example.com');
    expect(await benefitsStatus(cookie)).toBe(200); // now remembered for reads
    const out = await t.send('POST', '/api/auth/logout', cookie);
    expect(out.statusCode).toBe(200);
    expect(await benefitsStatus(cookie)).toBe(401);
    expect((await get('/api/rsvp/slot-logic/hot-dyn', { cookie })).statusCode).toBe(401);
  });

  it('removing a member ends their sessions for reads at once', async () => {
    const cookie = await t.signIn('reader-gone@example.com');
    expect(await benefitsStatus(cookie)).toBe(200);
    const del = await t.del('/api/admin/members/reader-gone@example.com', admin);
    expect(del.statusCode).toBe(200);
    expect(await benefitsStatus(cookie)).toBe(401);
  });

  it('a session deleted behind the app: writes and the session check refuse at once, reads within the TTL', async () => {
    const cookie = await t.signIn('reader-behind@example.com');
    expect(await benefitsStatus(cookie)).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.email, 'reader-behind@example.com'));
    expect((await post('/api/rsvp/speakers-reception', cookie)).statusCode).toBe(401);
    expect((await get('/api/auth/session', { cookie })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, SESSION_READ_CACHE_MS + 100));
    expect(await benefitsStatus(cookie)).toBe(401);
  });
});

describe('HotCache', () => {
  it('loads once per TTL, shares a load between concurrent misses, reloads after invalidate', async () => {
    const cache = new HotCache();
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    const [a, b] = await Promise.all([cache.get('e', 'k', 60_000, load), cache.get('e', 'k', 60_000, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(a).toEqual(b);
    await cache.get('e', 'k', 60_000, load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate('other');
    await cache.get('e', 'k', 60_000, load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.invalidate('e');
    const c = await cache.get('e', 'k', 60_000, load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(c.body.toString()).toBe('{"n":2}');
    expect(c.etag).not.toBe(a.etag);
  });

  it('never stores an answer whose load began before an invalidation', async () => {
    const cache = new HotCache();
    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let value = 'old';
    const slow = cache.get('e', 'k', 60_000, async () => {
      const seen = value; // read before the change commits
      await gate;
      return seen;
    });
    value = 'new';
    cache.invalidate('e'); // the change commits while the slow read is still out
    const fresh = cache.get('e', 'k', 60_000, async () => value); // does not join the older load
    release();
    expect((await slow).body.toString()).toBe('"old"');
    expect((await fresh).body.toString()).toBe('"new"');
    expect((await cache.get('e', 'k', 60_000, async () => 'reloaded')).body.toString()).toBe('"new"');
  });

  it('passes errors to every waiter and caches nothing then', async () => {
    const cache = new HotCache();
    const failing = async () => {
      throw new Error('db down');
    };
    await expect(
      Promise.all([cache.get('e', 'k', 60_000, failing), cache.get('e', 'k', 60_000, failing)]),
    ).rejects.toThrow('db down');
    expect((await cache.get('e', 'k', 60_000, async () => 1)).body.toString()).toBe('1');
  });

  it('keeps one cache per database handle', () => {
    expect(hotCache(t.db)).toBe(hotCache(t.db));
    expect(hotCache({})).not.toBe(hotCache(t.db));
  });

  it('reads Accept-Encoding', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip('x-gzip')).toBe(false);
    // The last header's answer is kept: the same header again, then another, each answered for itself.
    expect(acceptsGzip('x-gzip')).toBe(false);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(['gzip'])).toBe(false);
  });

  it('compares If-None-Match weakly', () => {
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"ab"', 'W/"a"')).toBe(false);
  });
});
