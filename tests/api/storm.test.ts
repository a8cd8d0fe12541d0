import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The attack decision 007 answers, on a listening server: 100 members refreshing the concierge slots (each
 * refresh used to lock every slot, deadlocking with bookings) while 100 others book the same
 * slots. No answer may be a 5xx, and unrelated reads must not queue behind the storm: they come back
 * while it still runs. (How fast is for `npm run bench`: tests check behaviour, not timings.)
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const timed = async (url: string, init?: RequestInit) => {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, init);
  await res.arrayBuffer();
  const ended = performance.now();
  return { status: res.status, ms: ended - started, ended };
};
const post = (url: string, cookie: string, body: object) =>
  timed(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a storm of refreshes and bookings on one event', () => {
  it('answers every request without a 5xx, and unrelated reads while the storm still runs', async () => {
    const refreshers = await Promise.all(Array.from({ length: 100 }, (_, i) => t.signIn(`storm-r${i}@example.com`)));
    const bookers = await Promise.all(Array.from({ length: 100 }, (_, i) => t.signIn(`storm-b${i}@example.com`)));
    const slots = (await (await fetch(`${base}/api/rsvp/ap-house-time-slots`)).json()) as {
      date: string;
      timeSlot: string;
    }[];
    expect(slots.length).toBeGreaterThan(0);

    const storm = [
      ...refreshers.map((cookie) => post('/api/rsvp/ap-house-time-slots/refresh', cookie, {})),
      ...bookers.map((cookie, i) => {
        const slot = slots[i % slots.length] as { date: string; timeSlot: string };
        return post('/api/ap-house/rsvp', cookie, {
          fullName: `Storm ${i}`,
          email: `storm-b${i}@example.com`,
          phoneNumber: '',
          selectedDate: slot.date,
          timeSlot: slot.timeSlot,
          bringingGuests: 'no',
          guestCount: 0,
        });
      }),
    ];
    // Unrelated reads while the storm runs (the benefit list, readiness, a status call): a round every 50 ms until it
    // ends, ten at most (more would lengthen a storm that PGlite's one connection already runs slowly).
    let stormSettled = false;
    const stormDone = Promise.all(storm).finally(() => {
      stormSettled = true;
    });
    const rounds: Promise<{ status: number; ms: number; ended: number }>[][] = [];
    do {
      rounds.push([
        timed('/api/benefits', { headers: { cookie: bookers[0] ?? '' } }),
        timed('/readyz'),
        timed('/api/rsvp/speakers-reception/status', { headers: { cookie: refreshers[0] ?? '' } }),
      ]);
      await new Promise((r) => setTimeout(r, 50));
    } while (!stormSettled && rounds.length < 10);
    const answers = await stormDone;
    const readAnswers = await Promise.all(rounds.flat());
    const firstRound = await Promise.all(rounds[0] ?? []);

    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    expect(readAnswers.filter((r) => r.status !== 200)).toEqual([]);
    // The reads sent with the storm come back before it ends: they do not queue behind its locks.
    // PGlite is one connection: there every statement queues behind the storm's, so only PostgreSQL is held to it.
    const stormEnded = Math.max(...answers.map((a) => a.ended));
    if (t.dbLabel === 'postgres') expect(firstRound.filter((r) => r.ended > stormEnded)).toEqual([]);

    // Nothing oversold: each slot's count is what its bookings hold, within capacity.
    const after = (await (await fetch(`${base}/api/rsvp/ap-house-time-slots`)).json()) as { remainingSlots: number }[];
    expect(after.every((s) => s.remainingSlots >= 0)).toBe(true);
  });
});
