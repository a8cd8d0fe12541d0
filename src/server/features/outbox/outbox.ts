import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { insertRecords } from '../../db/insert-records.ts';
import { outboxJobs } from '../../db/schema.ts';
import { noteIfStorageFull } from '../../lib/storage-full.ts';

/** attempt counts from 1; jobId is stable across retries (the mail handler derives its Message-ID from it). */
export type OutboxHandler = (payload: Record<string, unknown>, attempt: number, jobId: string) => Promise<void>;

export const MAX_ATTEMPTS = 12;
const BATCH = 20;
// A claimed job is hidden this long; if its worker dies, another instance picks it up after.
const LEASE_MS = 60_000;
/** 5 s, 10 s, 20 s ... capped at 30 minutes. */
export const backoffMs = (attempt: number) => Math.min(30 * 60_000, 5000 * 2 ** Math.max(0, attempt - 1));

/**
 * Queues a job inside the caller's transaction: it exists exactly when the booking does. A held job (status
 * 'held', e.g. the sheet row of a waitlisted booking) waits until releaseHeld() or dropHeld() decides its fate.
 */
export async function enqueue(
  tx: Db | Tx,
  kind: string,
  payload: Record<string, unknown>,
  opts: { held?: boolean } = {},
) {
  await enqueueAll(tx, kind, [{ payload, held: opts.held }]);
}

const INSERT_CHUNK = 500;

/** Queues many jobs of one kind in the caller's transaction, chunked so no statement grows without bound. */
export async function enqueueMany(
  tx: Db | Tx,
  kind: string,
  payloads: Record<string, unknown>[],
  opts: { attendeeMessageId?: string } = {},
) {
  await enqueueAll(
    tx,
    kind,
    payloads.map((payload) => ({ payload })),
    opts,
  );
}

/** Jobs of one kind, each held or not, in one statement per chunk. */
export async function enqueueAll(
  tx: Db | Tx,
  kind: string,
  jobs: { payload: Record<string, unknown>; held?: boolean }[],
  opts: { attendeeMessageId?: string } = {},
) {
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
    const chunk = jobs.slice(i, i + INSERT_CHUNK);
    await insertRecords(
      tx,
      outboxJobs,
      chunk.map(({ payload, held }) => ({
        kind,
        payload,
        status: held ? 'held' : 'pending',
        attendeeMessageId: opts.attendeeMessageId,
      })),
      { returning: false },
    );
  }
}

// One booking, or many as one JSON parameter (a fair draw decides thousands at once).
const heldFor = (bookingId: string | string[]) =>
  and(
    eq(outboxJobs.status, 'held'),
    typeof bookingId === 'string'
      ? sql`${outboxJobs.payload}->>'bookingId' = ${bookingId}`
      : sql`${outboxJobs.payload}->>'bookingId' in (select jsonb_array_elements_text(${JSON.stringify(bookingId)}::jsonb))`,
  );

/** The booking got its place: its held jobs go out now. */
export async function releaseHeld(tx: Db | Tx, bookingId: string | string[]) {
  await tx.update(outboxJobs).set({ status: 'pending', nextAttemptAt: new Date() }).where(heldFor(bookingId));
}

/** Rewrites the payloads of a booking's held jobs of one kind (nothing has gone out yet: they may still change). */
export async function rewriteHeld(
  tx: Db | Tx,
  bookingId: string,
  kind: string,
  rewrite: (payload: Record<string, unknown>) => Record<string, unknown>,
) {
  const held = await tx
    .select({ id: outboxJobs.id, payload: outboxJobs.payload })
    .from(outboxJobs)
    .where(and(eq(outboxJobs.kind, kind), heldFor(bookingId)));
  for (const job of held)
    await tx
      .update(outboxJobs)
      .set({ payload: rewrite(job.payload) })
      .where(eq(outboxJobs.id, job.id));
}

/** The booking ended before it got a place: its held jobs never go out. */
export async function dropHeld(tx: Db | Tx, bookingId: string | string[]) {
  await tx.update(outboxJobs).set({ status: 'dropped', doneAt: new Date() }).where(heldFor(bookingId));
}

/**
 * Claims due jobs with FOR UPDATE SKIP LOCKED (several instances never take the same job),
 * leases them, runs each handler, and records success or a retry with backoff.
 */
export async function runOutboxOnce(
  db: Db,
  handlers: Record<string, OutboxHandler>,
): Promise<{ done: number; failed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxJobs.id })
      .from(outboxJobs)
      // Only kinds this process can run: a worker without a mail handler leaves mail to one that has it.
      .where(
        and(
          eq(outboxJobs.status, 'pending'),
          lte(outboxJobs.nextAttemptAt, new Date()),
          inArray(outboxJobs.kind, Object.keys(handlers)),
        ),
      )
      .orderBy(outboxJobs.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxJobs)
      .set({ nextAttemptAt: new Date(Date.now() + LEASE_MS), attempts: sql`${outboxJobs.attempts} + 1` })
      .where(
        inArray(
          outboxJobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  let done = 0;
  let failed = 0;
  // UPDATE … RETURNING gives no order: a booking's cancellation must not go out before its confirmation.
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  for (const job of claimed) {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      await handler(job.payload, job.attempts, job.id);
      await db
        .update(outboxJobs)
        .set({ status: 'done', doneAt: new Date(), lastError: null })
        .where(eq(outboxJobs.id, job.id));
      done++;
    } catch (err) {
      failed++;
      noteIfStorageFull(db, err); // an .eml that found the disk full: /readyz says so for a while (decision 048)
      const gaveUp = job.attempts >= MAX_ATTEMPTS;
      await db
        .update(outboxJobs)
        .set({
          status: gaveUp ? 'failed' : 'pending',
          lastError: String((err as Error).message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffMs(job.attempts)),
        })
        .where(eq(outboxJobs.id, job.id));
    }
  }
  return { done, failed };
}

/** Polls the outbox until stopped; one run at a time per process. */
export function startOutboxWorker(
  db: Db,
  handlers: Record<string, OutboxHandler>,
  intervalMs: number,
  log: (e: unknown) => void,
) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      stopped
        ? undefined
        : runOutboxOnce(db, handlers).catch((err: unknown) => {
            noteIfStorageFull(db, err); // its own bookkeeping found the disk full (decision 048)
            log(err);
          }),
    );
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

export async function listOutbox(db: Db, statuses: string[] = ['pending', 'failed'], kinds?: string[]) {
  return db
    .select()
    .from(outboxJobs)
    .where(and(inArray(outboxJobs.status, statuses), kinds ? inArray(outboxJobs.kind, kinds) : undefined))
    .orderBy(outboxJobs.createdAt)
    .limit(500);
}

/** An admin's "try again now" for failed jobs (of one kind, when given); answers how many. */
export async function retryFailed(db: Db, kind?: string): Promise<number> {
  const rows = await db
    .update(outboxJobs)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(outboxJobs.status, 'failed'), kind ? eq(outboxJobs.kind, kind) : undefined))
    .returning({ id: outboxJobs.id });
  return rows.length;
}
