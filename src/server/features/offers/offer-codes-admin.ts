import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_TIME_ZONE } from '#common/event-time.ts';
import {
  lowPoolThreshold,
  OFFER_LIST_MAX,
  OFFER_MSG,
  OFFER_UPLOAD_MAX,
  type OfferCodeRow,
  type OfferLineReport,
  type OfferPool,
  type OfferSettingsBody,
  type offerListQuery,
  offerSettingsBody,
} from '#common/offer-codes.ts';
import { afterCommit } from '../../db/after-commit.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertRecords, RECORD } from '../../db/insert-records.ts';
import { benefits, bookings, events, offerCodes, offerPools } from '../../db/schema.ts';
import { audited } from '../../lib/audited.ts';
import { hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { codesIn, loadPolicy, poolCounts, poolOf } from '../booking-rules/index.ts';
import { asBookingError, lockEvent, promoteWaitlist } from '../rsvp/index.ts';
import { readCodeLines, repeatedLines } from './offer-code-lines.ts';

// The organiser's side of offer code pools (issue 34, decision 029): upload, settings, the list. Redemptions: offer-redeem.ts.

type Ctx = { db: Db; req: FastifyRequest; portalUrl: string };
type ListQuery = import('zod').output<typeof offerListQuery>;

/** The offer's benefit and its claimable events (booked in one click); 404 / 409 otherwise. */
export async function offerOf(db: Db | Tx, benefitId: string) {
  const [benefit] = await db.select().from(benefits).where(eq(benefits.id, benefitId));
  if (!benefit || benefit.deletedAt) throw new HttpError(404, 'Benefit not found');
  const rows = await db.select().from(events).where(eq(events.benefitId, benefitId)).orderBy(asc(events.id));
  const claimable = rows.filter((e) => e.bookingForm !== 'external');
  if (claimable.length === 0) throw new HttpError(409, OFFER_MSG.notOffer, ERROR_CODE.noPool);
  return { benefit, events: claimable };
}

/** Pool size, claimed, redeemed, left and waiting, with the settings. */
export async function offerSummary(db: Db, benefitId: string): Promise<OfferPool> {
  const { benefit, events: evs } = await offerOf(db, benefitId);
  const [pool, counts, [waiting]] = await Promise.all([
    poolOf(db, benefitId),
    poolCounts(db, benefitId),
    db
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          inArray(
            bookings.eventId,
            evs.map((e) => e.id),
          ),
          eq(bookings.status, 'waitlisted'),
        ),
      ),
  ]);
  return {
    benefitId,
    title: benefit.title,
    mode: pool?.mode ?? null,
    sharedCode: pool?.sharedCode ?? null,
    perMemberLimit: pool?.perMemberLimit ?? 1,
    claimOpensAt: pool?.claimOpensAt?.toISOString() ?? null,
    claimClosesAt: pool?.claimClosesAt?.toISOString() ?? null,
    timeZone: evs[0]?.timeZone ?? DEFAULT_TIME_ZONE,
    lowThreshold: pool?.lowThreshold ?? null,
    alertAt: lowPoolThreshold(pool?.lowThreshold ?? null, counts.total),
    ...counts,
    left: counts.total - counts.claimed,
    waiting: Number(waiting?.n ?? 0),
  };
}

/** Every event of the offer, locked in one order (the engine locks one of them, then the pool: the same order). */
async function lockOffer(tx: Tx, benefitId: string) {
  const { events: evs } = await offerOf(tx, benefitId);
  const locked = [];
  for (const e of evs) locked.push(await lockEvent(tx, e.id));
  await tx.insert(offerPools).values({ benefitId }).onConflictDoNothing();
  const [pool] = await tx.select().from(offerPools).where(eq(offerPools.benefitId, benefitId)).for('update');
  if (!pool) throw new Error('offer pool vanished');
  return { events: locked, pool };
}

/** After a change the offer's counts and "sold out" are read afresh on every instance. */
function refreshAfter(tx: Tx, eventIds: string[]) {
  afterCommit(tx, (root) => {
    for (const id of eventIds) hotCache(root).invalidate(id);
    hotCache(root).invalidate('sold-out');
  });
}

/**
 * Adds uploaded codes: every line is checked first (blank, too long, repeated in the upload, already in the pool) and
 * any refusal refuses the whole upload with a per-line report (422 codes_rejected). The waitlist, in order, gets codes.
 */
export async function uploadCodes({ db, req, portalUrl }: Ctx, benefitId: string, text: string) {
  const { lines, problems } = readCodeLines(text);
  if (lines.length + problems.length === 0) throw new HttpError(400, OFFER_MSG.empty, ERROR_CODE.badRequest);
  if (lines.length > OFFER_UPLOAD_MAX) throw new HttpError(400, OFFER_MSG.tooMany, ERROR_CODE.badRequest);
  for (const l of repeatedLines(lines)) problems.push({ ...l, problem: 'duplicate_in_upload' });
  try {
    return await audited(
      db,
      req,
      async (tx) => {
        const { events: evs, pool } = await lockOffer(tx, benefitId);
        const existing = await tx
          .select({ code: offerCodes.code })
          .from(offerCodes)
          .where(
            codesIn(
              benefitId,
              lines.map((l) => l.code),
            ),
          );
        const inPool = new Set(existing.map((e) => e.code));
        for (const l of lines) if (inPool.has(l.code)) problems.push({ ...l, problem: 'already_in_pool' });
        if (problems.length > 0) throw refused(problems);
        const fresh = lines.filter((l, i) => lines.findIndex((o) => o.code === l.code) === i);
        await insertRecords(
          tx,
          offerCodes,
          fresh.map((l) => ({ benefitId, code: l.code })),
          // Handed out in the order uploaded.
          {
            returning: false,
            computed: { createdAt: sql`clock_timestamp() + ${RECORD}.ord * interval '1 microsecond'` },
          },
        );
        const counts = await poolCounts(tx, benefitId);
        // Back above the threshold: the next fall below it mails again.
        if (counts.total - counts.claimed > lowPoolThreshold(pool.lowThreshold, counts.total))
          await tx.update(offerPools).set({ lowAlertedAt: null }).where(eq(offerPools.benefitId, benefitId));
        let promoted = 0;
        if (pool.mode === 'codes')
          for (const event of evs)
            promoted += (await promoteWaitlist(tx, event, await loadPolicy(tx, event), portalUrl)).length;
        refreshAfter(
          tx,
          evs.map((e) => e.id),
        );
        return { added: fresh.length, promoted };
      },
      (r) => ({
        action: 'offer.codes_upload',
        targetType: 'benefit',
        targetId: benefitId,
        details: { added: r.added, promoted: r.promoted },
      }),
    );
  } catch (err) {
    throw asBookingError(err);
  }
}

const refused = (problems: OfferLineReport[]) =>
  new HttpError(422, OFFER_MSG.rejected(problems.length), ERROR_CODE.codesRejected, {
    extra: { lines: problems.sort((a, b) => a.line - b.line) },
  });

/** Mode (codes or one shared code), per-member limit, claim window and alert threshold. */
export async function saveOfferSettings({ db, req }: Ctx, benefitId: string, body: OfferSettingsBody) {
  const s = offerSettingsBody.parse(body);
  await audited(
    db,
    req,
    async (tx) => {
      const { events: evs } = await lockOffer(tx, benefitId);
      await tx
        .update(offerPools)
        .set({
          mode: s.mode,
          sharedCode: s.mode === 'shared' ? s.sharedCode : null,
          perMemberLimit: s.perMemberLimit,
          claimOpensAt: s.claimOpensAt ? new Date(s.claimOpensAt) : null,
          claimClosesAt: s.claimClosesAt ? new Date(s.claimClosesAt) : null,
          lowThreshold: s.lowThreshold,
          lowAlertedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(offerPools.benefitId, benefitId));
      refreshAfter(
        tx,
        evs.map((e) => e.id),
      );
    },
    { action: 'offer.settings', targetType: 'benefit', targetId: benefitId, details: { ...s } },
  );
  return offerSummary(db, benefitId);
}

const like = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * The pool's codes, newest claims first, at most `limit` (a page of the list unless given); searchable by code, and by
 * the claiming member's e-mail unless `byEmail` is false (a partner who is not shown e-mails).
 */
export async function listCodes(
  db: Db,
  benefitId: string,
  q: ListQuery,
  { limit = OFFER_LIST_MAX, byEmail = true }: { limit?: number; byEmail?: boolean } = {},
) {
  await offerOf(db, benefitId);
  const where: SQL[] = [eq(offerCodes.benefitId, benefitId)];
  if (q.status === 'free') where.push(isNull(offerCodes.bookingId));
  if (q.status === 'claimed') where.push(and(isNotNull(offerCodes.bookingId), isNull(offerCodes.redeemedAt)) as SQL);
  if (q.status === 'redeemed') where.push(isNotNull(offerCodes.redeemedAt));
  if (q.q && byEmail) where.push(or(ilike(offerCodes.code, like(q.q)), ilike(offerCodes.email, like(q.q))) as SQL);
  else if (q.q) where.push(ilike(offerCodes.code, like(q.q)));
  const rows = await db
    .select()
    .from(offerCodes)
    .where(and(...where))
    .orderBy(sql`${offerCodes.claimedAt} desc nulls last`, asc(offerCodes.createdAt), asc(offerCodes.id))
    .limit(limit + 1);
  return { codes: rows.slice(0, limit).map(codeRow), more: rows.length > limit };
}

export const codeRow = (r: typeof offerCodes.$inferSelect): OfferCodeRow => ({
  id: r.id,
  code: r.code,
  claimedBy: r.email,
  claimedAt: r.claimedAt?.toISOString() ?? null,
  redeemedAt: r.redeemedAt?.toISOString() ?? null,
  redeemedBy: r.redeemedBy,
});
