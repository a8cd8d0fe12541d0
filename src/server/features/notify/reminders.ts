import { and, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookingReminders, bookings, eventSlots, events } from '../../db/schema.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { type BookingPolicy, bookingTimes, type EventRow, loadPolicy, releaseUrl } from '../booking-rules/index.ts';
import { queueBookingMail } from './booking-mail.ts';

const DAY_MS = 86_400_000;
// Bookings locked per transaction: short transactions keep the engine's own row locks waiting briefly.
const LOCK_BATCH = 100;
const ID_CHUNK = 1000;

export type ReminderOutcome = 'sent' | 'skipped';
export type DueReminder = { daysBefore: number; outcome: ReminderOutcome };

/**
 * The reminders whose moment (start − d days) has passed for a future booking. Only the nearest passed one is
 * sent, and only if its moment came after the booking got its place; earlier ones (missed while the server was
 * down, or before the booking existed) are recorded as skipped so they never go out late. d = 0 never falls due.
 */
export function dueReminders(start: Date, daysBefore: number[], placedAt: Date, now: Date): DueReminder[] {
  if (start.getTime() <= now.getTime()) return [];
  const passed = [...new Set(daysBefore)]
    .filter((d) => d > 0)
    .map((d) => ({ d, at: start.getTime() - d * DAY_MS }))
    .filter((m) => m.at <= now.getTime())
    .sort((a, b) => b.at - a.at); // nearest first
  return passed.map((m, i) => ({
    daysBefore: m.d,
    outcome: i === 0 && m.at >= placedAt.getTime() ? 'sent' : 'skipped',
  }));
}

const chunks = <T>(list: T[], size: number) =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

type Row = { booking: typeof bookings.$inferSelect; slot: typeof eventSlots.$inferSelect | null };

function dueFor(row: Row, event: EventRow, policy: BookingPolicy, now: Date): DueReminder[] {
  const times = bookingTimes(event, row.slot);
  if (!times) return [];
  const placedAt = row.booking.placedAt ?? row.booking.createdAt;
  return dueReminders(times.start, policy.notifications.reminderEmails.daysBefore, placedAt, now);
}

/**
 * Records and queues the reminders that are due at `now`, each (booking, days before) exactly once: the
 * booking_reminders primary key decides, and the mail is queued in the same transaction as its row. Bookings are
 * locked FOR UPDATE SKIP LOCKED, so several instances share the work and a booking being cancelled is left for the
 * next run instead of getting a reminder for a place it just gave up.
 */
export async function runRemindersOnce(
  db: Db,
  opts: { now?: Date; portalUrl: string; releaseSecret: string },
): Promise<{ sent: number; skipped: number }> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - DAY_MS);
  const sinceDate = since.toISOString().slice(0, 10);

  // Events that may still happen: starting after yesterday, or with a dated slot from yesterday on.
  const upcoming = await db
    .select()
    .from(events)
    .where(
      or(
        gt(events.startsAt, since),
        sql`exists (select 1 from ${eventSlots} where ${eventSlots.eventId} = ${events.id} and ${eventSlots.slotDate} >= ${sinceDate})`,
      ),
    );
  // One policy read per event per run.
  const byEvent = new Map<string, { event: EventRow; policy: BookingPolicy }>();
  for (const event of upcoming) {
    const policy = await loadPolicy(db, event);
    const r = policy.notifications.reminderEmails;
    if (r.enabled && r.daysBefore.some((d) => d > 0)) byEvent.set(event.id, { event, policy });
  }
  if (byEvent.size === 0) return { sent: 0, skipped: 0 };

  // Unlocked first pass: which confirmed bookings have a due reminder that is not recorded yet.
  const candidates: Row[] = [];
  for (const ids of chunks([...byEvent.keys()], ID_CHUNK)) {
    candidates.push(
      ...(await db
        .select({ booking: bookings, slot: eventSlots })
        .from(bookings)
        .leftJoin(eventSlots, eq(bookings.slotId, eventSlots.id))
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            inArray(bookings.eventId, ids),
            or(isNull(eventSlots.slotDate), gte(eventSlots.slotDate, sinceDate)),
          ),
        )),
    );
  }
  const withDue = candidates
    .map((row) => {
      const e = byEvent.get(row.booking.eventId);
      return { id: row.booking.id, due: e ? dueFor(row, e.event, e.policy, now) : [] };
    })
    .filter((c) => c.due.length > 0);
  const recorded = new Set<string>();
  for (const ids of chunks(
    withDue.map((c) => c.id),
    ID_CHUNK,
  )) {
    const rows = await db
      .select({ bookingId: bookingReminders.bookingId, daysBefore: bookingReminders.daysBefore })
      .from(bookingReminders)
      .where(inArray(bookingReminders.bookingId, ids));
    for (const r of rows) recorded.add(`${r.bookingId}:${r.daysBefore}`);
  }
  const work = withDue.filter((c) => c.due.some((d) => !recorded.has(`${c.id}:${d.daysBefore}`))).map((c) => c.id);

  let sent = 0;
  let skipped = 0;
  for (const ids of chunks(work, LOCK_BATCH)) {
    await db.transaction(async (tx) => {
      const locked = await tx
        .select({ booking: bookings, slot: eventSlots })
        .from(bookings)
        .leftJoin(eventSlots, eq(bookings.slotId, eventSlots.id))
        .where(and(inArray(bookings.id, ids), eq(bookings.status, 'confirmed')))
        .for('update', { of: bookings, skipLocked: true });
      for (const row of locked) {
        const e = byEvent.get(row.booking.eventId);
        if (!e) continue;
        // Decided again on the locked row: the slot may have changed since the first pass.
        const due = dueFor(row, e.event, e.policy, now);
        if (due.length === 0) continue;
        const inserted = await tx
          .insert(bookingReminders)
          .values(
            due.map((d) => ({ bookingId: row.booking.id, daysBefore: d.daysBefore, outcome: d.outcome, at: now })),
          )
          .onConflictDoNothing()
          .returning();
        for (const r of inserted) {
          if (r.outcome !== 'sent') {
            skipped++;
            continue;
          }
          sent++;
          await queueBookingMail(tx, {
            kind: 'reminder',
            booking: row.booking,
            event: e.event,
            slot: row.slot,
            policy: e.policy,
            portalUrl: opts.portalUrl,
            daysBefore: r.daysBefore,
            releaseUrl: releaseUrl(opts.portalUrl, opts.releaseSecret, row.booking),
          });
        }
      }
    });
  }
  return { sent, skipped };
}

/** Runs the reminders every intervalMs (and once soon after start), one run at a time (lib/periodic.ts). */
export function startScheduler(
  db: Db,
  opts: { intervalMs: number; portalUrl: string; releaseSecret: string; log: (err: unknown) => void },
): () => Promise<void> {
  return startPeriodic(() => runRemindersOnce(db, opts), opts.intervalMs, opts.log);
}
