import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { normaliseEmail, type SessionUser } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#common/locales.ts';
import type { Db, Tx } from '../../db/client.ts';
import { authorizedEmails, sessions } from '../../db/schema.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { type SignInLimits, slowDown } from '../../lib/sign-in-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordPortalAccess } from './access-log.ts';

/** Who is signing in: their address, browser, and the language that browser reads in (kept if none was chosen). */
export type RequestMeta = { ip: string; userAgent: string | undefined; locale?: Locale };
export async function findMember(db: Db | Tx, email: string) {
  const [member] = await db.select().from(authorizedEmails).where(eq(authorizedEmails.email, email));
  return member ?? null;
}

type MemberRow = { email: string; firstName: string | null; lastName: string | null; locale?: string | null };

/** The session answer: the member's language only once they chose one (the spec's answer is unchanged before). */
const sessionUser = (m: MemberRow): SessionUser => ({
  email: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  ...(m.locale ? { locale: m.locale } : {}),
});

/** Opens a session for a member in the caller's transaction: every way of signing in ends here. */
export async function startSession(tx: Tx, member: MemberRow, meta: RequestMeta, sessionDays: number) {
  const { email } = member;
  // A member who never chose a language keeps the one they sign in with, so mails follow the portal (decision 061).
  const adopted = !member.locale && meta.locale && meta.locale !== DEFAULT_LOCALE ? meta.locale : null;
  if (adopted)
    await tx
      .update(authorizedEmails)
      .set({ locale: adopted })
      .where(and(eq(authorizedEmails.email, email), isNull(authorizedEmails.locale)));
  const locale = member.locale ?? adopted;
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionDays * 86_400_000);
  await tx.delete(sessions).where(and(eq(sessions.email, email), lt(sessions.expiresAt, new Date())));
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    email,
    firstName: member.firstName,
    lastName: member.lastName,
    locale,
    expiresAt,
  });
  await recordPortalAccess(tx, { userEmail: email, userAgent: meta.userAgent, ipAddress: meta.ip });
  const user = sessionUser({ ...member, email, locale });
  return { token, expiresAt, user };
}

/**
 * The spec's sign-in (MEMBER_LOGIN=email): a listed e-mail is enough, so a listed member is never refused (there
 * is no secret to guess, and the answer already tells listed from unlisted). Unlisted e-mails are slowed per
 * e-mail and address, and per address, so one stranger on a venue's Wi-Fi slows only the guessing of addresses.
 */
export async function signIn(
  db: Db,
  rawEmail: string,
  meta: RequestMeta,
  opts: { sessionDays: number; limits: SignInLimits },
) {
  const email = normaliseEmail(rawEmail);
  const member = await findMember(db, email);
  if (!member) {
    const { perAccountAndIp, perIp, windowMs } = opts.limits;
    const tooManyAttempts = words('srv.auth.tooManyAttempts');
    await slowDown(db, `member-login:unlisted:${email}:${meta.ip}`, perAccountAndIp, windowMs, tooManyAttempts);
    await slowDown(db, `member-login:unlisted-ip:${meta.ip}`, perIp, windowMs, tooManyAttempts);
    throw new HttpError(401, words('srv.auth.notAuthorized'), ERROR_CODE.notAuthorized);
  }
  return db.transaction((tx) => startSession(tx, member, meta, opts.sessionDays));
}

/** A member session also ends after this long without a request (the absolute expiry still holds). */
export const MEMBER_IDLE_MS = 3 * 24 * 60 * 60_000;
const TOUCH_EVERY_MS = 5 * 60_000;

export async function findSession(db: Db, token: string | undefined): Promise<SessionUser | null> {
  return token ? ((await lookupSession(db, token, Date.now()))?.user ?? null) : null;
}

type SessionRow = typeof sessions.$inferSelect;

/** Sessions asked for in the same turn are read with one query: a crowd's sign-in checks do not queue one by one. */
const sessionRows = perDatabase((db: Db) =>
  batchLoader<SessionRow>(async (hashes) => {
    const now = Date.now();
    const rows = await db
      .select()
      .from(sessions)
      .where(
        and(
          inArray(sessions.tokenHash, hashes),
          gt(sessions.expiresAt, new Date(now)),
          gt(sessions.lastSeenAt, new Date(now - MEMBER_IDLE_MS)),
        ),
      );
    return new Map(rows.map((r) => [r.tokenHash, r]));
  }),
);

async function lookupSession(db: Db, token: string, now: number) {
  const row = await sessionRows(db)(hashToken(token));
  if (!row) return null;
  let lastSeen = row.lastSeenAt.getTime();
  // The idle clock is touched at most every few minutes, not on every poll.
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.id));
    lastSeen = now;
  }
  const user = sessionUser(row);
  return { user, endsAt: Math.min(row.expiresAt.getTime(), lastSeen + MEMBER_IDLE_MS) };
}

/**
 * Read-only requests (GET, HEAD) may trust a session the database confirmed this recently, so a
 * dashboard load or a poll costs no session query. Sign-out and member removal in this process drop
 * the entry at once; a session ended elsewhere (another instance, the CLI) still answers reads for
 * at most this long. Writes and GET /api/auth/session always ask the database.
 */
export const SESSION_READ_CACHE_MS = 2_000;
const READ_CACHE_MAX = 20_000;

type ReadCache = { entries: Map<string, { user: SessionUser; until: number }>; generation: number; swept: number };
const readCache = perDatabase((): ReadCache => ({ entries: new Map(), generation: 0, swept: 0 }));

/** The session a read may trust without a query (see findSessionForRead), or undefined when the database must say. */
export function recallSessionForRead(db: Db, token: string | undefined): SessionUser | null | undefined {
  if (!token) return null;
  // Keyed by the token itself: a hit costs no hashing; entries are swept within seconds of going stale.
  const hit = readCache(db).entries.get(token);
  return hit && hit.until > Date.now() ? hit.user : undefined;
}

export async function findSessionForRead(db: Db, token: string | undefined): Promise<SessionUser | null> {
  const recalled = recallSessionForRead(db, token);
  if (recalled !== undefined || !token) return recalled ?? null;
  const cache = readCache(db);
  const now = Date.now();
  const generation = cache.generation;
  const found = await lookupSession(db, token, now);
  if (!found) {
    cache.entries.delete(token);
    return null;
  }
  // A sign-out that ran while this lookup was out wins: its answer is not kept.
  if (cache.generation === generation) {
    if (now - cache.swept > SESSION_READ_CACHE_MS * 5 || cache.entries.size >= READ_CACHE_MAX) {
      for (const [k, e] of cache.entries) if (e.until <= now) cache.entries.delete(k);
      if (cache.entries.size >= READ_CACHE_MAX) cache.entries.clear();
      cache.swept = now;
    }
    cache.entries.set(token, { user: found.user, until: Math.min(now + SESSION_READ_CACHE_MS, found.endsAt) });
  }
  return found.user;
}

/** Forgets cached sessions: one token's, or every session of one member. */
export function forgetSessions(db: Db, which: { token?: string; email?: string }) {
  const cache = readCache(db);
  cache.generation++;
  if (which.token) cache.entries.delete(which.token);
  if (which.email)
    for (const [key, entry] of cache.entries) if (entry.user.email === which.email) cache.entries.delete(key);
}

export async function signOut(db: Db, token: string | undefined) {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  forgetSessions(db, { token });
}

/** The member's language, on their profile and every open session of theirs (decision 059). */
export async function saveMemberLocale(db: Db, email: string, locale: string) {
  await db.transaction(async (tx) => {
    await tx.update(authorizedEmails).set({ locale }).where(eq(authorizedEmails.email, email));
    await tx.update(sessions).set({ locale }).where(eq(sessions.email, email));
  });
  forgetSessions(db, { email });
}

/** Each address's chosen language (decision 061): what goes out to them is written in it; absent ones read English. */
export async function memberLocales(db: Db | Tx, emails: string[]): Promise<Map<string, Locale>> {
  const wanted = [...new Set(emails)];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ email: authorizedEmails.email, locale: authorizedEmails.locale })
    .from(authorizedEmails)
    .where(inArray(authorizedEmails.email, wanted));
  return new Map(rows.flatMap((r) => (isLocale(r.locale) ? [[r.email, r.locale] as const] : [])));
}
