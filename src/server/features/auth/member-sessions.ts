import { and, eq, gt, lt } from 'drizzle-orm';
import { normaliseEmail, type SessionUser } from '../../../common/auth.ts';
import { MSG } from '../../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { authorizedEmails, sessions } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordPortalAccess } from '../analytics/access-log.ts';

export type RequestMeta = { ip: string; userAgent: string | undefined };
export type LoginLimits = { perEmail: number; perIp: number; windowMs: number };

export async function signIn(
  db: Db,
  rawEmail: string,
  meta: RequestMeta,
  opts: { sessionDays: number; limits: LoginLimits },
) {
  const email = normaliseEmail(rawEmail);
  const { perEmail, perIp, windowMs } = opts.limits;
  // Loose per IP (a whole venue shares one Wi-Fi address), tight per e-mail (DESIGN §4).
  await enforce(db, `member-login:ip:${meta.ip}`, perIp, windowMs, MSG.tooManyAttempts);
  await enforce(db, `member-login:email:${email}`, perEmail, windowMs, MSG.tooManyAttempts);

  const [member] = await db.select().from(authorizedEmails).where(eq(authorizedEmails.email, email));
  if (!member) throw new HttpError(401, MSG.notAuthorized);

  const token = newToken();
  const expiresAt = new Date(Date.now() + opts.sessionDays * 86_400_000);
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.email, email), lt(sessions.expiresAt, new Date())));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      email,
      firstName: member.firstName,
      lastName: member.lastName,
      expiresAt,
    });
    await recordPortalAccess(tx, { userEmail: email, userAgent: meta.userAgent, ipAddress: meta.ip });
  });
  const user: SessionUser = { email, firstName: member.firstName, lastName: member.lastName };
  return { token, expiresAt, user };
}

/** A member session also ends after this long without a request (the absolute expiry still holds). */
export const MEMBER_IDLE_MS = 3 * 24 * 60 * 60_000;
const TOUCH_EVERY_MS = 5 * 60_000;

export async function findSession(db: Db, token: string | undefined): Promise<SessionUser | null> {
  if (!token) return null;
  const now = Date.now();
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - MEMBER_IDLE_MS)),
      ),
    );
  if (!row) return null;
  // The idle clock is touched at most every few minutes, not on every poll.
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.id));
  return { email: row.email, firstName: row.firstName, lastName: row.lastName };
}

export async function signOut(db: Db, token: string | undefined) {
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}
