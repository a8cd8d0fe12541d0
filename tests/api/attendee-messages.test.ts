import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeMessage, MessagePreview } from '#common/attendee-messages.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { MailList } from '#common/mail.ts';
import { adminAudit, attendeeMessages, bookings, eventSlots, outboxJobs } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { createMailer, type Mailer, mailHandler, messageIdFor } from '../../src/server/features/notify/mailer.ts';
import { MAIL_SEND } from '../../src/server/features/outbox/mail-outbox.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// An organiser's message to an event's attendees, through the one outbox, stored, counted and audited.
let t: TestApp;
let admin: string;
let staff: string;
let peer: SmtpPeer;
let smtp: Mailer;
const FROM = 'Portal <no-reply@portal.example>';
const ADMIN_EMAIL = 'messages-admin@example.com';

beforeAll(async () => {
  peer = await startSmtpPeer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-msg-'));
  t = await createTestApp({
    loginLimitPerIp: 100_000,
    loginLimitPerEmail: 1000,
    mail: { smtpUrl: undefined, from: FROM, dir },
  });
  smtp = createMailer({ smtpUrl: peer.url, from: FROM, dir });
  admin = await t.signInAdmin(ADMIN_EMAIL);
  staff = await t.signInStaff();
});
afterAll(async () => {
  smtp?.close();
  await peer?.close();
  await t?.close();
});

const base = (eventId: string) => `/api/admin/events/${eventId}/messages`;
const post = (url: string, payload: object | string, cookie = admin) =>
  t.send('POST', url, cookie, typeof payload === 'string' ? payload : JSON.stringify(payload), {
    headers: { 'content-type': 'application/json' },
  });
const get = (url: string, cookie = admin) => t.get(url, cookie);
const preview = async (eventId: string, body: object) => {
  const res = await post(`${base(eventId)}/preview`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MessagePreview;
};
const sendAll = () => runOutboxOnce(t.db, { [MAIL_SEND]: mailHandler(smtp) });
const stored = async (eventId: string) => {
  const [m] = await t.db.select({ n: count() }).from(attendeeMessages).where(eq(attendeeMessages.eventId, eventId));
  const [j] = await t.db.select({ n: count() }).from(outboxJobs);
  return { messages: Number(m?.n), jobs: Number(j?.n) };
};

/** An event with two slots and attendees in every state: confirmed, checked in, waitlisted, cancelled. */
async function makeEvent(id: string) {
  const startsAt = new Date(Date.now() + 30 * DAY);
  const day = startsAt.toISOString().slice(0, 10);
  const { slotIds: slots } = await createTestEvent(t.db, id, {
    description: id,
    title: `Gala <${id}>`,
    bookingForm: 'dynamic',
    startsAt,
    hours: 4,
    slots: [
      { date: day, time: '10:00am-11:00am', capacity: 5 },
      { date: day, time: '2:00pm-3:00pm', capacity: 5 },
    ],
  });
  const [early, late] = slots as [string, string];
  const book = async (first: string, slotId: string) => {
    const email = `${first.toLowerCase()}-${id}@example.com`;
    await upsertMember(t.db, { email, firstName: first, lastName: 'Member' });
    return (await reservePlace(t.db, { eventId: id, email, firstName: first, lastName: 'Member', slotId })).booking;
  };
  const ada = await book('Ada', early);
  const bo = await book('Bo', early);
  const cy = await book('Cy', late);
  const dee = await book('Dee', late);
  const eve = await book('Eve', late);
  // Set directly: the states, not how the engine reaches them, are what this file tests.
  await t.db.update(bookings).set({ status: 'waitlisted' }).where(eq(bookings.id, dee.id));
  await t.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, eve.id));
  const checkIn = await post('/api/admin/check-in', { code: bo.passCode });
  expect(checkIn.statusCode, checkIn.body).toBe(200);
  return { early, late, ada, bo, cy, dee, eve };
}

describe('messages to attendees', () => {
  it('counts each audience and previews with the first recipient’s real name, escaped in HTML', async () => {
    const { early, late } = await makeEvent('msg-aud');
    const counts: [object, number, string | null][] = [
      [{ audience: 'all' }, 4, 'Ada'],
      [{ audience: 'confirmed' }, 3, 'Ada'],
      [{ audience: 'waitlisted' }, 1, 'Dee'],
      [{ audience: 'checked-in' }, 1, 'Bo'],
      [{ audience: 'not-checked-in' }, 2, 'Ada'],
      [{ audience: 'all', slotId: late }, 2, 'Cy'],
      [{ audience: 'checked-in', slotId: late }, 0, null],
      [{ audience: 'not-checked-in', slotId: early }, 1, 'Ada'],
    ];
    for (const [body, n, first] of counts) {
      const p = await preview('msg-aud', { ...body, subject: 'Hi', text: 'Hello' });
      expect([body, p.recipients, p.sample?.name.split(' ')[0] ?? null]).toEqual([body, n, first]);
    }
    const p = await preview('msg-aud', {
      audience: 'waitlisted',
      subject: 'Venue <moved>',
      text: 'Now at <b>Hall B</b> & "the annex".\n\nSee you.',
    });
    expect(p.sample).toEqual({ name: 'Dee Member', email: 'dee-msg-aud@example.com' });
    expect(p.subject).toBe('Venue <moved>');
    expect(p.text).toMatch(/^Dear Dee,\n\nNow at <b>Hall B<\/b> & "the annex"\.\n\nSee you\.\n\n/);
    expect(p.text).toContain('About your booking for Gala <msg-aud>: ');
    expect(p.html).toContain('Now at &lt;b&gt;Hall B&lt;/b&gt; &amp; &quot;the annex&quot;.');
    expect(p.html).not.toContain('<b>');
    // While typing: empty is fine for the preview, nobody matching says so.
    const empty = await preview('msg-aud', { audience: 'checked-in', slotId: late });
    expect(empty).toMatchObject({ recipients: 0, sample: null });
  });

  it('sends one mail per recipient through the outbox: a Message-ID per job, stored, counted, audited', async () => {
    const { ada, bo, cy } = await makeEvent('msg-send');
    // A second booking by the same member (singleBookingPerEmail off) still gets one mail.
    await t.db.insert(bookings).values({ eventId: 'msg-send', email: ada.email.toUpperCase(), status: 'confirmed' });
    const before = peer.received.length;
    const res = await post(base('msg-send'), {
      audience: 'confirmed',
      subject: '  Doors open at 7  ',
      text: 'Bring your pass.\r\nUse the <side> entrance.',
      expectedRecipients: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as AttendeeMessage;
    expect(sent).toMatchObject({
      subject: 'Doors open at 7',
      audience: 'confirmed',
      slotLabel: null,
      sentBy: ADMIN_EMAIL,
      recipients: 3,
      sent: 0,
      failed: 0,
      pending: 3,
    });
    const [row] = await t.db.select().from(attendeeMessages).where(eq(attendeeMessages.id, sent.id));
    expect(row?.body).toBe('Bring your pass.\nUse the <side> entrance.');
    const jobs = await t.db.select().from(outboxJobs).where(eq(outboxJobs.attendeeMessageId, sent.id));
    expect(jobs.map((j) => j.payload.to).sort()).toEqual([ada.email, bo.email, cy.email].sort());
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'attendees.message'), eq(adminAudit.targetId, 'msg-send')));
    expect(audit).toEqual([
      expect.objectContaining({
        adminEmail: ADMIN_EMAIL,
        targetType: 'event',
        details: expect.objectContaining({ messageId: sent.id, recipients: 3, audience: 'confirmed' }),
      }),
    ]);

    while ((await sendAll()).done > 0) {}
    // The bookings' own confirmations went out too: only the message's copies are looked at.
    const mails = (await peer.waitFor(before + 3))
      .slice(before)
      .filter((m) => m.parsed.headers.get('x-portal-purpose') === 'attendee-message');
    expect(mails.map((m) => m.envelopeTo[0]).sort()).toEqual([ada.email, bo.email, cy.email].sort());
    for (const m of mails) {
      const job = jobs.find((j) => j.payload.to === m.envelopeTo[0]);
      expect(m.parsed.messageId).toBe(messageIdFor(job?.id ?? '', FROM));
      expect(m.parsed.subject).toBe('Doors open at 7');
      expect(m.parsed.headers.get('x-portal-purpose')).toBe('attendee-message');
      expect(m.parsed.html).toContain('Use the &lt;side&gt; entrance.');
    }
    const toAda = mails.find((m) => m.envelopeTo[0] === ada.email);
    expect(toAda?.parsed.text).toMatch(/^Dear Ada,\n\nBring your pass\.\nUse the <side> entrance\./);
    expect(new Set(mails.map((m) => m.parsed.messageId)).size).toBe(3);

    // One copy failed for good: the event's list counts it, the Outbox lists the copies under their message.
    const firstJob = jobs[0];
    if (!firstJob) throw new Error('no job');
    await t.db.update(outboxJobs).set({ status: 'failed' }).where(eq(outboxJobs.id, firstJob.id));
    const listed = await get(base('msg-send'));
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as { data: AttendeeMessage[] }).data).toEqual([
      expect.objectContaining({ id: sent.id, recipients: 3, sent: 2, failed: 1, pending: 0 }),
    ]);
    const outbox = await get(`/api/admin/mail?message=${sent.id}`);
    expect(outbox.statusCode, outbox.body).toBe(200);
    const copies = (outbox.json() as MailList).data;
    expect(copies).toHaveLength(3);
    expect(copies.every((c) => c.attendeeMessage?.id === sent.id && c.purpose === 'attendee-message')).toBe(true);
    expect(copies[0]?.attendeeMessage).toEqual({ id: sent.id, subject: 'Doors open at 7', eventId: 'msg-send' });
    const everything = (await get('/api/admin/mail')).json() as MailList;
    expect(everything.data.some((c) => c.attendeeMessage === null)).toBe(true);
  });

  it('narrows to a slot and says which on the list', async () => {
    const { late, cy } = await makeEvent('msg-slot');
    const res = await post(base('msg-slot'), { audience: 'confirmed', slotId: late, subject: 'Late slot', text: 'Hi' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as AttendeeMessage;
    expect(sent.recipients).toBe(1);
    expect(sent.slotLabel).toMatch(/2:00–3:00 PM/);
    const jobs = await t.db.select().from(outboxJobs).where(eq(outboxJobs.attendeeMessageId, sent.id));
    expect(jobs.map((j) => j.payload.to)).toEqual([cy.email]);
  });

  it('refuses bad and hostile input, nobody to mail and a changed count with 4xx and a code, writing nothing', async () => {
    const { early } = await makeEvent('msg-bad');
    await makeEvent('msg-other');
    const [otherSlot] = await t.db.select().from(eventSlots).where(eq(eventSlots.eventId, 'msg-other'));
    const ok = { audience: 'all', subject: 'Hello', text: 'Body' };
    const before = await stored('msg-bad');
    const refusals: [object | string, number, string][] = [
      [{ ...ok, subject: '   ' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, text: ' \n\t ' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, subject: 'x'.repeat(201) }, 400, ERROR_CODE.badRequest],
      [{ ...ok, text: 'x'.repeat(10_001) }, 400, ERROR_CODE.badRequest],
      [{ ...ok, subject: 'Hi\r\nBcc: victim@example.com' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, text: 'bell \u0007 here' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, audience: 'everyone' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, slotId: 'not-a-uuid' }, 400, ERROR_CODE.badRequest],
      [{ ...ok, slotId: otherSlot?.id }, 400, ERROR_CODE.badRequest],
      ['{"audience":"all","subject":"Hi\\u0000","text":"Body"}', 400, ERROR_CODE.invalidText],
      ['{"audience":"all","subject":"Hi","text":"lone \\ud800 surrogate"}', 400, ERROR_CODE.invalidText],
      ['{"audience":', 400, ERROR_CODE.invalidJson],
      [{ ...ok, audience: 'waitlisted', slotId: early, expectedRecipients: 0 }, 422, ERROR_CODE.noRecipients],
      [{ ...ok, expectedRecipients: 3 }, 409, ERROR_CODE.recipientsChanged],
    ];
    for (const [body, status, code] of refusals) {
      const res = await post(base('msg-bad'), body);
      expect([body, res.statusCode, res.json().code]).toEqual([body, status, code]);
      expect(typeof res.json().error).toBe('string');
    }
    const hostilePreview = await post(`${base('msg-bad')}/preview`, '{"subject":"\\udc00","text":""}');
    expect([hostilePreview.statusCode, hostilePreview.json().code]).toEqual([400, ERROR_CODE.invalidText]);
    expect((await post(base('no-such-event'), ok)).statusCode).toBe(404);
    expect((await post(`${base('no-such-event')}/preview`, ok)).statusCode).toBe(404);
    expect(await stored('msg-bad')).toEqual(before);
    expect(
      await t.db
        .select()
        .from(adminAudit)
        .where(and(eq(adminAudit.action, 'attendees.message'), eq(adminAudit.targetId, 'msg-bad'))),
    ).toEqual([]);
    // HTML and a look-alike header in the text are only text: escaped in the HTML part, never a header.
    const html = await post(base('msg-bad'), {
      ...ok,
      subject: '<img src=x onerror=alert(1)>',
      text: 'Bcc: x@example.com\n<script>x</script>',
    });
    expect(html.statusCode, html.body).toBe(201);
    const [job] = await t.db
      .select()
      .from(outboxJobs)
      .where(eq(outboxJobs.attendeeMessageId, (html.json() as AttendeeMessage).id));
    expect(job?.payload.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(job?.payload.html).not.toContain('<script>');
  });

  it('is for admins only: door staff get 403, members and strangers 401', async () => {
    await makeEvent('msg-guard');
    const member = await t.signIn('nosy-messages@example.com');
    const body = { audience: 'all', subject: 'Hi', text: 'Hi' };
    for (const [method, url] of [
      ['GET', base('msg-guard')],
      ['POST', base('msg-guard')],
      ['POST', `${base('msg-guard')}/preview`],
    ] as const) {
      const as = (cookie?: string) => t.send(method, url, cookie, body);
      const byStaff = await as(staff);
      expect([url, byStaff.statusCode, byStaff.json().code]).toEqual([url, 403, ERROR_CODE.forbidden]);
      expect([url, (await as(member)).statusCode]).toEqual([url, 401]);
      expect([url, (await as()).statusCode]).toEqual([url, 401]);
    }
    expect(await stored('msg-guard')).toMatchObject({ messages: 0 });
  });
});
