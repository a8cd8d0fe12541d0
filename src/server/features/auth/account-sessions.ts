import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminSessions, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { placeOf } from '../../lib/ip-place.ts';
import { type AnySession, endOtherSessions } from './admin-sessions.ts';
import { deviceLabel } from './device-label.ts';
import { hashPassword } from './passwords.ts';

/** An account's signed-in sessions, newest use first (half-signed-in ones are not devices yet). */
export async function listSessions(db: Db, session: AnySession) {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, session.userId),
        isNull(adminSessions.pending),
        gt(adminSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(adminSessions.lastSeenAt));
  return rows.map((r) => ({
    id: r.id,
    device: deviceLabel(r.userAgent),
    address: r.ipAddress,
    place: placeOf(r.ipAddress),
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === session.sessionId,
  }));
}

/** Ends one of the account's own sessions (any but a stranger's: the id must be the account's). */
export async function endSession(tx: Tx, session: AnySession, id: string) {
  const ended = await tx
    .delete(adminSessions)
    .where(and(eq(adminSessions.id, id), eq(adminSessions.userId, session.userId)))
    .returning({ id: adminSessions.id });
  if (ended.length === 0) throw new HttpError(404, TWO_FACTOR_MSG.sessionUnknown, ERROR_CODE.notFound);
}

/** A new password (the current one checked first, confirmPassword); every other session of the account ends at once. */
export async function changePassword(tx: Tx, session: AnySession, next: string) {
  await setPassword(tx, session.userId, next);
  return endOtherSessions(tx, session.userId, session.sessionId);
}

export async function setPassword(db: Db | Tx, userId: string, password: string) {
  await db
    .update(users)
    .set({ password: await hashPassword(password) })
    .where(eq(users.id, userId));
}
