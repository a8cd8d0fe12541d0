import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FORM_MAX_BYTES } from '#common/bounded-json.ts';
import { benefitClickLogs, eventSlots } from '../../src/server/db/schema.ts';
import { WRITES_TOO_FAST } from '../../src/server/lib/member-write-limits.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let n = 0;
const newMember = () => t.signIn(`limits-${n++}-${Date.now()}@example.com`);
const post = (url: string, cookie: string, payload?: object) => t.send('POST', url, cookie, payload);

beforeAll(async () => {
  t = await createTestApp({ memberWriteLimits: { bookingsPerMember: 5, perIp: 10_000 } });
});
afterAll(() => t.close());

describe('tracking', () => {
  it('refuses a click or a submission for a benefit that does not exist', async () => {
    const member = await newMember();
    const click = await post('/api/analytics/click', member, { benefitId: 'no-such-benefit', benefitTitle: 'Mine' });
    expect(click.statusCode).toBe(404);
    expect(click.json()).toEqual({ error: 'Benefit not found', code: 'not_found' });
    const submission = await post('/api/analytics/submission', member, {
      benefitId: 'no-such-benefit',
      benefitTitle: 'Mine',
    });
    expect(submission.statusCode).toBe(404);
  });

  it('logs the benefit under its stored title, not the one the member sent', async () => {
    const member = await newMember();
    const res = await post('/api/analytics/click', member, { benefitId: 'wristcheck', benefitTitle: '<b>pwned</b>' });
    expect(res.statusCode).toBe(201);
    const rows = await t.db.select().from(benefitClickLogs);
    expect(rows.map((r) => r.benefitTitle)).not.toContain('<b>pwned</b>');
    expect(rows.find((r) => r.benefitId === 'wristcheck')?.benefitTitle).toMatch(/wristcheck/i);
  });

  it('refuses submissionData over 16 KB or nested deeper than 8 levels, and accepts a normal one', async () => {
    const member = await newMember();
    const base = { benefitId: 'jai-one-siam', benefitTitle: 'JAI', submissionType: 'FORM' };
    const big = await post('/api/analytics/submission', member, {
      ...base,
      submissionData: { note: 'x'.repeat(FREE_FORM_MAX_BYTES) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().code).toBe('bad_request');
    const deep = (d: number): unknown => (d === 0 ? 'x' : { a: deep(d - 1) });
    const nested = await post('/api/analytics/submission', member, { ...base, submissionData: deep(9) as object });
    expect(nested.statusCode).toBe(400);
    const fine = await post('/api/analytics/submission', member, { ...base, submissionData: deep(7) as object });
    expect(fine.statusCode).toBe(201);
  });
});

describe('member write limits', () => {
  it('answers 429 with a code and Retry-After once a member refreshes too often; other members are unaffected', async () => {
    const member = await newMember();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await post('/api/rsvp/ap-house-time-slots/refresh', member, {})).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    const refused = await post('/api/rsvp/ap-house-time-slots/refresh', member, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: WRITES_TOO_FAST, code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/api/rsvp/ap-house-time-slots/refresh', await newMember(), {})).statusCode).toBe(200);
  });

  it('limits booking writes per member to the configured figure', async () => {
    const member = await newMember();
    const codes: number[] = [];
    // Already-booked answers count too: a script retrying a refused booking is what the limit is for.
    for (let i = 0; i < 7; i++) codes.push((await post('/api/rsvp/speakers-reception', member)).statusCode);
    expect(codes[0]).toBe(201);
    expect(codes.slice(1, 5).every((c) => c === 409)).toBe(true);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('a hundred members refreshing the same event at once all get an answer, and a drifted count is put right', async () => {
    await t.db.update(eventSlots).set({ booked: 7 }).where(eq(eventSlots.eventId, 'ap-house')); // drift behind the app
    const members = await Promise.all(Array.from({ length: 100 }, () => newMember()));
    const answers = await Promise.all(members.map((m) => post('/api/rsvp/ap-house-time-slots/refresh', m, {})));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    const slots = await t.db.select().from(eventSlots).where(eq(eventSlots.eventId, 'ap-house'));
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.filter((s) => s.booked !== 0)).toEqual([]); // nobody has booked a concierge tour in this file
  });
});
