import { and, eq, gt, ne } from 'drizzle-orm';
import { ADMIN_MSG } from '#common/admin.ts';
import { normaliseEmail } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { StaffRole } from '#common/passes.ts';
import type { SignInStep } from '#common/two-factor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminSessions, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type GuardedSecret, guardedAttempt, type SignInLimits } from '../../lib/sign-in-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { hasPasskeys } from './passkeys.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { tellAdminUnderAttack, tellNewDevice } from './sign-in-alerts.ts';
import { twoFactorRequired } from './sign-in-policy.ts';

export type SignedInAdmin = { email: string; sessionId: string; userId: string; role: StaffRole };
/** A session as stored, signed in or half (awaiting its second factor or its set-up, decision 056). */
export type AnySession = SignedInAdmin & { pending: SignInStep | null };

export const ADMIN_IDLE_MS = 2 * 60 * 60_000;
export const ADMIN_ABSOLUTE_MS = 12 * 60 * 60_000;
/** A half-signed-in session lasts long enough to open an app or set one up, no longer. */
export const PENDING_MS = 15 * 60_000;

/** Admin passwords: wrong ones slow that account from that address (or device); many tell the admin. */
const ADMIN_PASSWORD: GuardedSecret = {
  kind: 'admin-login',
  perIp: true,
  message: ADMIN_MSG.tooManyAttempts,
  onAttack: tellAdminUnderAttack,
};

export type SignInWho = {
  ip: string;
  userAgent: string | undefined;
  limits: SignInLimits;
  /** What the browser's device cookie says for this e-mail (lib/device-cookie.ts), if anything. */
  device: (email: string) => string | null;
  /** The key TOTP secrets are sealed with (lib/secret-box.ts). */
  totpKey: Buffer;
};

/** Checks an account's password (guarded, decision 019); the caller decides what the sign-in needs next. */
export async function checkPassword(db: Db, email: string, password: string, who: SignInWho) {
  return guardedAttempt(
    db,
    ADMIN_PASSWORD,
    { account: email, ip: who.ip, limits: who.limits, device: who.device(email) },
    async () => {
      const [row] = await db.select().from(users).where(eq(users.username, email));
      // Unknown e-mails still pay for one hash check, so timing does not reveal which accounts exist.
      const ok = await verifyPassword(row?.password ?? (await dummyHash()), password);
      if (!row || !ok) throw new HttpError(401, ADMIN_MSG.invalidCredentials, ERROR_CODE.invalidCredentials);
      return row;
    },
    (err) => err instanceof HttpError && err.code === ERROR_CODE.invalidCredentials,
  );
}

/**
 * The password is the whole sign-in only for an account without a second factor that the organiser does not
 * require one of; otherwise the session opens half-way (`next`) and reaches only the next step's routes.
 */
export async function signInAdmin(db: Db, rawEmail: string, password: string, who: SignInWho) {
  const email = normaliseEmail(rawEmail);
  const user = await checkPassword(db, email, password, who);
  const next: SignInStep | null =
    user.totpSecret || (await hasPasskeys(db, { userId: user.id }))
      ? 'factor'
      : (await twoFactorRequired(db, user.role))
        ? 'setup'
        : null;
  const session = await db.transaction(async (tx) => {
    const opened = await openSession(tx, user.id, next, who);
    if (!next) await signedIn(tx, { id: user.id, email, signedInAt: user.signedInAt }, who);
    return opened;
  });
  return { ...session, email, role: user.role, next };
}

/** A sign-in that a passkey made whole by itself (the authenticator verified its user): a full session. */
export async function signInWithPasskey(db: Db, userId: string, who: SignInWho) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, ADMIN_MSG.invalidCredentials, ERROR_CODE.invalidCredentials);
  const session = await db.transaction(async (tx) => {
    const opened = await openSession(tx, user.id, null, who);
    await signedIn(tx, { id: user.id, email: user.username, signedInAt: user.signedInAt }, who);
    return opened;
  });
  return { ...session, email: user.username, role: user.role };
}

async function openSession(tx: Tx, userId: string, pending: SignInStep | null, who: SignInWho) {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + (pending ? PENDING_MS : ADMIN_ABSOLUTE_MS));
  await tx.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    lastSeenAt: new Date(now),
    pending,
    userAgent: who.userAgent?.slice(0, 512) ?? null,
    ipAddress: who.ip,
  });
  return { token, expiresAt };
}

/** A full sign-in: remembered, and its owner mailed when it comes from a browser without the account's device cookie. */
async function signedIn(tx: Tx, user: { id: string; email: string; signedInAt: Date | null }, who: SignInWho) {
  await tx.update(users).set({ signedInAt: new Date() }).where(eq(users.id, user.id));
  // The very first sign-in has nothing to compare with: the account was just made for this person.
  if (user.signedInAt && !who.device(user.email))
    await tellNewDevice(tx, user.email, { userAgent: who.userAgent, ip: who.ip });
}

/**
 * A half-signed-in session becomes a full one, under a new token (the half one's cookie opens nothing more): after
 * its second factor, or after setting one up.
 */
export async function completeSignIn(db: Db, session: AnySession, who: SignInWho) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + ADMIN_ABSOLUTE_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(adminSessions)
      .set({ tokenHash: hashToken(token), pending: null, expiresAt, lastSeenAt: new Date() })
      .where(eq(adminSessions.id, session.sessionId));
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    if (user) await signedIn(tx, { id: user.id, email: user.username, signedInAt: user.signedInAt }, who);
  });
  return { token, expiresAt };
}

/** The session behind a token, signed in or half, within its idle and absolute limits. */
export async function findSession(db: Db, token: string | undefined): Promise<AnySession | null> {
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
  const { id, userId, pending } = row.session;
  return { email: row.email, sessionId: id, userId, role: row.role, pending: pending ?? null };
}

/** The admin behind a token, only if fully signed in: a half-signed-in session reaches no admin route. */
export async function findAdmin(db: Db, token: string | undefined): Promise<SignedInAdmin | null> {
  const session = await findSession(db, token);
  if (!session || session.pending) return null;
  const { pending: _, ...admin } = session;
  return admin;
}

export async function signOutAdmin(db: Db, token: string | undefined) {
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** Ends an account's sessions but `keep` (the one asking): after a password change or a factor's removal. */
export async function endOtherSessions(db: Db | Tx, userId: string, keep: string | null) {
  const rows = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.userId, userId), keep ? ne(adminSessions.id, keep) : undefined))
    .returning({ id: adminSessions.id });
  return rows.length;
}
