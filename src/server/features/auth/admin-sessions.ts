import { and, eq, gt } from 'drizzle-orm';
import { ADMIN_MSG } from '#common/admin.ts';
import { normaliseEmail } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { StaffRole } from '#common/passes.ts';
import type { Db } from '../../db/client.ts';
import { adminSessions, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type GuardedSecret, guardedAttempt, type SignInLimits } from '../../lib/sign-in-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { tellAdminUnderAttack } from './sign-in-alerts.ts';

export type SignedInAdmin = { email: string; sessionId: string; role: StaffRole };

export const ADMIN_IDLE_MS = 2 * 60 * 60_000;
export const ADMIN_ABSOLUTE_MS = 12 * 60 * 60_000;
// Unknown e-mails still pay for one hash check, so timing does not reveal which accounts exist.
const DUMMY_HASH = hashPassword('not-a-real-password-for-timing');

/** Admin passwords: wrong ones slow that account from that address (or device); many tell the admin. */
const ADMIN_PASSWORD: GuardedSecret = {
  kind: 'admin-login',
  perIp: true,
  message: ADMIN_MSG.tooManyAttempts,
  onAttack: tellAdminUnderAttack,
};

/** `device`: what the browser's device cookie says for this e-mail (lib/device-cookie.ts), if anything. */
export async function signInAdmin(
  db: Db,
  rawEmail: string,
  password: string,
  who: { ip: string; limits: SignInLimits; device: (email: string) => string | null },
) {
  const email = normaliseEmail(rawEmail);
  const user = await guardedAttempt(
    db,
    ADMIN_PASSWORD,
    { account: email, ip: who.ip, limits: who.limits, device: who.device(email) },
    async () => {
      const [row] = await db.select().from(users).where(eq(users.username, email));
      const ok = await verifyPassword(row?.password ?? (await DUMMY_HASH), password);
      if (!row || !ok) throw new HttpError(401, ADMIN_MSG.invalidCredentials, ERROR_CODE.invalidCredentials);
      return row;
    },
    (err) => err instanceof HttpError && err.code === ERROR_CODE.invalidCredentials,
  );
  const token = newToken();
  const now = Date.now();
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now + ADMIN_ABSOLUTE_MS),
    lastSeenAt: new Date(now),
  });
  return { token, email, role: user.role, expiresAt: new Date(now + ADMIN_ABSOLUTE_MS) };
}

/** The admin behind a token, if the session is within both its idle and absolute limits. */
export async function findAdmin(db: Db, token: string | undefined): Promise<SignedInAdmin | null> {
  if (!token) return null;
  const now = new Date();
  const [row] = await db
    .select({ session: adminSessions, email: users.username, role: users.role })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > ADMIN_IDLE_MS) {
    await db.delete(adminSessions).where(eq(adminSessions.id, row.session.id));
    return null;
  }
  // Touch at most once a minute: the idle clock does not need a write per request.
  if (now.getTime() - row.session.lastSeenAt.getTime() > 60_000) {
    await db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, row.session.id));
  }
  return { email: row.email, sessionId: row.session.id, role: row.role };
}

export async function signOutAdmin(db: Db, token: string | undefined) {
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}
