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
