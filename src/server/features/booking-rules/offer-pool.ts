import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { lowPoolThreshold } from '#common/offer-codes.ts';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { bookings, events, offerCodes, offerCodeUploads, offerPools, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { enqueueMails } from '../outbox/index.ts';

// The engine's side of offer code pools (decision 029): a claim takes one unused code in its transaction.

export type PoolRow = typeof offerPools.$inferSelect;

/** The offer's pool, or null when it has none (claimed as a flag, as before). */
export async function poolOf(db: Db | Tx, benefitId: string | null): Promise<PoolRow | null> {
  if (!benefitId) return null;
  const [pool] = await db.select().from(offerPools).where(eq(offerPools.benefitId, benefitId));
  return pool ?? null;
}

/** A code of a finished upload: one still being written (or failed) is counted and handed out by nobody (decision 048). */
export const visibleCode = sql`not exists (select 1 from ${offerCodeUploads} where ${offerCodeUploads.id} = ${offerCodes.uploadId})`;

/** These codes of the offer's pool. */
export const codesIn = (benefitId: string, codes: string[]) =>
  and(eq(offerCodes.benefitId, benefitId), inArray(offerCodes.code, codes));

/** The claim window: 409 claim_window before it opens or after it closes. */
export function refuseOutsideWindow(pool: PoolRow, timeZone: string, now = new Date()) {
  if (pool.claimOpensAt && now < pool.claimOpensAt)
    throw new HttpError(
      409,
      words('srv.offer.notOpenYet', { when: { at: pool.claimOpensAt, timeZone } }),
      ERROR_CODE.claimWindow,
    );
  if (pool.claimClosesAt && now >= pool.claimClosesAt)
    throw new HttpError(409, words('srv.offer.closed'), ERROR_CODE.claimWindow);
}

/** 409 claim_limit once a member holds as many claims as the offer allows. */
export function refuseOverLimit(pool: PoolRow, claims: number) {
  if (claims >= pool.perMemberLimit)
    throw new HttpError(
      409,
      pool.perMemberLimit === 1
        ? words('srv.offer.limitReachedOnce')
        : words('srv.offer.limitReached', { n: pool.perMemberLimit }),
      ERROR_CODE.claimLimit,
    );
}

/** Active claims (confirmed, pending, waitlisted) per member over every event of the offer. */
export async function claimsOf(db: Db | Tx, benefitId: string, emails: string[]): Promise<Map<string, number>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: bookings.email, n: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(
      and(eq(events.benefitId, benefitId), inArray(bookings.email, emails), inArray(bookings.status, ACTIVE_STATUSES)),
    )
    .groupBy(bookings.email);
  return new Map(rows.map((r) => [r.email, Number(r.n)]));
}

/** What the engine's transaction knows of the pool under its lock; `left` shrinks as the batch decides. */
export type PoolState = { pool: PoolRow; left: number; total: number; claims: Map<string, number> };

/**
 * Locks the pool row (after the event's row, the one order every writer of a pool takes) and reads the codes left and
 * the batch's members' claims: events of one offer share its pool, so the pool's lock is what orders their claims.
 */
export async function poolUnderLock(tx: Tx, benefitId: string, emails: string[]): Promise<PoolState | null> {
  const [pool] = await tx.select().from(offerPools).where(eq(offerPools.benefitId, benefitId)).for('update');
  if (!pool) return null;
  const [counts, claims] = await Promise.all([poolCounts(tx, benefitId), claimsOf(tx, benefitId, emails)]);
  return {
    pool,
    left: pool.mode === 'shared' ? Number.POSITIVE_INFINITY : counts.total - counts.claimed,
    total: counts.total,
    claims,
  };
}

export async function poolCounts(db: Db | Tx, benefitId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      claimed: sql<number>`count(${offerCodes.bookingId})::int`,
      redeemed: sql<number>`count(${offerCodes.redeemedAt})::int`,
    })
    .from(offerCodes)
    .where(and(eq(offerCodes.benefitId, benefitId), visibleCode));
  return { total: Number(row?.total ?? 0), claimed: Number(row?.claimed ?? 0), redeemed: Number(row?.redeemed ?? 0) };
}

/**
 * Hands each booking one unused code: the codes are picked with FOR UPDATE SKIP LOCKED (two transactions never pick
 * the same row) and written in one statement. Fewer codes than bookings is the caller's bug: it counted under the lock.
 */
export async function assignCodes(
  tx: Tx,
  benefitId: string,
  claims: { id: string; email: string }[],
): Promise<Map<string, string>> {
  if (claims.length === 0) return new Map();
  const picked = await tx
    .select({ id: offerCodes.id })
    .from(offerCodes)
    .where(and(eq(offerCodes.benefitId, benefitId), isNull(offerCodes.bookingId), visibleCode))
    .orderBy(offerCodes.createdAt, offerCodes.id)
    .limit(claims.length)
    .for('update', { skipLocked: true });
  if (picked.length < claims.length) throw new Error('offer pool ran out under its lock');
  const pairs = claims.map((c, i) => ({ id: picked[i]?.id, b: c.id, e: c.email }));
  const rows = rowsOf<{ booking_id: string; code: string }>(
    await tx.execute(sql`update ${offerCodes} set booking_id = v.b, email = v.e, claimed_at = now()
      from json_to_recordset(${JSON.stringify(pairs)}::json) as v(id uuid, b uuid, e text)
      where ${offerCodes.id} = v.id and ${offerCodes.bookingId} is null
      returning ${offerCodes.bookingId} as booking_id, ${offerCodes.code} as code`),
  );
  if (rows.length < claims.length) throw new Error('an offer code was taken twice');
  return new Map(rows.map((r) => [r.booking_id, r.code]));
}

/** The codes each booking holds (its own, or the offer's shared one), for its mails and `/me`. */
export async function offerCodesOf(db: Db | Tx, bookingIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (bookingIds.length === 0) return out;
  const own = await db
    .select({ bookingId: offerCodes.bookingId, code: offerCodes.code })
    .from(offerCodes)
    .where(inArray(offerCodes.bookingId, bookingIds));
  for (const r of own) if (r.bookingId) out.set(r.bookingId, [...(out.get(r.bookingId) ?? []), r.code]);
  const shared = await db
    .select({ bookingId: bookings.id, code: offerPools.sharedCode })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(offerPools, eq(offerPools.benefitId, events.benefitId))
    .where(and(inArray(bookings.id, bookingIds), eq(offerPools.mode, 'shared')));
  for (const r of shared) if (r.code) out.set(r.bookingId, [r.code]);
  return out;
}

/**
 * Mails the organiser (admin accounts) and the offer's partner contact once when the codes left fall to the
 * threshold; adding codes above it arms the alert again (upload). Runs in the claim's transaction, under the pool lock.
 */
export async function alertIfLow(
  tx: Tx,
  state: PoolState,
  event: { title: string; partnerContactEmail: string | null },
) {
  const { pool, left, total } = state;
  if (pool.mode !== 'codes' || pool.lowAlertedAt || left > lowPoolThreshold(pool.lowThreshold, total)) return;
  await tx.update(offerPools).set({ lowAlertedAt: new Date() }).where(eq(offerPools.benefitId, pool.benefitId));
  const admins = await tx.select({ email: users.username }).from(users).where(eq(users.role, 'admin'));
  const to = new Set([...admins.map((a) => a.email), event.partnerContactEmail?.trim()].filter((e) => !!e));
  const subject = `Offer codes running low - ${event.title}`;
  const text = `${left} of ${total} codes are left for ${event.title}. Upload more on the offer's attendees page (Offer codes) before the pool runs out: an empty pool shows the offer as sold out.\n`;
  await enqueueMails(
    tx,
    [...to].map((email) => ({ purpose: 'offer-alert' as const, to: email as string, subject, text })),
  );
}
