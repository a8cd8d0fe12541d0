import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit } from '../../src/server/db/schema.ts';
import { afterReplySettled } from '../../src/server/lib/after-reply.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, apiTokenPerMinute: 4 });
  admin = await t.signInAdmin('tokens-admin@example.com');
  await createTestEvent(t.db, 'tok-a', { capacity: 10 });
  await createTestEvent(t.db, 'tok-b', { capacity: 10 });
  for (const [email, ev] of [
    ['tok.one@example.com', 'tok-a'],
    ['tok.two@example.com', 'tok-b'],
  ] as const)
    expect((await t.post(`/api/rsvp/${ev}`, await t.signIn(email))).statusCode).toBe(201);
});
afterAll(() => t.close());

const read = (url: string, token: string) => t.get(url, undefined, { headers: { authorization: `Bearer ${token}` } });

async function newToken(cookie: string, scopes: string[]) {
  const res = await t.post('/api/admin/api-tokens', cookie, { name: `for ${scopes.join(',')}`, scopes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; token: string };
}

describe('API tokens (decision 058)', () => {
  it('reads only its scope, is audited, and is refused once revoked', async () => {
    const { id, token } = await newToken(admin, ['bookings']);
    const res = await read('/api/v1/bookings?eventId=tok-a', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).not.toHaveProperty('email'); // bookings carry no people: that is the attendees scope
    expect((await read('/api/v1/attendees', token)).json()).toMatchObject({ code: 'forbidden' });
    expect((await read('/api/v1/bookings', 'ppt_not-a-token')).statusCode).toBe(401);
    expect((await t.get('/api/v1/bookings')).json().code).toBe('not_signed_in');

    await afterReplySettled();
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'api.read'), eq(adminAudit.targetId, id)));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const listed = (await t.get('/api/admin/api-tokens', admin)).json().tokens;
    const mine = listed.find((l: { id: string }) => l.id === id);
    expect(mine.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(token); // shown once, stored hashed

    expect((await t.post(`/api/admin/api-tokens/${id}/revoke`, admin)).statusCode).toBe(200);
    expect((await read('/api/v1/bookings', token)).statusCode).toBe(401);
  });

  it("a partner's token reads only their benefits, and each token is rate limited", async () => {
    const partner = await t.signInPartner('tok-partner@example.com', ['tok-b']);
    const { token } = await newToken(partner, ['attendees']);
    const all = (await read('/api/v1/attendees', token)).json().data;
    expect(all.map((a: { eventId: string }) => a.eventId)).toEqual(['tok-b']);
    expect(all[0]).not.toHaveProperty('phone'); // not shared with partners by default (decision 046)
    expect((await read('/api/v1/attendees?eventId=tok-a', token)).statusCode).toBe(404);
    expect((await t.get('/api/admin/api-tokens', partner)).json().tokens).toHaveLength(1);
    // Two calls so far; the limit is four a minute.
    expect((await read('/api/v1/attendees', token)).statusCode).toBe(200);
    expect((await read('/api/v1/attendees', token)).statusCode).toBe(200);
    const over = await read('/api/v1/attendees', token);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
  });
});

describe('the per-token limit under a burst (decision 058)', () => {
  const burst = (app: TestApp['app'], token: string, calls: number) =>
    Promise.all(
      Array.from({ length: calls }, () =>
        app.inject({ method: 'GET', url: '/api/v1/bookings', headers: { authorization: `Bearer ${token}` } }),
      ),
    );
  /** Exactly `limit` answered; every other one refused as over the limit, saying when to come back. */
  const expectLimited = (answers: Awaited<ReturnType<typeof burst>>, limit: number) => {
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(answers.length - limit);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  };

  it('lets exactly the limit of 4× as many concurrent calls through, and another token is not affected', async () => {
    const limit = t.config.apiTokenPerMinute;
    const one = await newToken(admin, ['bookings']);
    const other = await newToken(admin, ['bookings']);
    const [first, second] = await Promise.all([burst(t.app, one.token, 4 * limit), burst(t.app, other.token, limit)]);
    expectLimited(first, limit);
    expect(second.map((a) => a.statusCode)).toEqual(Array(limit).fill(200));
    await afterReplySettled();
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    "two instances on one PostgreSQL share a token's limit",
    async () => {
      const other = await t.secondInstance();
      try {
        const limit = t.config.apiTokenPerMinute;
        const { token } = await newToken(admin, ['bookings']);
        const answers = (
          await Promise.all([burst(t.app, token, 2 * limit), burst(other.app, token, 2 * limit)])
        ).flat();
        expectLimited(answers, limit);
        await afterReplySettled();
      } finally {
        await other.close();
      }
    },
  );
});
