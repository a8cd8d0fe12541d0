import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { behaviorSchema, notificationsSchema, sheetMappingSchema, slotConfigSchema } from '#common/rsvp-config.ts';
import {
  benefits,
  bookingReminders,
  bookings,
  eventSlots,
  events,
  outboxJobs,
  rsvpConfigurations,
} from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import {
  type BookingPolicy,
  type EventRow,
  loadPolicy,
  type SlotRow,
} from '../../src/server/features/booking-rules/booking-policy.ts';
import {
  type BookingMailKind,
  type BookingRow,
  queueBookingMail,
} from '../../src/server/features/notify/booking-mail.ts';
import { createMailer, type Mailer, mailHandler } from '../../src/server/features/notify/mailer.ts';
import { runRemindersOnce, startScheduler } from '../../src/server/features/notify/reminders.ts';
import { MAIL_SEND, type MailPayload } from '../../src/server/features/outbox/mail-outbox.ts';
import { enqueueMany, runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const FROM = 'Pass Portal <no-reply@passportal.test>';
const PORTAL = 'https://portal.example.com';
const RELEASE_SECRET = 'mail-test release link secret, 32+ characters';
const PARTNER = 'partner@gallery.example';
const DAY = 86_400_000;

let t: TestApp;
let peer: SmtpPeer;
let smtp: Mailer;
let files: Mailer;
let mailDir: string;
let admin: string;
let event: EventRow;
let slot: SlotRow;

/** Unfolded iCalendar lines (RFC 5545 §3.1). */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split(/\r\n/);
const icsProp = (ics: string, name: string) =>
  icsLines(ics)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

const sendAll = (mailer: Mailer) => runOutboxOnce(t.db, { [MAIL_SEND]: mailHandler(mailer) });
/** Lets the backoff pass: every pending job is due now. */
const makeDue = () =>
  t.db
    .update(outboxJobs)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(outboxJobs.status, 'pending'));

let seq = 0;
async function addBooking(
  values: Partial<typeof bookings.$inferInsert> & { eventId?: string } = {},
): Promise<BookingRow> {
  seq++;
  const [row] = await t.db
    .insert(bookings)
    .values({
      eventId: event.id,
      email: `member${seq}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      fullName: 'Ada Lovelace',
      slotId: slot.id,
      guestCount: 1,
      places: 2,
      status: 'confirmed',
      placedAt: new Date(),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  return row;
}

async function queue(
  kind: BookingMailKind,
  booking: BookingRow,
  opts: { event?: EventRow; slot?: SlotRow | null; policy?: BookingPolicy; waitlistPosition?: number } = {},
) {
  const ev = opts.event ?? event;
  const policy = opts.policy ?? (await loadPolicy(t.db, ev));
  await t.db.transaction((tx) =>
    queueBookingMail(tx, {
      kind,
      booking,
      event: ev,
      slot: opts.slot === undefined ? slot : opts.slot,
      policy,
      portalUrl: PORTAL,
      waitlistPosition: opts.waitlistPosition,
    }),
  );
}

const jobsFor = async (bookingId: string) =>
  (
    await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, MAIL_SEND)).orderBy(asc(outboxJobs.createdAt))
  ).filter((j) => (j.payload as MailPayload).bookingId === bookingId);
const receivedBy = (to: string) => peer.received.filter((m) => m.envelopeTo.includes(to));
const calendarOf = (m: { parsed: { attachments: { contentType: string; content: Buffer }[] } }) =>
  m.parsed.attachments.find((a) => a.contentType.startsWith('application/ics'))?.content.toString('utf8');

beforeAll(async () => {
  peer = await startSmtpPeer();
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mail-'));
  t = await createTestApp({ loginLimitPerIp: 10_000, mail: { smtpUrl: undefined, from: FROM, dir: mailDir } });
  smtp = createMailer({ smtpUrl: peer.url, from: FROM, dir: mailDir });
  files = createMailer(t.config.mail);
  await upsertAdmin(t.db, { email: 'staff@example.com', password: 'correct horse battery' });
  const res = await t.post('/api/admin/login', undefined, {
    email: 'staff@example.com',
    password: 'correct horse battery',
  });
  admin = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;

  await t.db.insert(benefits).values({
    id: 'gallery-night',
    slug: 'gallery-night',
    title: 'Gallery Night',
    description: 'After hours at the gallery.',
    partnerContactEmail: PARTNER,
  });
  await t.db.insert(rsvpConfigurations).values({
    benefitId: 'gallery-night',
    configName: 'Gallery Night RSVP',
    slotConfig: slotConfigSchema.parse({}),
    notifications: notificationsSchema.parse({
      sendConfirmationEmail: true,
      sendAdminNotification: true,
      includeCalendarInvite: true,
      confirmationSubject: 'Your place at {event} on {{date}}',
      confirmationTemplate:
        'Hello {firstName} ({name}, {email}): {event} at {location}, {date} {time}, slot {slot}, ' +
        '{guests} guest(s), {attendees} in all. Manage: {manageUrl} until {changeUntil}. Keep {unknown}.',
    }),
    behavior: behaviorSchema.parse({ allowEditing: true, editingWindowHours: 24 }),
    sheetMapping: sheetMappingSchema.parse({}),
  });
  [event] = (await t.db
    .insert(events)
    .values({
      id: 'gallery-night',
      benefitId: 'gallery-night',
      title: 'Gallery Night',
      location: 'National Gallery, 1 St Andrew’s Rd',
      startsAt: new Date('2030-03-10T10:00:00Z'),
      endsAt: new Date('2030-03-10T15:00:00Z'),
      partnerContactEmail: PARTNER,
    })
    .returning()) as [EventRow];
  // 7-10 PM in Singapore = 11:00-14:00 UTC.
  [slot] = (await t.db
    .insert(eventSlots)
    .values({ eventId: 'gallery-night', slotDate: '2030-03-10', slotTime: '7:00pm-10:00pm' })
    .returning()) as [SlotRow];
});

afterAll(async () => {
  smtp?.close();
  files?.close();
  await t?.close();
  await peer?.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

describe('booking mail over SMTP', () => {
  let booking: BookingRow;
  let uid = '';

  it('delivers the configured confirmation with an .ics at the right UTC time, and the partner notification', async () => {
    booking = await addBooking({ email: 'ada@example.com' });
    await queue('confirmed', booking);
    const jobs = await jobsFor(booking.id);
    expect(jobs.map((j) => (j.payload as MailPayload).purpose).sort()).toEqual(['admin-notification', 'confirmation']);

    expect(await sendAll(smtp)).toEqual({ done: 2, failed: 0 });
    await peer.waitFor(2);
    const [member] = receivedBy('ada@example.com');
    const [partner] = receivedBy(PARTNER);
    if (!member || !partner) throw new Error('missing message');

    expect(member.parsed.subject).toBe('Your place at Gallery Night on 10 March 2030');
    expect(member.parsed.from?.value[0]).toMatchObject({ name: 'Pass Portal', address: 'no-reply@passportal.test' });
    const job = jobs.find((j) => (j.payload as MailPayload).purpose === 'confirmation');
    expect(member.parsed.messageId).toBe(`<mail-${job?.id}@passportal.test>`);
    const text = member.parsed.text ?? '';
    expect(text).toContain('Hello Ada (Ada Lovelace, ada@example.com): Gallery Night at National Gallery');
    expect(text).toContain('10 March 2030 7:00–10:00 PM SGT, slot 10 March 2030, 7:00–10:00 PM SGT');
    expect(text).toContain('1 guest(s), 2 in all.');
    expect(text).toContain(`Manage: ${PORTAL}/bookings/${booking.id} until `);
    expect(text).toContain('Keep {unknown}.'); // an unknown placeholder is left for the admin to see
    expect(member.parsed.html).toContain(`<a href="${PORTAL}/bookings/${booking.id}">`);

    const ics = calendarOf(member);
    if (!ics) throw new Error('no .ics attachment');
    // One invite.ics file (plus the text/calendar alternative, which mailparser lists without a name).
    expect(member.parsed.attachments.filter((a) => a.filename)).toHaveLength(1);
    expect(member.parsed.attachments.map((a) => a.contentType).sort()).toEqual(['application/ics', 'text/calendar']);
    expect(icsProp(ics, 'METHOD')).toBe('REQUEST');
    expect(icsProp(ics, 'DTSTART')).toBe('20300310T110000Z');
    expect(icsProp(ics, 'DTEND')).toBe('20300310T140000Z');
    expect(icsProp(ics, 'SEQUENCE')).toBe('0');
    expect(icsProp(ics, 'STATUS')).toBe('CONFIRMED');
    expect(icsProp(ics, 'SUMMARY')).toBe('Gallery Night');
    expect(icsProp(ics, 'ATTENDEE')).toContain('mailto:ada@example.com');
    expect(icsProp(ics, 'ORGANIZER')).toContain(`MAILTO:${PARTNER}`);
    uid = icsProp(ics, 'UID') ?? '';
    expect(uid).toBe(`${booking.id}@passportal`);
    // The invite is also the text/calendar alternative with the same method, so clients show it as one.
    expect(member.raw.toString('utf8')).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);

    expect(partner.parsed.subject).toBe('New booking: Gallery Night - Ada Lovelace');
    expect(partner.parsed.text).toContain('Member: Ada Lovelace <ada@example.com>');
    expect(partner.parsed.text).toContain('Attendees in total: 2');
    expect(partner.parsed.attachments).toHaveLength(0);
  });

  it('a change sends the new details with the bumped SEQUENCE, a cancellation a CANCEL with the same UID', async () => {
    const before = peer.received.length;
    const [later] = (await t.db
      .insert(eventSlots)
      .values({ eventId: 'gallery-night', slotDate: '2030-03-11', slotTime: '8:00pm-9:00pm' })
      .returning()) as [SlotRow];
    const [changed] = await t.db
      .update(bookings)
      .set({ slotId: later.id, calendarSequence: 1 })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!changed) throw new Error('no booking');
    await queue('changed', changed, { slot: later });
    const [cancelled] = await t.db
      .update(bookings)
      .set({ status: 'cancelled', calendarSequence: 2 })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!cancelled) throw new Error('no booking');
    await queue('cancelled', cancelled, { slot: later });
    expect(await sendAll(smtp)).toEqual({ done: 4, failed: 0 });
    await peer.waitFor(before + 4);

    const toMember = receivedBy('ada@example.com').slice(1);
    const change = toMember.find((m) => m.parsed.subject === 'Booking updated - Gallery Night');
    const cancel = toMember.find((m) => m.parsed.subject === 'Booking cancelled - Gallery Night');
    if (!change || !cancel) throw new Error('missing message');
    const changeIcs = calendarOf(change) ?? '';
    expect(icsProp(changeIcs, 'METHOD')).toBe('REQUEST');
    expect(icsProp(changeIcs, 'UID')).toBe(uid);
    expect(icsProp(changeIcs, 'SEQUENCE')).toBe('1');
    expect(icsProp(changeIcs, 'DTSTART')).toBe('20300311T120000Z');
    expect(change.parsed.text).toContain('Slot: 11 March 2030, 8:00–9:00 PM SGT');

    const cancelIcs = calendarOf(cancel) ?? '';
    expect(icsProp(cancelIcs, 'METHOD')).toBe('CANCEL');
    expect(icsProp(cancelIcs, 'STATUS')).toBe('CANCELLED');
    expect(icsProp(cancelIcs, 'UID')).toBe(uid);
    expect(Number(icsProp(cancelIcs, 'SEQUENCE'))).toBeGreaterThan(Number(icsProp(changeIcs, 'SEQUENCE')));
    expect(cancel.raw.toString('utf8')).toMatch(/method=CANCEL/);

    const partnerSubjects = receivedBy(PARTNER).map((m) => m.parsed.subject);
    expect(partnerSubjects).toContain('Booking changed: Gallery Night - Ada Lovelace');
    expect(partnerSubjects).toContain('Booking cancelled: Gallery Night - Ada Lovelace');
  });

  it('pending asks the partner to approve; waitlist and promotion mails go even with confirmations off', async () => {
    const before = peer.received.length;
    const pending = await addBooking({ email: 'pending@example.com', status: 'pending' });
    await queue('pending', pending);
    const base = await loadPolicy(t.db, event);
    const quiet: BookingPolicy = { ...base, notifications: { ...base.notifications, sendConfirmationEmail: false } };
    const waiting = await addBooking({ email: 'wait@example.com', status: 'waitlisted', placedAt: null });
    await queue('waitlisted', waiting, { policy: quiet, waitlistPosition: 3 });
    const confirmedQuietly = await addBooking({ email: 'quiet@example.com' });
    await queue('confirmed', confirmedQuietly, { policy: quiet });
    const [promoted] = await t.db
      .update(bookings)
      .set({ status: 'confirmed', placedAt: new Date() })
      .where(eq(bookings.id, waiting.id))
      .returning();
    if (!promoted) throw new Error('no booking');
    await queue('promoted', promoted, { policy: quiet });

    // pending: member + partner; waitlisted: member only; quiet confirmation: partner only; promoted: member + partner.
    expect(await sendAll(smtp)).toEqual({ done: 6, failed: 0 });
    await peer.waitFor(before + 6);

    const [ask] = receivedBy('pending@example.com');
    expect(ask?.parsed.subject).toBe('Booking request received - Gallery Night');
    expect(ask?.parsed.text).toContain('awaiting approval');
    expect(ask && calendarOf(ask)).toBeUndefined(); // no invite until it is approved
    const approve = receivedBy(PARTNER).find((m) => m.parsed.subject?.startsWith('Booking awaiting approval'));
    expect(approve?.parsed.text).toContain(`Approve or decline it in the admin area: ${PORTAL}/admin/bookings`);

    expect(receivedBy('quiet@example.com')).toHaveLength(0);
    expect(receivedBy(PARTNER).some((m) => m.parsed.text?.includes('quiet@example.com'))).toBe(true);

    const [wait, promotion] = receivedBy('wait@example.com');
    expect(wait?.parsed.subject).toBe('You are on the waitlist - Gallery Night');
    expect(wait?.parsed.text).toContain('You are number 3 on the waitlist.');
    expect(promotion?.parsed.subject).toBe('A place has opened up: you are booked for Gallery Night');
    const promotionIcs = promotion ? calendarOf(promotion) : undefined;
    expect(promotionIcs && icsProp(promotionIcs, 'METHOD')).toBe('REQUEST');
  });

  it('leaving the waitlist is confirmed to the member only, without a calendar CANCEL', async () => {
    const before = peer.received.length;
    const left = await addBooking({
      email: 'left@example.com',
      status: 'cancelled',
      placedAt: null,
      calendarSequence: 1,
    });
    await queue('cancelled', left);
    expect(await sendAll(smtp)).toEqual({ done: 1, failed: 0 });
    await peer.waitFor(before + 1);
    const [mail] = receivedBy('left@example.com');
    expect(mail?.parsed.subject).toBe('You have left the waitlist - Gallery Night');
    expect(mail?.parsed.attachments).toHaveLength(0);
    expect(peer.received.slice(before)).toHaveLength(1);
  });

  it('escapes member data in HTML and keeps it out of the headers', async () => {
    const before = peer.received.length;
    const evil = await addBooking({
      email: 'evil@example.com',
      fullName: '<script>alert(1)</script>\r\nBcc: victim@example.com',
      firstName: '<b>Eve</b>',
    });
    await queue('confirmed', evil);
    expect(await sendAll(smtp)).toEqual({ done: 2, failed: 0 });
    await peer.waitFor(before + 2);
    const notice = receivedBy(PARTNER).find((m) => m.parsed.text?.includes('evil@example.com'));
    if (!notice) throw new Error('no notice');
    expect(notice.envelopeTo).toEqual([PARTNER]);
    expect(notice.parsed.bcc).toBeUndefined();
    expect(notice.parsed.subject).toBe(
      // Member-typed addresses are made inert so no mail program links them.
      'New booking: Gallery Night - <script>alert(1)</script> Bcc: victim@example[.]com',
    );
    expect(notice.parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(notice.parsed.html).not.toContain('<script>');
    expect(receivedBy('victim@example.com')).toHaveLength(0);
  });

  it('SMTP down, then up: every queued message arrives exactly once', async () => {
    const before = peer.received.length;
    await peer.stop();
    const a = await addBooking({ email: 'outage-a@example.com' });
    const b = await addBooking({ email: 'outage-b@example.com', status: 'waitlisted', placedAt: null });
    await queue('confirmed', a);
    await queue('waitlisted', b, { waitlistPosition: 1 });
    expect(await sendAll(smtp)).toEqual({ done: 0, failed: 3 });
    const failing = [...(await jobsFor(a.id)), ...(await jobsFor(b.id))];
    expect(failing.every((j) => j.status === 'pending' && j.attempts === 1 && j.lastError)).toBe(true);
    // Still backing off: nothing is retried yet.
    expect(await sendAll(smtp)).toEqual({ done: 0, failed: 0 });

    await makeDue();
    expect(await sendAll(smtp)).toEqual({ done: 0, failed: 3 }); // still down
    await peer.start();
    await makeDue();
    expect(await sendAll(smtp)).toEqual({ done: 3, failed: 0 });
    await makeDue();
    expect(await sendAll(smtp)).toEqual({ done: 0, failed: 0 });
    await peer.waitFor(before + 3);
    await new Promise((r) => setTimeout(r, 100));

    const arrived = peer.received.slice(before);
    expect(arrived).toHaveLength(3);
    expect(arrived.map((m) => m.envelopeTo[0]).sort()).toEqual(
      ['outage-a@example.com', 'outage-b@example.com', PARTNER].sort(),
    );
    const done = [...(await jobsFor(a.id)), ...(await jobsFor(b.id))];
    expect(done.every((j) => j.status === 'done' && j.attempts === 3)).toBe(true);
    expect(arrived.map((m) => m.parsed.messageId).sort()).toEqual(
      done.map((j) => `<mail-${j.id}@passportal.test>`).sort(),
    );
  });
});

describe('file mode and the admin Outbox API', () => {
  const get = (url: string, cookie = admin) => t.get(url, cookie);

  it('writes each message once as an .eml the admin can list and download', async () => {
    const booking = await addBooking({ email: 'files@example.com' });
    await queue('confirmed', booking);
    const jobs = await jobsFor(booking.id);
    expect(await sendAll(files)).toEqual({ done: 2, failed: 0 });
    const emls = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(emls).toHaveLength(2);
    for (const j of jobs) expect(emls.filter((f) => f.endsWith(`-${j.id}.eml`))).toHaveLength(1);

    // A retry of a job whose success was not recorded does not write a second copy.
    const job = jobs[0];
    if (!job) throw new Error('no job');
    await files.send(job.payload as MailPayload, job.id);
    expect(fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
    expect(fs.readdirSync(mailDir).filter((f) => f.endsWith('.tmp'))).toHaveLength(0);

    const list = await get('/api/admin/mail');
    expect(list.statusCode).toBe(200);
    const body = list.json() as {
      mode: string;
      data: {
        id: string;
        status: string;
        hasFile: boolean;
        to: string;
        subject: string;
        purpose: string;
        sentAt: string | null;
      }[];
    };
    expect(body.mode).toBe('file');
    const confirmation = body.data.find((m) => m.to === 'files@example.com');
    expect(confirmation).toMatchObject({
      purpose: 'confirmation',
      subject: 'Your place at Gallery Night on 10 March 2030',
      status: 'sent',
      hasFile: true,
    });
    expect(confirmation?.sentAt).not.toBeNull();
    // Messages sent over SMTP earlier have no file.
    expect(body.data.find((m) => m.to === 'ada@example.com')?.hasFile).toBe(false);
    expect(body.data.length).toBeLessThanOrEqual(200);

    const eml = await get(`/api/admin/mail/${confirmation?.id}/message.eml`);
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toContain('message/rfc822');
    expect(eml.headers['content-disposition']).toMatch(/^attachment; filename=".+\.eml"$/);
    const parsed = await simpleParser(eml.rawPayload);
    expect(parsed.subject).toBe('Your place at Gallery Night on 10 March 2030');
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('files@example.com');
    expect(parsed.attachments.some((a) => a.contentType.startsWith('application/ics'))).toBe(true);

    expect((await get('/api/admin/mail/00000000-0000-0000-0000-000000000000/message.eml')).statusCode).toBe(404);
    expect((await get('/api/admin/mail/not-a-uuid/message.eml')).statusCode).toBe(400);
    expect((await get('/api/admin/mail')).statusCode).toBe(200);
    expect((await get('/api/admin/mail', 'portal_admin=nope')).statusCode).toBe(401);
    const member = await t.signIn('member-snoop@example.com');
    expect((await get(`/api/admin/mail/${confirmation?.id}/message.eml`, member)).statusCode).toBe(401);
  });

  it('lists the queue, without files and with a clear message, when the .eml folder cannot be read', async () => {
    const booking = await addBooking({ email: 'unreadable@example.com' });
    await queue('confirmed', booking);
    await sendAll(files);
    const [job] = await jobsFor(booking.id);
    // A file where the folder should be: readdir fails as for a folder the portal may not read (root reads any mode).
    const aside = `${mailDir}-aside`;
    fs.renameSync(mailDir, aside);
    fs.writeFileSync(mailDir, 'not a folder');
    try {
      const list = await get('/api/admin/mail');
      expect(list.statusCode, list.body).toBe(200);
      const body = list.json() as { mode: string; folderProblem: string; data: { to: string; hasFile: boolean }[] };
      expect(body.mode).toBe('file');
      expect(body.data.find((m) => m.to === 'unreadable@example.com')).toMatchObject({ hasFile: false });
      expect(body.data.every((m) => !m.hasFile)).toBe(true);
      expect(body.folderProblem).toContain(`The mail folder ${path.resolve(mailDir)} cannot be read`);
      const eml = await get(`/api/admin/mail/${job?.id}/message.eml`);
      expect(eml.statusCode).toBe(503);
      expect(eml.json()).toMatchObject({ code: ERROR_CODE.unavailable, error: body.folderProblem });
    } finally {
      fs.rmSync(mailDir);
      fs.renameSync(aside, mailDir);
    }
    const back = (await get('/api/admin/mail')).json();
    expect(back.folderProblem).toBeNull();
    expect(back.data.find((m: { to: string }) => m.to === 'unreadable@example.com')?.hasFile).toBe(true);
  });

  it('answers garbage with a 4xx JSON error, never a 5xx', async () => {
    const bodies = [
      '{"a":',
      '[1,2]',
      '"x"',
      JSON.stringify({ __proto__: { admin: true }, retried: 'x'.repeat(10_000) }),
    ];
    const ids = ["'; DROP TABLE x; --", '..%2F..%2Fetc%2Fpasswd', '%00', 'x'.repeat(400)];
    for (const cookie of [undefined, admin]) {
      for (const id of ids) {
        const res = await t.get(`/api/admin/mail/${id}/message.eml?x=%00`, cookie);
        expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, id).toBeLessThan(500);
        expect(typeof res.json().error).toBe('string');
      }
      const list = await t.get("/api/admin/mail?page=-5&sortBy=';--", cookie);
      expect(list.statusCode).toBe(cookie ? 200 : 401);
      for (const payload of bodies) {
        const res = await t.send('POST', '/api/admin/mail/retry', cookie, payload, {
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, payload).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
      }
    }
  });

  it('retries failed mail jobs only', async () => {
    const [mailJob] = await t.db
      .insert(outboxJobs)
      .values({
        kind: MAIL_SEND,
        payload: { purpose: 'confirmation', to: 'x@example.com', subject: 's', text: 't' },
        status: 'failed',
        attempts: 12,
        lastError: 'boom',
      })
      .returning();
    const [sheetsJob] = await t.db
      .insert(outboxJobs)
      .values({ kind: 'sheets.append', payload: {}, status: 'failed', attempts: 12 })
      .returning();
    if (!mailJob || !sheetsJob) throw new Error('no jobs');
    const listed = (await get('/api/admin/mail')).json() as {
      data: { id: string; status: string; lastError: string }[];
    };
    expect(listed.data.find((m) => m.id === mailJob.id)).toMatchObject({ status: 'failed', lastError: 'boom' });
    expect(listed.data.some((m) => m.id === sheetsJob.id)).toBe(false);

    const res = await t.send('POST', '/api/admin/mail/retry', admin);
    expect(res.json()).toEqual({ retried: 1 });
    expect(res.statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(outboxJobs)
      .where(inArray(outboxJobs.id, [mailJob.id, sheetsJob.id]));
    expect(after.find((j) => j.id === mailJob.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(after.find((j) => j.id === sheetsJob.id)?.status).toBe('failed');
    expect((await t.send('POST', '/api/admin/mail/retry')).statusCode).toBe(401);
    await t.db.delete(outboxJobs).where(inArray(outboxJobs.id, [mailJob.id, sheetsJob.id]));
  });
});

describe('reminders', () => {
  const START = new Date('2031-06-01T12:00:00Z');
  const at = (msBeforeStart: number) => new Date(START.getTime() - msBeforeStart);
  const HOUR = 3_600_000;
  let gala: EventRow;
  const twoInstances = (now: Date) =>
    Promise.all([
      runRemindersOnce(t.db, { now, portalUrl: PORTAL, releaseSecret: RELEASE_SECRET }),
      runRemindersOnce(t.db, { now, portalUrl: PORTAL, releaseSecret: RELEASE_SECRET }),
    ]);
  const total = (runs: { sent: number; skipped: number }[]) => ({
    sent: runs.reduce((n, r) => n + r.sent, 0),
    skipped: runs.reduce((n, r) => n + r.skipped, 0),
  });
  const remindersTo = async (email: string) =>
    // In the order they were queued: a table read without ORDER BY has none on PostgreSQL.
    (await t.db.select().from(outboxJobs).where(eq(outboxJobs.kind, MAIL_SEND)).orderBy(asc(outboxJobs.createdAt)))
      .map((j) => j.payload as MailPayload)
      .filter((p) => p.purpose === 'reminder' && p.to === email);

  it('sends 7 and 1 days before, each once across instances; none when cancelled; late bookings get only the 1-day one', async () => {
    // No configuration: the defaults apply (reminders on, 7 and 1 days before).
    [gala] = (await t.db
      .insert(events)
      .values({
        id: 'reminder-gala',
        title: 'Reminder Gala',
        startsAt: START,
        endsAt: new Date(START.getTime() + 3 * HOUR),
      })
      .returning()) as [EventRow];
    const early = await addBooking({
      eventId: gala.id,
      slotId: null,
      email: 'early@example.com',
      placedAt: at(30 * DAY),
    });
    const gone = await addBooking({
      eventId: gala.id,
      slotId: null,
      email: 'gone@example.com',
      status: 'cancelled',
      placedAt: at(30 * DAY),
    });
    await addBooking({
      eventId: gala.id,
      slotId: null,
      email: 'waiting@example.com',
      status: 'waitlisted',
      placedAt: null,
    });

    expect(total(await twoInstances(at(10 * DAY)))).toEqual({ sent: 0, skipped: 0 });
    expect(total(await twoInstances(at(7 * DAY - HOUR)))).toEqual({ sent: 1, skipped: 0 });
    expect(total(await twoInstances(at(7 * DAY - 2 * HOUR)))).toEqual({ sent: 0, skipped: 0 });

    // Booked two days before: the 7-day moment was before the booking existed.
    const late = await addBooking({ eventId: gala.id, slotId: null, email: 'late@example.com', placedAt: at(2 * DAY) });
    expect(total(await twoInstances(at(2 * DAY - HOUR)))).toEqual({ sent: 0, skipped: 1 });

    expect(total(await twoInstances(at(DAY - HOUR)))).toEqual({ sent: 2, skipped: 0 });
    expect(total(await twoInstances(at(DAY - 2 * HOUR)))).toEqual({ sent: 0, skipped: 0 });
    expect(total(await twoInstances(at(HOUR)))).toEqual({ sent: 0, skipped: 0 });
    expect(total(await twoInstances(at(-HOUR)))).toEqual({ sent: 0, skipped: 0 }); // it has started

    const rows = await t.db
      .select()
      .from(bookingReminders)
      .where(inArray(bookingReminders.bookingId, [early.id, late.id, gone.id]));
    const outcome = (id: string, d: number) => rows.find((r) => r.bookingId === id && r.daysBefore === d)?.outcome;
    expect(rows).toHaveLength(4);
    expect([outcome(early.id, 7), outcome(early.id, 1), outcome(late.id, 7), outcome(late.id, 1)]).toEqual([
      'sent',
      'sent',
      'skipped',
      'sent',
    ]);

    const earlyMails = await remindersTo('early@example.com');
    expect(earlyMails.map((m) => m.subject)).toEqual([
      'Reminder: Reminder Gala on 1 June 2031',
      'Reminder: Reminder Gala on 1 June 2031',
    ]);
    expect(earlyMails[0]?.text).toContain('A reminder that Reminder Gala is in 7 days.');
    expect(earlyMails[1]?.text).toContain('A reminder that Reminder Gala is tomorrow.');
    expect(earlyMails[1]?.text).toContain('Time: 8:00–11:00 PM SGT');
    expect(await remindersTo('late@example.com')).toHaveLength(1);
    expect(await remindersTo('gone@example.com')).toHaveLength(0);
    expect(await remindersTo('waiting@example.com')).toHaveLength(0);

    // Delivered once each.
    const before = peer.received.length;
    expect((await sendAll(smtp)).done).toBe(3);
    await peer.waitFor(before + 3);
    expect(
      peer.received
        .slice(before)
        .map((m) => m.envelopeTo[0])
        .sort(),
    ).toEqual(['early@example.com', 'early@example.com', 'late@example.com']);
  });

  it('a missed reminder is recorded as skipped when a nearer one is due (server was down)', async () => {
    const missed = await addBooking({
      eventId: gala.id,
      slotId: null,
      email: 'missed@example.com',
      placedAt: at(40 * DAY),
    });
    // Nobody ran between 7 days and 1 day before: only the 1-day reminder goes.
    const run = await runRemindersOnce(t.db, {
      now: at(DAY - 3 * HOUR),
      portalUrl: PORTAL,
      releaseSecret: RELEASE_SECRET,
    });
    expect(run).toEqual({ sent: 1, skipped: 1 });
    const rows = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, missed.id));
    expect(rows.map((r) => `${r.daysBefore}:${r.outcome}`).sort()).toEqual(['1:sent', '7:skipped']);
    expect(await remindersTo('missed@example.com')).toHaveLength(1);
  });

  it('uses the configured reminder template and respects reminders switched off', async () => {
    await t.db
      .update(rsvpConfigurations)
      .set({
        notifications: sql`jsonb_set(${rsvpConfigurations.notifications}, '{reminderEmails}', '{"enabled": true, "daysBefore": [3], "template": "See you soon, {firstName}: {event} at {time}."}')`,
      })
      .where(eq(rsvpConfigurations.benefitId, 'gallery-night'));
    // Gallery Night slot: 2030-03-10 19:00 local.
    const slotStart = new Date('2030-03-10T11:00:00Z');
    const guest = await addBooking({
      email: 'templated@example.com',
      placedAt: new Date(slotStart.getTime() - 20 * DAY),
    });
    const run = await runRemindersOnce(t.db, {
      now: new Date(slotStart.getTime() - 3 * DAY + HOUR),
      portalUrl: PORTAL,
      releaseSecret: RELEASE_SECRET,
    });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await remindersTo('templated@example.com');
    expect(mail?.text).toContain('See you soon, Ada: Gallery Night at 7:00–10:00 PM SGT.');
    expect(mail?.text).toContain(`CHANGE/CANCEL BOOKING: ${PORTAL}/bookings/${guest.id}`);

    await t.db
      .update(rsvpConfigurations)
      .set({
        notifications: sql`jsonb_set(${rsvpConfigurations.notifications}, '{reminderEmails,enabled}', 'false')`,
      })
      .where(eq(rsvpConfigurations.benefitId, 'gallery-night'));
    const off = await addBooking({ email: 'off@example.com', placedAt: new Date(slotStart.getTime() - 20 * DAY) });
    await runRemindersOnce(t.db, {
      now: new Date(slotStart.getTime() - 3 * DAY + 2 * HOUR),
      portalUrl: PORTAL,
      releaseSecret: RELEASE_SECRET,
    });
    expect(await remindersTo('off@example.com')).toHaveLength(0);
    expect(await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, off.id))).toHaveLength(0);
  });

  it('the scheduler runs and stops gracefully', async () => {
    const errors: unknown[] = [];
    const stop = startScheduler(t.db, {
      intervalMs: 100,
      portalUrl: PORTAL,
      releaseSecret: RELEASE_SECRET,
      log: (e) => errors.push(e),
    });
    await new Promise((r) => setTimeout(r, 350));
    await stop();
    expect(errors).toEqual([]);
  });
});

describe('the outbox claim', () => {
  it('three workers polling at once run each job once, and all of them', async () => {
    const ran: string[] = [];
    const handlers = {
      'claim-test': async (payload: Record<string, unknown>) => {
        ran.push(String(payload.n));
        await new Promise((r) => setTimeout(r, 2)); // a send takes a moment: the others poll meanwhile
      },
    };
    await enqueueMany(
      t.db,
      'claim-test',
      Array.from({ length: 50 }, (_, n) => ({ n })),
    );
    for (let round = 0; round < 10 && ran.length < 50; round++)
      await Promise.all([1, 2, 3].map(() => runOutboxOnce(t.db, handlers)));
    expect(ran).toHaveLength(50);
    expect(new Set(ran).size).toBe(50);
    expect(await runOutboxOnce(t.db, handlers)).toEqual({ done: 0, failed: 0 });
  });
});
