import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// What a page needs to keep a benefit's state true without polling: when its status next changes by the clock, and
// which events a tile books whatever it opens (DESIGN §8, one benefit model).
let t: TestApp;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn('status-clock@example.com', 'Cleo');
});
afterAll(() => t.close());

describe('the status says when it next changes', () => {
  it('is the end of an open event without a booking window', async () => {
    const startsAt = new Date(Date.now() + 10 * 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 3 * 3_600_000);
    await t.db.update(events).set({ startsAt, endsAt }).where(eq(events.id, 'bryan-johnson'));
    const open = await t.get('/api/rsvp/bryan-johnson/status', member);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().changesAt).toBe(endsAt.toISOString());
  });

  it('is null once nothing lies ahead', async () => {
    const endsAt = new Date(Date.now() - 86_400_000);
    await t.db
      .update(events)
      .set({ startsAt: new Date(endsAt.getTime() - 3_600_000), endsAt })
      .where(eq(events.id, 'crypto-fight-night'));
    const over = await t.get('/api/rsvp/crypto-fight-night/status', member);
    expect(over.json().changesAt).toBeNull();
    expect(over.json().bookingWindow.state).toBe('ended');
  });
});

describe('the benefit list names the events each tile books', () => {
  it('gives a page tile its events, primary first, and a modal tile its own', async () => {
    const res = await t.get('/api/benefits', member);
    const list = res.json() as { id: string; action: string; eventIds?: string[] }[];
    expect(list.find((b) => b.id === 'sap-night')?.eventIds?.[0]).toBe('sap-night');
    expect(list.find((b) => b.id === 'ap-house')?.eventIds?.[0]).toBe('ap-house');
    expect(list.find((b) => b.id === 'national-gallery')?.eventIds).toEqual(
      expect.arrayContaining(['national-gallery-pass', 'national-gallery-invitation']),
    );
  });
});
