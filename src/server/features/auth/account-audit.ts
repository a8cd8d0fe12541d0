import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '#common/audit-actions.ts';
import type { Db, Tx } from '../../db/client.ts';
import { audited } from '../../lib/audited.ts';
import { accountOf } from './admin-guard.ts';
import type { AnySession } from './admin-sessions.ts';

/**
 * Runs a change to the signed-in account (its Security routes), audited against the account in the change's
 * transaction; a number the change answers is the sessions it ended, an object its details.
 */
export function onAccount<T>(
  db: Db,
  req: FastifyRequest,
  action: AuditAction,
  work: (tx: Tx, session: AnySession) => Promise<T>,
) {
  const session = accountOf(req);
  return audited(
    db,
    req,
    (tx) => work(tx, session),
    (result) => ({
      action,
      targetType: 'account',
      targetId: session.email,
      details:
        typeof result === 'number'
          ? { sessionsEnded: result }
          : result && typeof result === 'object' && !Array.isArray(result)
            ? (result as Record<string, unknown>)
            : undefined,
      leavesPlaces: true,
    }),
  );
}
