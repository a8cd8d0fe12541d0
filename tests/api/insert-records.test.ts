import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../src/server/db/client.ts';
import { insertRecords, RECORD } from '../../src/server/db/insert-records.ts';
import { bookings, outboxJobs } from '../../src/server/db/schema.ts';
import { createTestEvent } from '../support/events.ts';
import { createTestDatabase } from '../support/test-db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await createTestEvent(database.db, 'records', { capacity: 100, bookingForm: 'none', hours: 1 });
});
afterAll(() => database.close());

/** Text that breaks naive quoting: quotes, backslashes, braces, commas, a literal NULL, RTL and astral characters. */
const HOSTILE = [
  `O'Brien "the \\ quoted"`,
  '{a,b},{"c"}',
  'NULL',
  '',
  'שלום, мир 🎟️ \u202e',
  'line\nbreak\ttab',
  '$1 $$ ::json',
];

const bookingRow = (email: string, i: number) => ({
  id: randomUUID(),
  eventId: 'records',
  email,
  firstName: HOSTILE[i % HOSTILE.length] ?? null,
  lastName: i % 2 ? null : 'Lovelace',
  fullName: HOSTILE[(i + 3) % HOSTILE.length] ?? null,
  phoneNumber: null,
  slotId: null,
  guestCount: i % 3,
  places: 1 + (i % 3),
  status: i % 2 ? 'waitlisted' : 'confirmed',
  passCode: i % 2 ? null : `PASS${i}${randomUUID().slice(0, 8)}`,
  placedAt: i % 2 ? null : new Date(Date.UTC(2031, 8, 29, 10, 0, 0, 123 + i)),
  data: { answer: HOSTILE[i % HOSTILE.length], nested: { list: [1, 'two', null], flag: i % 2 === 0 } },
});

/** What a stored booking says, without what the database makes up (ids, clocks). */
const content = ({ id, createdAt, updatedAt, ...rest }: typeof bookings.$inferSelect) => rest;

describe('insertRecords', () => {
  it('stores and returns exactly what drizzle’s own insert does, hostile text and JSON included', async () => {
    const rows = HOSTILE.map((_, i) => bookingRow(`records-${i}@example.com`, i));
    const mine = await insertRecords(database.db, bookings, rows);
    const theirs = await database.db
      .insert(bookings)
      .values(
        rows.map((r, i) => ({
          ...r,
          id: randomUUID(),
          email: `drizzle-${i}@example.com`,
          passCode: r.passCode && `${r.passCode}d`,
        })),
      )
      .returning();
    expect(mine).toHaveLength(rows.length);
    for (const [i, row] of mine.entries()) {
      const twin = theirs[i] as typeof bookings.$inferSelect;
      expect({ ...content(row), email: '', passCode: null }).toEqual({ ...content(twin), email: '', passCode: null });
      expect(row.id).toBe(rows[i]?.id);
      expect(row.passCode).toBe(rows[i]?.passCode);
      expect(row.createdAt).toBeInstanceOf(Date);
      expect(row.placedAt?.getTime() ?? null).toBe(rows[i]?.placedAt?.getTime() ?? null);
    }
    // Read back through drizzle: the same values as returned.
    const stored = await database.db.select().from(bookings).where(sql`${bookings.email} like 'records-%'`);
    expect(stored.map(content).sort((a, b) => a.email.localeCompare(b.email))).toEqual(
      mine.map(content).sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('computes columns per record in list order, and leaves the rest to their defaults', async () => {
    const base = sql`'2031-01-01T00:00:00Z'::timestamptz`;
    const rows = [0, 1, 2].map((i) => bookingRow(`records-order-${i}@example.com`, i));
    const inserted = await insertRecords(database.db, bookings, rows, {
      computed: { createdAt: sql`${base} + ${RECORD}.ord * interval '1 microsecond'` },
    });
    const byEmail = new Map(inserted.map((r) => [r.email, r]));
    const times = rows.map((r) => byEmail.get(r.email)?.createdAt.toISOString());
    expect(times).toEqual(['2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z']);
    const list = rowsOf<{ email: string; us: number }>(
      await database.db.execute(
        sql`select email, extract(microseconds from ${bookings.createdAt})::int as us from ${bookings} where ${bookings.email} like 'records-order-%' order by ${bookings.createdAt}`,
      ),
    );
    expect(list.map((r) => [r.email, Number(r.us)])).toEqual(rows.map((r, i) => [r.email, i + 1]));
    for (const row of inserted) {
      expect(row.calendarSequence).toBe(0); // the column's default
      expect(row.updatedAt).toBeInstanceOf(Date);
    }
  });

  it('works for any table: outbox jobs with JSON payloads, ids and statuses from their defaults', async () => {
    const payloads = HOSTILE.map((text, i) => ({
      purpose: 'waitlisted',
      to: `p${i}@example.com`,
      text,
      html: `<p>${text}</p>`,
    }));
    const jobs = await insertRecords(
      database.db,
      outboxJobs,
      payloads.map((payload) => ({ kind: 'mail.send', payload, status: 'pending' })),
    );
    expect(jobs.map((j) => j.payload)).toEqual(payloads);
    for (const job of jobs)
      expect(job).toMatchObject({ kind: 'mail.send', status: 'pending', attempts: 0, attendeeMessageId: null });
  });

  it('inserts nothing for no rows, refuses a row that leaves out a column another gives and what it cannot encode', async () => {
    expect(await insertRecords(database.db, outboxJobs, [])).toEqual([]);
    await expect(
      insertRecords(database.db, outboxJobs, [
        { kind: 'a', payload: {} },
        { kind: 'b', payload: {}, status: 'pending' },
      ]),
    ).rejects.toThrow(/row 0 leaves out status/);
    expect(
      await insertRecords(database.db, outboxJobs, [{ kind: 'quiet', payload: {}, status: 'pending' }], {
        returning: false,
      }),
    ).toEqual([]);
    const computedElsewhere = { computed: { nowhere: sql`1` } } as unknown as Parameters<typeof insertRecords>[3];
    await expect(
      insertRecords(database.db, outboxJobs, [{ kind: 'c', payload: {}, status: 'pending' }], computedElsewhere),
    ).rejects.toThrow(/computed nowhere is not a column/);
    // What it cannot do as drizzle does, it refuses before any SQL: defaults made in JS, array columns.
    const jsDefaults = pgTable('js_defaults', { id: text('id').$defaultFn(() => 'made in JS'), name: text('name') });
    await expect(insertRecords(database.db, jsDefaults, [{ name: 'a' }])).rejects.toThrow(/default made in JS/);
    const arrays = pgTable('arrays', { tags: text('tags').array() });
    await expect(insertRecords(database.db, arrays, [{ tags: ['a'] }])).rejects.toThrow(/array column/);
  });
});
