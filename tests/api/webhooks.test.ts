import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookings, partnerShares, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema.ts';
import { reservePlace } from '../../src/server/features/rsvp/index.ts';
import { leaseMs, runWebhooksOnce } from '../../src/server/features/webhooks/deliver.ts';
import { bookingEvent, emitWebhookEvents } from '../../src/server/features/webhooks/webhook-events.ts';
import { outboundRules } from '../../src/server/features/webhooks/worker.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Received = {
  path: string;
  type: string;
  data: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** A receiver on this machine: answers `answer` (200 when up), records what it got. */
async function startReceiver() {
  const got: Received[] = [];
  const state = { answer: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (state.answer === 200) {
        const parsed = JSON.parse(body);
        got.push({ path: req.url ?? '', type: parsed.type, data: parsed.data, headers: req.headers, body });
      }
      res.writeHead(state.answer).end(state.answer === 200 ? 'thanks' : 'down');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { got, state, url, close: () => new Promise((r) => server.close(r)) };
}

let t: TestApp;
let admin: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const rules = () => outboundRules(t.config.webhooks);
// Test time moves forward on its own: retries are due without waiting.
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const run = () => runWebhooksOnce(t.db, rules(), clock);

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('hooks-admin@example.com');
  receiver = await startReceiver();
  await createTestEvent(t.db, 'hook-ev', { capacity: 10 });
  await createTestEvent(t.db, 'hook-other', { capacity: 10 });
});
// Each test hears only its own endpoints (the DELETE route itself is walked in the first test).
afterEach(async () => {
  receiver.got.length = 0;
  receiver.state.answer = 200;
  await t.db.delete(webhookEndpoints);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function addEndpoint(cookie: string, eventTypes: string[], url = receiver.url) {
  const res = await t.post('/api/admin/webhooks', cookie, { url, eventTypes });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; secret: string };
}

async function book(email: string, eventId = 'hook-ev') {
  const cookie = await t.signIn(email);
  const res = await t.post(`/api/rsvp/${eventId}`, cookie);
  expect(res.statusCode).toBe(201);
  return { cookie, bookingId: res.json().bookingId as string };
}

describe('webhooks (decision 058)', () => {
  it('a booking made and cancelled delivers two signed events the receiver verifies', async () => {
    const endpoint = await addEndpoint(admin, ['booking.confirmed', 'booking.cancelled']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const { cookie, bookingId } = await book('hook.one@example.com');
    expect((await t.post(`/api/bookings/${bookingId}/cancel`, cookie)).statusCode).toBe(200);
    await run();
    const mine = receiver.got.filter((g) => g.data.bookingId === bookingId);
    expect(mine.map((g) => g.type)).toEqual(['booking.confirmed', 'booking.cancelled']);
    const verifier = new Webhook(endpoint.secret);
    for (const g of mine)
      expect(verifier.verify(g.body, g.headers as Record<string, string>)).toMatchObject({ data: { bookingId } });
    const del = await t.del(`/api/admin/webhooks/${endpoint.id}`, admin);
    expect(del.json()).toEqual({ success: true });
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret!!').toString('base64')}`).verify(
        mine[0]?.body ?? '',
        mine[0]?.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it('a receiver down for a while gets every event once back, in order per booking, and a lost claim is taken up', async () => {
    const endpoint = await addEndpoint(admin, ['booking.confirmed', 'booking.cancelled']);
    receiver.state.answer = 503;
    const a = await book('hook.a@example.com');
    await t.post(`/api/bookings/${a.bookingId}/cancel`, a.cookie);
    const b = await book('hook.b@example.com');
    await run();
    // Only the head of each booking was tried; A's cancellation waits behind its confirmation.
    const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 1, 1]);
    offset += 6_000;
    await run(); // still down: the second try
    receiver.state.answer = 200;
    offset += 301_000;
    // A worker claimed B's delivery just now and died (kill -9) before sending: its lease hides it, then it is due.
    await t.db.execute(sql`update webhook_deliveries set next_attempt_at = ${new Date(clock().getTime() + leaseMs(rules())).toISOString()}::timestamptz
      where endpoint_id = ${endpoint.id} and ordering_key = ${b.bookingId}`);
    await run();
    expect(receiver.got.map((g) => [g.data.bookingId, g.type])).toEqual([
      [a.bookingId, 'booking.confirmed'],
      [a.bookingId, 'booking.cancelled'],
    ]);
    offset += leaseMs(rules());
    await run();
    expect(receiver.got.map((g) => g.type)).toEqual(['booking.confirmed', 'booking.cancelled', 'booking.confirmed']);
    expect(receiver.got[2]?.data.bookingId).toBe(b.bookingId);
  });

  it("a change to a booking's answers says which changed, made by the member or by an admin", async () => {
    const endpoint = await addEndpoint(admin, ['booking.answers_changed']);
    const { slotIds } = await createTestEvent(t.db, 'hook-tour', {
      bookingForm: 'concierge',
      slots: [
        { time: '10:00am-11:00am', capacity: 2 },
        { time: '11:00am-12:00pm', capacity: 2 },
      ],
      config: { slotConfig: { allowWaitlist: true }, behavior: { allowEditing: true } },
    });
    const email = 'hook.tour@example.com';
    const cookie = await t.signIn(email);
    const { booking } = await reservePlace(t.db, {
      eventId: 'hook-tour',
      email,
      slotId: slotIds[0] ?? null,
      data: { timeSlot: '10:00am-11:00am', guestCount: 0, totalAttendees: 1, company: 'Acme' },
    });
    expect((await t.patch(`/api/bookings/${booking.id}`, cookie, { guestCount: 1 })).statusCode).toBe(200);
    const moved = await t.post(`/api/admin/events/hook-tour/attendees/${booking.id}/move`, admin, {
      slotId: slotIds[1],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // A waiting booking moved to the freed slot's line (and so promoted) has its answers changed too.
    const waiting = await reservePlace(t.db, {
      eventId: 'hook-tour',
      email: 'hook.waiting@example.com',
      slotId: slotIds[1] ?? null,
      data: { timeSlot: '11:00am-12:00pm' },
    });
    expect(waiting.booking.status).toBe('waitlisted');
    const promoted = await t.post(`/api/admin/events/hook-tour/attendees/${waiting.booking.id}/move`, admin, {
      slotId: slotIds[0],
    });
    expect(promoted.json()).toMatchObject({ status: 'confirmed' });
    await runWebhooksOnce(t.db, rules()); // the real time: a verifier refuses a timestamp from the future
    const verifier = new Webhook(endpoint.secret);
    for (const g of receiver.got) verifier.verify(g.body, g.headers as Record<string, string>);
    // In order per booking (bookings' deliveries go side by side).
    const heard = (id: string) =>
      receiver.got.filter((g) => g.data.bookingId === id).map((g) => [g.type, g.data.changedBy, g.data.changedAnswers]);
    expect(heard(booking.id)).toEqual([
      ['booking.answers_changed', 'member', ['guestCount', 'totalAttendees']],
      ['booking.answers_changed', 'admin', ['timeSlot']],
    ]);
    expect(heard(waiting.booking.id)).toEqual([['booking.answers_changed', 'admin', ['timeSlot']]]);
    const last = receiver.got.filter((g) => g.data.bookingId === booking.id).at(-1);
    expect(last?.data).toMatchObject({ slotId: slotIds[1], guestCount: 1, status: 'confirmed' });
  });

  it('a 410 turns the endpoint off and mails its owner; test event, log and resend work', async () => {
    const endpoint = await addEndpoint(admin, ['booking.confirmed']);
    expect((await t.post(`/api/admin/webhooks/${endpoint.id}/test`, admin)).statusCode).toBe(202);
    await run();
    expect(receiver.got.map((g) => g.type)).toEqual(['webhook.test']);
    const log = (await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json().deliveries;
    expect(log[0]).toMatchObject({ type: 'webhook.test', status: 'delivered', tries: [{ responseStatus: 200 }] });
    expect(log[0].tries[0].responseBody).toBe('thanks');
    expect((await t.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${log[0].id}/resend`, admin)).statusCode).toBe(
      202,
    );
    await run();
    expect(receiver.got).toHaveLength(2);
    expect(receiver.got[1]?.headers['webhook-id']).toBe(receiver.got[0]?.headers['webhook-id']);

    receiver.state.answer = 410;
    await book('hook.gone@example.com');
    await run();
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'The receiver answered 410 Gone' });
    expect(await queuedMails(t.db, { purpose: 'webhook-disabled', to: 'hooks-admin@example.com' })).toHaveLength(1);
    receiver.state.answer = 200;
  });

  it('a rotated secret signs beside the old one for a day', async () => {
    const endpoint = await addEndpoint(admin, ['booking.confirmed']);
    const rotated = (await t.post(`/api/admin/webhooks/${endpoint.id}/rotate`, admin)).json();
    expect(rotated.secret).not.toBe(endpoint.secret);
    await t.post(`/api/admin/webhooks/${endpoint.id}/test`, admin);
    await runWebhooksOnce(t.db, rules()); // the real time: a verifier refuses a timestamp from the future
    const [got] = receiver.got;
    for (const secret of [endpoint.secret, rotated.secret])
      expect(() => new Webhook(secret).verify(got?.body ?? '', got?.headers as Record<string, string>)).not.toThrow();
  });

  it("a partner's endpoint hears only their benefits, and they see only their own endpoints", async () => {
    const partner = await t.signInPartner('hooks-partner@example.com', ['hook-other']);
    const theirs = await addEndpoint(partner, ['booking.confirmed']);
    const listed = (await t.get('/api/admin/webhooks', partner)).json().endpoints;
    expect(listed.map((e: { id: string }) => e.id)).toEqual([theirs.id]);
    const adminsOwn = await addEndpoint(admin, ['booking.confirmed'], `${receiver.url}?admin`);
    expect((await t.get(`/api/admin/webhooks/${adminsOwn.id}/deliveries`, partner)).statusCode).toBe(404);
    await book('hook.p1@example.com', 'hook-ev');
    await book('hook.p2@example.com', 'hook-other');
    await run();
    const toPartner = receiver.got.filter((g) => g.path === '/hook');
    expect(toPartner.map((g) => g.data.eventId)).toEqual(['hook-other']);
    // What partners are shown of an attendee by default (decision 046): no phone.
    expect(Object.keys(toPartner[0]?.data.attendee as object).sort()).toEqual([
      'email',
      'firstName',
      'fullName',
      'lastName',
    ]);
    // Two bookings' deliveries go side by side: which lands first is the network's.
    expect(
      receiver.got
        .filter((g) => g.path === '/hook?admin')
        .map((g) => g.data.eventId)
        .sort(),
    ).toEqual(['hook-ev', 'hook-other']);
  });

  it("a partner who is not shown e-mails hears a transfer without the recipient's address", async () => {
    await createTestEvent(t.db, 'hook-shy', { capacity: 10 });
    await t.db.insert(partnerShares).values({ benefitId: 'hook-shy', fields: ['name', 'guests'] });
    const partner = await t.signInPartner('hooks-shy-partner@example.com', ['hook-shy']);
    await addEndpoint(partner, ['transfer.completed']);
    const { bookingId } = await book('hook.shy@example.com', 'hook-shy');
    const [given] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!given) throw new Error('no booking');
    const extra = { toBookingId: bookingId, toEmail: 'hook.taker@example.com' };
    await emitWebhookEvents(t.db, [bookingEvent('transfer.completed', given, 'hook-shy', extra)]);
    await run();
    expect(receiver.got.map((g) => g.type)).toEqual(['transfer.completed']);
    expect(receiver.got[0]?.data).toMatchObject({ bookingId, toBookingId: bookingId });
    expect(receiver.got[0]?.data).not.toHaveProperty('toEmail');
    expect(receiver.got[0]?.data.attendee).not.toHaveProperty('email');
  });

  it('refuses a receiver at a private address or over http in production', async () => {
    const production = { ...rules(), allowPrivate: false, httpsOnly: true };
    // Registering says so at once in production: an http:// URL is refused (the routes read the live settings).
    t.config.webhooks.httpsOnly = true;
    const refused = await t.post('/api/admin/webhooks', admin, {
      url: 'http://example.com/h',
      eventTypes: ['draw.made'],
    });
    t.config.webhooks.httpsOnly = false;
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('bad_request');
    const endpoint = await addEndpoint(admin, ['booking.confirmed']);
    await t.post(`/api/admin/webhooks/${endpoint.id}/test`, admin);
    await runWebhooksOnce(t.db, production, clock);
    expect(receiver.got).toHaveLength(0);
    const log = (await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json().deliveries;
    expect(log[0].tries[0].error).toBe('Only https:// addresses are allowed');
    await t.db
      .update(webhookEndpoints)
      .set({ url: 'https://localhost/hook' })
      .where(eq(webhookEndpoints.id, endpoint.id));
    offset += 10_000;
    await runWebhooksOnce(t.db, production, clock);
    const again = (await t.get(`/api/admin/webhooks/${endpoint.id}/deliveries`, admin)).json().deliveries;
    expect(again[0].tries[0].error).toMatch(/private or reserved address/);
    expect(receiver.got).toHaveLength(0);
  });
});
