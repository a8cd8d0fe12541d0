import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLDING_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { SLOT_CAPACITY_MSG } from '#common/slot-capacity.ts';
import { adminAudit, benefits, bookings, eventSlots, outboxJobs } from '../../src/server/db/schema.ts';
import { upsertMember } from '../../src/server/features/auth/members.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { SHEETS_SLOTS, slotSyncHandler } from '../../src/server/features/sheets/slot-sync.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// An organiser changes a slot's capacity in the portal, through the engine's lock, written back to Tab 2.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('capacity-admin@example.com');
});
afterAll(() => t.close());

const url = (eventId: string, slotId: string) => `/api/admin/events/${eventId}/slots/${slotId}`;
const setCapacity = (eventId: string, slotId: string, capacity: unknown, cookie = admin) =>
  t.patch(url(eventId, slotId), cookie, { capacity });

async function makeEvent(id: string, capacity: number, opts: { waitlist?: boolean } = {}) {
  const { slotIds } = await createTestEvent(t.db, id, {
    slots: [{ time: '10:00-11:00', capacity }],
    ...(opts.waitlist ? { config: { slotConfig: { allowWaitlist: true } } } : {}),
  });
  return slotIds[0] as string;
}

async function book(eventId: string, slotId: string, email: string, guestCount = 0) {
  await upsertMember(t.db, { email, firstName: email.split('@')[0] ?? 'M', lastName: 'Member' });
  return (await reservePlace(t.db, { eventId, email, fullName: email, slotId, guestCount })).booking;
}

async function slotRow(slotId: string) {
  const [slot] = await t.db.select().from(eventSlots).where(eq(eventSlots.id, slotId));
  return slot;
}

async function heldIn(slotId: string) {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${bookings.places}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.slotId, slotId), inArray(bookings.status, HOLDING_STATUSES)));
  return Number(row?.n ?? 0);
}

describe('PATCH /api/admin/events/:eventId/slots/:slotId', () => {
  it('raises and lowers a capacity, refuses one below the places held, and records each change', async () => {
    const slot = await makeEvent('cap-basic', 4);
    await book('cap-basic', slot, 'one@example.com', 1); // 2 places

    const raised = await setCapacity('cap-basic', slot, 9);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toEqual({ slotId: slot, capacity: 9, booked: 2, promoted: 0 });
    expect(await slotRow(slot)).toMatchObject({ capacity: 9, booked: 2 });

    const lowered = await setCapacity('cap-basic', slot, 2);
    expect(lowered.json()).toEqual({ slotId: slot, capacity: 2, booked: 2, promoted: 0 });

    const refused = await setCapacity('cap-basic', slot, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: SLOT_CAPACITY_MSG.belowBooked(2),
      code: ERROR_CODE.capacityBelowBooked,
    });
    expect((await slotRow(slot))?.capacity).toBe(2);

    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'slot.capacity'), eq(adminAudit.targetId, slot)));
    expect(audit.map((a) => [a.adminEmail, a.details])).toEqual(
      expect.arrayContaining([
        ['capacity-admin@example.com', expect.objectContaining({ eventId: 'cap-basic', from: 4, to: 9, held: 2 })],
        ['capacity-admin@example.com', expect.objectContaining({ from: 9, to: 2 })],
      ]),
    );
    expect(audit).toHaveLength(2); // the refusal changed and recorded nothing

    // A member's remaining count follows at once (the hot cache was told).
    await book('cap-basic', slot, 'late@example.com').then(
      () => expect.unreachable('the slot is full at 2'),
      (err: { code?: string }) => expect(err.code).toBe(ERROR_CODE.slotFull),
    );
  });

  it('refuses bad input, other events’ slots, members and door staff', async () => {
    const slot = await makeEvent('cap-guard', 3);
    const other = await makeEvent('cap-guard-2', 3);
    for (const bad of [-1, 10001, 2.5, '5', null]) {
      const res = await setCapacity('cap-guard', slot, bad);
      expect([res.statusCode, res.json().code], String(bad)).toEqual([400, ERROR_CODE.badRequest]);
    }
    expect((await setCapacity('cap-guard', slot, 10000)).statusCode).toBe(200);
    expect((await setCapacity('cap-guard', slot, 0)).statusCode).toBe(200);
    const elsewhere = await setCapacity('cap-guard', other, 5);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, ERROR_CODE.notFound]);
    const notUuid = await t.patch(url('cap-guard', 'nope'), admin, { capacity: 5 });
    expect(notUuid.statusCode).toBe(400);

    const staff = await setCapacity('cap-guard', slot, 7, await t.signInStaff());
    expect([staff.statusCode, staff.json().code]).toEqual([403, ERROR_CODE.forbidden]);
    const member = await setCapacity('cap-guard', slot, 7, await t.signIn('cap-member@example.com'));
    expect([member.statusCode, member.json().code]).toEqual([401, ERROR_CODE.notSignedIn]);
    expect((await setCapacity('cap-guard', slot, 7, '')).statusCode).toBe(401);
    expect((await slotRow(slot))?.capacity).toBe(0);
  });

  it('a raise hands the new places to the waitlist in order, as a cancellation would', async () => {
    const slot = await makeEvent('cap-wl', 1, { waitlist: true });
    await book('cap-wl', slot, 'holder@example.com');
    const first = await book('cap-wl', slot, 'wl-first@example.com');
    const pair = await book('cap-wl', slot, 'wl-pair@example.com', 1);
    const third = await book('cap-wl', slot, 'wl-third@example.com');
    expect([first.status, pair.status, third.status]).toEqual(['waitlisted', 'waitlisted', 'waitlisted']);

    // Two new places: the first in line takes one; the pair does not fit the one left, the third behind it does.
    const raised = await setCapacity('cap-wl', slot, 3);
    expect(raised.json()).toEqual({ slotId: slot, capacity: 3, booked: 3, promoted: 2 });
    const statuses = await t.db
      .select({ email: bookings.email, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, 'cap-wl'));
    expect(Object.fromEntries(statuses.map((s) => [s.email, s.status]))).toEqual({
      'holder@example.com': 'confirmed',
      'wl-first@example.com': 'confirmed',
      'wl-pair@example.com': 'waitlisted',
      'wl-third@example.com': 'confirmed',
    });
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'wl-first@example.com' })).toHaveLength(1);
    expect(await queuedMails(t.db, { purpose: 'promoted', to: 'wl-pair@example.com' })).toHaveLength(0);

    // Lowering never promotes, and never drops a held place.
    const refused = await setCapacity('cap-wl', slot, 2);
    expect(refused.json().code).toBe(ERROR_CODE.capacityBelowBooked);
  });

  it("queues Tab 2's write-back, which writes the new capacity in the column the import read it from", async () => {
    const CHEF = 'https://docs.google.com/spreadsheets/d/demo-chef-table/edit';
    const TAB1 = 'Form Submissions';
    await t.db.insert(benefits).values({ id: 'cap-chef', slug: 'cap-chef', title: "Chef's Table", description: 'x' });
    const processed = await t.post('/api/sheets/process', admin, {
      tab1Url: CHEF,
      tab1Name: TAB1,
      tab2Url: CHEF,
      tab2Name: 'Slot Logic',
    });
    expect(processed.statusCode, processed.body).toBe(200);
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'cap-chef',
      configName: "Chef's Table RSVP",
      formFields: processed.json().tab1Headers,
      slotConfig: { hasSlots: true, slotField: 'timeSlot' },
      sheetMapping: { tab1Url: CHEF, tab1Name: TAB1, tab2Url: CHEF, tab2Name: 'Slot Logic' },
    });
    expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
    const slots = await t.db
      .select()
      .from(eventSlots)
      .where(sql`${eventSlots.eventId} in (select id from events where benefit_id = 'cap-chef')`);
    const first = slots.find((s) => s.slotTime === '18:30-20:30');
    if (!first) throw new Error('the deploy imported no 18:30 slot');

    // A member's read is cached (the hot cache); the change invalidates it, so the next read has the new count.
    const member = await t.signIn('chef-cap@example.com');
    const remaining = async () =>
      (await t.get('/api/rsvp/slot-logic/cap-chef', member))
        .json()
        .slotData.find((s: { time: string }) => s.time === '18:30-20:30')?.remainingSlots;
    expect(await remaining()).toBe(10);
    const res = await setCapacity(first.eventId, first.id, 14);
    expect(res.statusCode, res.body).toBe(200);
    expect(await remaining()).toBe(14);
    const jobs = await t.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, SHEETS_SLOTS), eq(outboxJobs.status, 'pending')));
    expect(jobs.map((j) => j.payload)).toContainEqual({ eventId: first.eventId, benefitId: 'cap-chef' });

    const sync = await runOutboxOnce(t.db, { [SHEETS_SLOTS]: slotSyncHandler(t.db, t.sheets.gateway) });
    expect(sync.failed).toBe(0);
    const tab2 = t.sheets.readTab('demo-chef-table', 'Slot Logic').trim().split('\n');
    expect(tab2).toEqual(['Seating,Seats,Taken', '18:30-20:30,14,0', '21:00-23:00,10,0']);

    // The next import from Tab 2 reads the organiser's new figure back, not the old one.
    const refresh = await t.post('/api/rsvp/slot-logic/cap-chef/refresh', member, {});
    expect(refresh.json()).toEqual({ success: true });
    expect((await slotRow(first.id))?.capacity).toBe(14);
  });

  it('a capacity lowered while members book never leaves more places held than the capacity', async () => {
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const outcomes: number[] = [];
    // The lowering lands before, among and after the bookings (each member arrives 3 ms after the last).
    for (const [round, patchAt] of [0, 12, 24, 60].entries()) {
      const id = `cap-race-${round}`;
      const slot = await makeEvent(id, 10);
      const emails = Array.from({ length: 8 }, (_, i) => `race-${round}-${i}@example.com`);
      for (const email of emails) await upsertMember(t.db, { email, firstName: 'Race', lastName: 'Member' });
      const target = 3 + round;
      const lowering = wait(patchAt).then(async () => (await setCapacity(id, slot, target)).statusCode);
      // Before means answered before the first member arrives, however loaded the machine (a timer would not say so).
      if (patchAt === 0) await lowering;
      const [lowered, ...placed] = await Promise.allSettled([
        lowering,
        ...emails.map((email, i) =>
          wait(20 + i * 3).then(() => reservePlace(t.db, { eventId: id, email, fullName: email, slotId: slot })),
        ),
      ]);
      const row = await slotRow(slot);
      const held = await heldIn(slot);
      if (!row || lowered.status !== 'fulfilled') throw new Error('the slot or the admin request failed');
      outcomes.push(lowered.value);
      expect(held, `round ${round}`).toBeLessThanOrEqual(row.capacity);
      expect(row.booked).toBe(held);
      expect(placed.filter((p) => p.status === 'fulfilled')).toHaveLength(held);
      for (const p of placed)
        if (p.status === 'rejected') expect((p.reason as { code?: string }).code).toBe(ERROR_CODE.slotFull);
      if (lowered.value === 200) expect([row.capacity, held]).toEqual([target, target]);
      else expect([lowered.value, row.capacity]).toEqual([409, 10]); // more were held already: nothing changed
    }
    expect(outcomes[0]).toBe(200); // asked before the members arrived, it takes effect and later ones are refused
  });
});
