import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benchMembers } from '../../scripts/bench-load.ts';
import { buildApp } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { benefits, bookings, dynamicSubmissions, events, outboxJobs } from '../../src/server/db/schema.ts';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { freePlacesGeneration, rememberFreePlaces } from '../../src/server/features/rsvp/place-gate.ts';
import { reservePlace } from '../../src/server/features/rsvp/reserve-place.ts';
import { waitlistPositions } from '../../src/server/features/rsvp/waitlist.ts';
import { SHEETS_APPEND } from '../../src/server/features/sheets/export-row.ts';
import { hotCache } from '../../src/server/lib/hot-cache.ts';
import { CONCIERGE_FIRST_SLOT, conciergeBody, conciergeSlot } from '../support/bookings.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000 });
});
afterAll(() => t.close());

async function makeEvent(id: string, capacity: number | null, opts: { waitlist?: boolean; slots?: number[] } = {}) {
  const { slotIds } = await createTestEvent(t.db, id, {
    capacity,
    bookingForm: 'none',
    hours: 1,
    slots: (opts.slots ?? []).map((cap, i) => ({ time: `${10 + i}:00am-${11 + i}:00am`, capacity: cap })),
    config: { slotConfig: { allowWaitlist: opts.waitlist ?? false }, behavior: { allowEditing: true } },
  });
  return slotIds;
}

/** Everyone presses at once: the requests are issued in this order within one turn of the event loop. */
const rush = (app: TestApp['app'], url: string, cookies: string[]) =>
  Promise.all(cookies.map((cookie) => app.inject({ method: 'POST', url, headers: { cookie }, payload: {} })));

/** A benefit whose two-field form an admin saved and deployed, its event cut down to `capacity`; returns the event. */
async function deployedForm(benefitId: string, capacity: number, config: object = {}) {
  await t.db.insert(benefits).values({ id: benefitId, slug: benefitId, title: benefitId, description: 'x' });
  const admin = await t.signInAdmin();
  const adminPost = (url: string, payload: object) => t.post(url, admin, payload);
  const saved = await adminPost('/api/admin/rsvp-config', {
    benefitId,
    configName: `${benefitId} RSVP`,
    formFields: [
      { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
      { fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true },
    ],
    ...config,
  });
  expect(saved.statusCode).toBe(201);
  expect((await adminPost(`/api/admin/rsvp-config/${saved.json().id}/deploy`, {})).statusCode).toBe(200);
  const eventId = dynamicEventId(benefitId);
  await t.db.update(events).set({ capacity }).where(eq(events.id, eventId));
  hotCache(t.db).invalidate(eventId); // a write behind the app's back
  return eventId;
}

/** Everyone sends the form at once, in this order; racer i types the name `Racer i`. */
const formRush = (benefitId: string, members: { cookie: string; email: string }[]) =>
  Promise.all(
    members.map(({ cookie, email }, i) =>
      t.post(`/api/rsvp/dynamic/${benefitId}`, cookie, { formData: { fullName: `Racer ${i}`, email } }),
    ),
  );

const holding = (eventId: string) =>
  t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, ['confirmed', 'pending'])))
    .orderBy(asc(bookings.createdAt));

describe('the opening rush (decision 014)', () => {
  it('200 members at once for 10 places: the first 10 to arrive are placed, every other one hears "sold out"', async () => {
    await makeEvent('rush-plain', 10);
    const members = await benchMembers(t.db, 200, 'plain');
    const answers = await rush(
      t.app,
      '/api/rsvp/rush-plain',
      members.map((m) => m.cookie),
    );

    const placed = answers.flatMap((a, i) => (a.statusCode === 201 ? [i] : []));
    expect(placed).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.json().code).toBe(ERROR_CODE.soldOut);
    const rows = await holding('rush-plain');
    expect(rows.map((r) => r.email)).toEqual(members.slice(0, 10).map((m) => m.email));
  });

  it('with a waitlist, places and then waitlist positions follow arrival order', async () => {
    await makeEvent('rush-waitlist', 5, { waitlist: true });
    const members = await benchMembers(t.db, 40, 'queue');
    const answers = await rush(
      t.app,
      '/api/rsvp/rush-waitlist',
      members.map((m) => m.cookie),
    );

    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const bodies = answers.map((a) => a.json());
    expect(bodies.slice(0, 5).map((b) => b.status)).toEqual(Array(5).fill('confirmed'));
    expect(bodies.slice(5).map((b) => b.waitlistPosition)).toEqual(Array.from({ length: 35 }, (_, i) => i + 1));
  });

  it('a waitlist rush joins in batches: the rows are created in arrival order, as the waitlist serves them', async () => {
    await makeEvent('rush-order', 3, { waitlist: true });
    const members = await benchMembers(t.db, 150, 'order');
    const answers = await rush(
      t.app,
      '/api/rsvp/rush-order',
      members.map((m) => m.cookie),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(150).fill(201));
    const rows = await t.db
      .select({ email: bookings.email, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.eventId, 'rush-order'))
      .orderBy(asc(bookings.createdAt), asc(bookings.id));
    expect(rows.map((r) => r.email)).toEqual(members.map((m) => m.email));
    const positions = await waitlistPositions(t.db, ['rush-order']);
    const told = answers.slice(3).map((a) => [a.json().bookingId, a.json().waitlistPosition]);
    expect(told).toEqual(told.map(([id]) => [id, positions.get(id)]));
    expect(told.map(([, p]) => p)).toEqual(Array.from({ length: 147 }, (_, i) => i + 1));
  });

  it('a member pressing on three devices in the rush holds one booking; the other two hear so', async () => {
    await makeEvent('rush-devices', 2, { waitlist: true });
    const members = await benchMembers(t.db, 20, 'devices');
    const cookies = members.map((m) => m.cookie);
    const twice = members[6]?.cookie ?? '';
    const answers = await rush(t.app, '/api/rsvp/rush-devices', [
      ...cookies.slice(0, 7),
      twice,
      twice,
      ...cookies.slice(7),
    ]);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    expect(answers.slice(7, 9).map((a) => [a.statusCode, a.json().code])).toEqual([
      [409, ERROR_CODE.alreadyWaitlisted],
      [409, ERROR_CODE.alreadyWaitlisted],
    ]);
    const mine = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.eventId, 'rush-devices'), eq(bookings.email, members[6]?.email ?? '')));
    expect(mine).toHaveLength(1);
  });

  it("one member's failing write does not fail the others who joined with it", async () => {
    await makeEvent('rush-fallback', 2, { waitlist: true });
    const emails = Array.from({ length: 30 }, (_, i) => `fallback-${i}@rush.example`);
    const results = await Promise.allSettled(
      emails.map((email, i) =>
        reservePlace(t.db, {
          eventId: 'rush-fallback',
          email,
          alsoInTransaction: async () => {
            if (i === 12) throw new Error('this member’s row is refused');
          },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(emails.map((_, i) => (i === 12 ? 'rejected' : 'fulfilled')));
    const rows = await t.db
      .select({ email: bookings.email })
      .from(bookings)
      .where(eq(bookings.eventId, 'rush-fallback'))
      .orderBy(asc(bookings.createdAt), asc(bookings.id));
    expect(rows.map((r) => r.email)).toEqual(emails.filter((_, i) => i !== 12));
    const positions = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.waitlistPosition] : []));
    expect(positions).toEqual([null, null, ...Array.from({ length: 27 }, (_, i) => i + 1)]);
  });

  it('a slot with guests counts 1 + guests places: the first three to arrive fill nine of ten, one place stays', async () => {
    const members = await benchMembers(t.db, 60, 'guests');
    const answers = await Promise.all(
      members.map(({ cookie, email }) =>
        t.post(
          '/api/ap-house/rsvp',
          cookie,
          conciergeBody(email, { bringingGuests: 'yes', guestCount: 2, totalAttendees: 3 }),
        ),
      ),
    );
    const placed = answers.flatMap((a, i) => (a.statusCode === 201 ? [i] : []));
    expect(placed).toEqual([0, 1, 2]);
    for (const a of answers.slice(3)) expect(a.json().code).toBe(ERROR_CODE.slotFull);
    const slot = await conciergeSlot(t.db, CONCIERGE_FIRST_SLOT.selectedDate, CONCIERGE_FIRST_SLOT.timeSlot);
    expect(slot.capacity - slot.booked).toBe(1);
    // The slot was just seen too full for three: a member alone still gets its last place.
    const [alone] = await benchMembers(t.db, 1, 'alone');
    const single = await t.post('/api/ap-house/rsvp', alone?.cookie ?? '', conciergeBody(alone?.email ?? ''));
    expect(single.statusCode).toBe(201);
  });

  it('the dynamic form path: the first five of 60 to arrive are placed, with their answers', async () => {
    const eventId = await deployedForm('rush-form', 5);
    const answers = await formRush('rush-form', await benchMembers(t.db, 60, 'form'));
    expect(answers.flatMap((a, i) => (a.statusCode === 201 ? [i] : []))).toEqual([0, 1, 2, 3, 4]);
    for (const a of answers.slice(5)) expect(a.json().code).toBe(ERROR_CODE.soldOut);
    const rows = await holding(eventId);
    expect(rows.map((r) => r.fullName)).toEqual(['Racer 0', 'Racer 1', 'Racer 2', 'Racer 3', 'Racer 4']);
  });

  it("a form rush with a waitlist: each booking's answers and sheet row are written with it, held while it waits", async () => {
    const eventId = await deployedForm('rush-sheet', 3, {
      slotConfig: { allowWaitlist: true },
      sheetMapping: {
        tab1Url: 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0',
        tab1Name: 'Form Submissions',
      },
    });
    const members = await benchMembers(t.db, 40, 'sheet');
    const answers = await formRush('rush-sheet', members);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const rows = await t.db
      .select({ id: bookings.id, status: bookings.status, fullName: bookings.fullName })
      .from(bookings)
      .where(eq(bookings.eventId, eventId))
      .orderBy(asc(bookings.createdAt), asc(bookings.id));
    expect(rows.map((r) => r.fullName)).toEqual(members.map((_, i) => `Racer ${i}`));
    const submissions = await t.db
      .select({ bookingId: dynamicSubmissions.bookingId, data: dynamicSubmissions.submissionData })
      .from(dynamicSubmissions)
      .where(eq(dynamicSubmissions.benefitId, 'rush-sheet'));
    expect(new Map(submissions.map((s) => [s.bookingId, (s.data as { fullName: string }).fullName]))).toEqual(
      new Map(rows.map((r) => [r.id, r.fullName])),
    );
    const jobs = await t.db
      .select({ payload: outboxJobs.payload, status: outboxJobs.status })
      .from(outboxJobs)
      .where(eq(outboxJobs.kind, SHEETS_APPEND));
    const jobOf = new Map(jobs.map((j) => [String(j.payload.bookingId), j.status]));
    expect(rows.map((r) => [r.status, jobOf.get(r.id)])).toEqual(
      rows.map((_, i) => (i < 3 ? ['confirmed', 'pending'] : ['waitlisted', 'held'])),
    );
  });

  it('a place released after the event was seen full is offered again at once', async () => {
    await makeEvent('rush-release', 3);
    const members = await benchMembers(t.db, 10, 'release');
    await rush(
      t.app,
      '/api/rsvp/rush-release',
      members.map((m) => m.cookie),
    );
    const late = await benchMembers(t.db, 1, 'late');
    const lateCookie = late[0]?.cookie ?? '';
    const full = await t.send('POST', '/api/rsvp/rush-release', lateCookie);
    expect(full.json().code).toBe(ERROR_CODE.soldOut);

    const [first] = await holding('rush-release');
    const cancel = await t.post(`/api/bookings/${first?.id}/cancel`, members[0]?.cookie ?? '', {});
    expect(cancel.statusCode).toBe(200);
    const again = await t.send('POST', '/api/rsvp/rush-release', lateCookie);
    expect(again.statusCode).toBe(201);
  });

  it('a check-in at the door keeps "sold out" in memory; removing a member drops it', async () => {
    await makeEvent('rush-door', 1);
    const [winner, late] = await benchMembers(t.db, 2, 'door');
    const booked = await t.send('POST', '/api/rsvp/rush-door', winner?.cookie);
    expect(booked.statusCode).toBe(201);
    const refused = await t.send('POST', '/api/rsvp/rush-door', late?.cookie);
    expect(refused.json().code).toBe(ERROR_CODE.soldOut);
    const freePlaces = () => hotCache(t.db).recall<number>('rush-door', 'free');
    expect(freePlaces()).toBe(0);

    const [pass] = await holding('rush-door');
    const staff = await t.signInStaff();
    const checkIn = await t.post('/api/admin/check-in', staff, { code: pass?.passCode, eventId: 'rush-door' });
    expect(checkIn.statusCode).toBe(200);
    expect(freePlaces()).toBe(0); // a check-in frees nothing: the rest of a rush is still answered from memory

    const admin = await t.signInAdmin();
    const removed = await t.del(`/api/admin/members/${encodeURIComponent(winner?.email ?? '')}`, admin);
    expect(removed.statusCode).toBe(200); // the member's place may go with them
    expect(freePlaces()).toBeUndefined();
  });

  it.runIf(process.env.TEST_DB_KIND === 'postgres')(
    'two instances on one PostgreSQL: exactly the places between them, and a release in one reaches the other',
    async () => {
      const second = await openDatabase({ databaseUrl: t.dbUrl ?? '' });
      const other = await buildApp({ db: second.db, database: second, config: t.config, sheets: t.sheets.gateway });
      await other.ready();
      try {
        await makeEvent('rush-two', 10);
        const members = await benchMembers(t.db, 200, 'two');
        const cookies = members.map((m) => m.cookie);
        const answers = (
          await Promise.all([
            rush(t.app, '/api/rsvp/rush-two', cookies.slice(0, 100)),
            rush(other, '/api/rsvp/rush-two', cookies.slice(100)),
          ])
        ).flat();
        expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
        expect(answers.filter((a) => a.json().code === ERROR_CODE.soldOut)).toHaveLength(190);
        expect(await holding('rush-two')).toHaveLength(10);

        // Both have seen the event full; the second is made to trust that for a minute, so only being told of a
        // release (NOTIFY), not its own time limit, can make it offer the place again.
        rememberFreePlaces(
          second.db,
          'rush-two',
          null,
          { event: 0, slot: null },
          freePlacesGeneration(second.db, 'rush-two'),
          60_000,
        );
        const [late] = await benchMembers(t.db, 1, 'two-late');
        const lateCookie = late?.cookie ?? '';
        const tryOther = () =>
          other.inject({ method: 'POST', url: '/api/rsvp/rush-two', headers: { cookie: lateCookie }, payload: {} });
        expect((await tryOther()).json().code).toBe(ERROR_CODE.soldOut);
        const [first] = await holding('rush-two');
        const owner = members.find((m) => m.email === first?.email);
        const cancel = await t.post(`/api/bookings/${first?.id}/cancel`, owner?.cookie ?? '', {});
        expect(cancel.statusCode).toBe(200);
        let answer = await tryOther();
        for (let i = 0; i < 200 && answer.statusCode !== 201; i++)
          answer = await new Promise((r) => setTimeout(r, 50)).then(tryOther);
        expect(answer.statusCode).toBe(201);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
