import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDayInstants } from '#common/event-time.ts';
import { groupPassCode } from '#common/passes.ts';
import { bookings, events } from '../../src/server/db/schema.ts';
import { parseCsv } from '../../src/server/lib/csv.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// What members see and receive (decision 026): SOLD OUT tiles, confirmation mails that name their event.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function book(eventId: string, email: string) {
  const cookie = await t.signIn(email);
  const res = await t.post(`/api/rsvp/${eventId}`, cookie, {});
  expect(res.statusCode, res.body).toBe(201);
  return cookie;
}

describe('GET /api/availability', () => {
  it('is for signed-in members only', async () => {
    const res = await t.get('/api/availability');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('not_signed_in');
  });

  it('lists full events without a waitlist, not those with room, a waitlist or no capacity', async () => {
    await createTestEvent(t.db, 'so-full', { capacity: 2 });
    await createTestEvent(t.db, 'so-room', { capacity: 3 });
    await createTestEvent(t.db, 'so-waitlist', { capacity: 1, config: { slotConfig: { allowWaitlist: true } } });
    await createTestEvent(t.db, 'so-open', { capacity: null });
    await book('so-full', 'so-a@example.com');
    await book('so-full', 'so-b@example.com');
    await book('so-room', 'so-c@example.com');
    await book('so-waitlist', 'so-d@example.com');
    await book('so-open', 'so-e@example.com');

    const cookie = await t.signIn('so-reader@example.com');
    const res = await t.get('/api/availability', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { eventIds } = res.json() as { eventIds: string[] };
    expect(eventIds).toContain('so-full');
    expect(eventIds).not.toContain('so-room');
    expect(eventIds).not.toContain('so-waitlist');
    expect(eventIds).not.toContain('so-open');
  });

  it('says at once that a booking filled an event and a cancellation freed it, though the list was just read', async () => {
    await createTestEvent(t.db, 'so-fresh', { capacity: 1 });
    const reader = await t.signIn('so-fresh-reader@example.com');
    const listed = async () => ((await t.get('/api/availability', reader)).json() as { eventIds: string[] }).eventIds;
    expect(await listed()).not.toContain('so-fresh');
    const cookie = await t.signIn('so-fresh-a@example.com');
    const booked = await t.post('/api/rsvp/so-fresh', cookie, {});
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await listed()).toContain('so-fresh');
    const cancelled = await t.post(`/api/bookings/${booked.json().bookingId}/cancel`, cookie, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await listed()).not.toContain('so-fresh');
  });
});

describe('confirmation subject', () => {
  it.each([
    ['so-subject-default', undefined, 'RSVP Confirmation - Event so-subject-default'],
    // Saved before the default named the event: still told apart.
    ['so-subject-old', 'RSVP Confirmation - Special Access Pass', 'RSVP Confirmation - Event so-subject-old'],
    ['so-subject-own', 'Your {event} ticket', 'Your Event so-subject-own ticket'],
  ])('%s names the event', async (id, confirmationSubject, expected) => {
    await createTestEvent(t.db, id, {
      config: confirmationSubject ? { notifications: { confirmationSubject } } : {},
    });
    const email = `${id}@example.com`;
    await book(id, email);
    const [mail] = await queuedMails(t.db, { purpose: 'confirmation', to: email });
    expect(mail?.subject).toBe(expected);
  });
});

describe('My bookings', () => {
  const mine = async (cookie: string, eventId: string) => {
    const res = await t.get('/api/me/bookings', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { eventId: string; passCode: string | null; when: string | null }[]).find(
      (b) => b.eventId === eventId,
    );
  };

  it('gives an offer (no time, no door) no pass to show, and an event its pass', async () => {
    await createTestEvent(t.db, 'so-offer');
    await t.db.update(events).set({ startsAt: null, endsAt: null }).where(eq(events.id, 'so-offer'));
    await createTestEvent(t.db, 'so-door');
    const cookie = await book('so-offer', 'so-offer@example.com');
    const res = await t.post('/api/rsvp/so-door', cookie, {});
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(cookie, 'so-offer'))?.passCode).toBeNull();
    expect((await mine(cookie, 'so-door'))?.passCode).toMatch(/^[0-9A-Z]{26}$/);
    const [mail] = await queuedMails(t.db, { purpose: 'confirmation', to: 'so-offer@example.com' });
    expect(mail?.text).toBeDefined();
    expect(mail?.text).not.toContain('Show it at the door');
  });

  it('says an all-day pass in days, as its tile does, not in midnights', async () => {
    await createTestEvent(t.db, 'so-days', { timeZone: 'Asia/Singapore' });
    await t.db
      .update(events)
      .set({ schedule: 'all-day', ...allDayInstants('2031-11-30', '2031-12-05', 'Asia/Singapore') })
      .where(eq(events.id, 'so-days'));
    const cookie = await book('so-days', 'so-days@example.com');
    expect((await mine(cookie, 'so-days'))?.when).toBe('30 November – 5 December 2031');
  });
});

describe('attendee export', () => {
  it('writes the pass code as printed (dashed groups), so a search for a printed code finds it', async () => {
    await createTestEvent(t.db, 'so-export');
    await book('so-export', 'so-export@example.com');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.email, 'so-export@example.com'));
    const admin = await t.signInAdmin();
    const res = await t.get('/api/admin/events/so-export/attendees.csv', admin);
    expect(res.statusCode, res.body).toBe(200);
    const [header, first] = parseCsv(res.body);
    const printed = groupPassCode(row?.passCode ?? '');
    expect(printed).toContain('-');
    expect(first?.[header?.indexOf('Pass code') ?? -1]).toBe(printed);
  });
});
