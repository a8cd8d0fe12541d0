import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#common/audit-actions.ts';
import { afterCommit, inTransaction } from '../db/after-commit.ts';
import type { Db, Tx } from '../db/client.ts';
import { adminAudit } from '../db/schema.ts';
import { adminOf } from './admin-of.ts';
import { hotCache } from './hot-cache.ts';

/** What an admin did, in words an auditor reads, and to what. */
export type AuditEntry = {
  action: AuditAction;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
  /** The change cannot free a place or change a booking rule (a check-in, an export): remembered "full" stays. */
  leavesPlaces?: true;
};

/**
 * Runs an admin's change and writes its audit row in the same transaction: a change that commits is
 * recorded, and one whose record cannot be written does not happen. `entry` may read the change's result
 * (e.g. the id of what was created), so it comes after the work.
 */
export async function audited<T>(
  db: Db,
  req: FastifyRequest,
  work: (tx: Tx) => Promise<T>,
  entry: AuditEntry | ((result: NoInfer<T>) => AuditEntry),
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const result = await work(tx);
    const recorded = typeof entry === 'function' ? entry(result) : entry;
    await recordAudit(tx, req, recorded);
    // Any other admin change may free places or change an event's rules: no instance answers "sold out" from memory.
    if (!recorded.leavesPlaces) afterCommit(tx, (root) => hotCache(root).forgetFacts());
    return result;
  });
}

/**
 * Writes the audit row inside a transaction someone else opened: the RSVP engine's own, which it opens only after its
 * turn in the event's queue (an outer transaction would hold a database connection idle while it waits there).
 */
export async function recordAudit(tx: Tx, req: FastifyRequest, entry: AuditEntry) {
  const { action, targetType, targetId = null, details } = entry;
  await tx.insert(adminAudit).values({
    adminEmail: adminOf(req).email,
    action,
    targetType,
    targetId,
    details: details ?? null,
  });
}
