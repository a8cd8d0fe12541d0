import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
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
import { benefits, bookings, events, offerCodes, offerCodeUploads, offerPools } from '../../db/schema.ts';
import { audited } from '../../lib/audited.ts';
import { ACROSS_EVENTS, hotCache } from '../../lib/hot-cache.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sqlState } from '../../lib/pg-errors.ts';
import { codesIn, loadPolicy, poolCounts, poolOf, visibleCode } from '../booking-rules/index.ts';
import { asBookingError, lockEvent, promoteWaitlist } from '../rsvp/index.ts';
import { type CodeLine, readCodeLines, repeatedLines } from './offer-code-lines.ts';

// The organiser's side of offer code pools (decision 029): upload, settings, the list. Redemptions: offer-redeem.ts.

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
    hotCache(root).invalidate(ACROSS_EVENTS);
  });
}

/** Codes written per statement: on PGlite each statement holds the one connection, so members wait at most one. */
export const UPLOAD_BATCH = 200;
/** The upload row is marked alive every this many batches (a row untouched for STALE_UPLOAD_MS is a stopped one). */
const TOUCH_EVERY = 20;
/** An upload row not touched for this long was left by a stopped process: its codes are purged (decision 048). */
const STALE_UPLOAD_MS = 5 * 60_000;
/** Lets the requests waiting on the event loop (and PGlite's one connection) run between two batches. */
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Adds uploaded codes: every line is checked first (blank, too long, repeated in the upload, already in the pool) and
 * any refusal refuses the whole upload with a per-line report (422 codes_rejected). The codes are written in short
 * batches under an upload row that hides them, and one short transaction makes them all usable at once (decision
 * 048): a failure midway leaves none. The waitlist, in order, gets codes.
 */
export async function uploadCodes({ db, req, portalUrl }: Ctx, benefitId: string, text: string) {
  const { lines, problems } = readCodeLines(text);
  if (lines.length + problems.length === 0) throw new HttpError(400, OFFER_MSG.empty, ERROR_CODE.badRequest);
  if (lines.length > OFFER_UPLOAD_MAX) throw new HttpError(400, OFFER_MSG.tooMany, ERROR_CODE.badRequest);
  for (const l of repeatedLines(lines)) problems.push({ ...l, problem: 'duplicate_in_upload' });
  await offerOf(db, benefitId);
  await purgeStaleUploads(db, benefitId);
  if (problems.length > 0) {
    // Refused anyway: the report names every line, the codes the offer has already too.
    for (const l of await alreadyInPool(db, benefitId, lines)) problems.push({ ...l, problem: 'already_in_pool' });
    throw refused(problems);
  }
  const [upload] = await db.insert(offerCodeUploads).values({ benefitId }).returning();
  if (!upload) throw new Error('offer code upload row not written');
  try {
    for (let i = 0; i < lines.length; i += UPLOAD_BATCH) {
      await insertRecords(
        db,
        offerCodes,
        lines.slice(i, i + UPLOAD_BATCH).map((l) => ({ benefitId, code: l.code, uploadId: upload.id })),
        // Handed out in the order uploaded, after the codes of earlier uploads.
        {
          returning: false,
          computed: {
            createdAt: sql`${upload.touchedAt.toISOString()}::timestamptz + (${i} + ${RECORD}.ord) * interval '1 microsecond'`,
          },
        },
      );
      if ((i / UPLOAD_BATCH) % TOUCH_EVERY === TOUCH_EVERY - 1)
        await db.update(offerCodeUploads).set({ touchedAt: new Date() }).where(eq(offerCodeUploads.id, upload.id));
      await yieldTurn();
    }
    return await publishUpload({ db, req, portalUrl }, benefitId, upload.id, lines.length);
  } catch (err) {
    await dropUpload(db, upload.id).catch((e: unknown) => req.log.warn({ err: e }, 'offer code upload not purged'));
    // A code the offer has already (its unique index says so, rather than a read of every code first): the report.
    if (sqlState(err) === '23505') {
      const taken = await alreadyInPool(db, benefitId, lines);
      if (taken.length > 0) throw refused(taken.map((l) => ({ ...l, problem: 'already_in_pool' as const })));
    }
    throw asBookingError(err);
  }
}

/** The one transaction that makes an upload's codes usable: counts, the low-pool alert and the waitlist follow. */
async function publishUpload({ db, req, portalUrl }: Ctx, benefitId: string, uploadId: string, added: number) {
  return audited(
    db,
    req,
    async (tx) => {
      const { events: evs, pool } = await lockOffer(tx, benefitId);
      const shown = await tx
        .delete(offerCodeUploads)
        .where(eq(offerCodeUploads.id, uploadId))
        .returning({ id: offerCodeUploads.id });
      // Purged meanwhile (seen as stopped): its codes are gone, so nothing is added.
      if (shown.length === 0) throw new HttpError(409, OFFER_MSG.uploadStopped, ERROR_CODE.conflict);
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
      return { added, promoted };
    },
    (r) => ({
      action: 'offer.codes_upload',
      targetType: 'benefit',
      targetId: benefitId,
      details: { added: r.added, promoted: r.promoted },
    }),
  );
}

/** The lines whose code the offer already has (any upload's, finished or not), read in batches. */
async function alreadyInPool(db: Db, benefitId: string, lines: CodeLine[]) {
  const found = new Set<string>();
  for (let i = 0; i < lines.length; i += UPLOAD_BATCH) {
    const chunk = lines.slice(i, i + UPLOAD_BATCH).map((l) => l.code);
    const rows = await db.select({ code: offerCodes.code }).from(offerCodes).where(codesIn(benefitId, chunk));
    for (const r of rows) found.add(r.code);
    await yieldTurn();
  }
  return lines.filter((l) => found.has(l.code));
}

/** Removes an unfinished upload's codes in batches, then its row; marked failed first, so nobody publishes it. */
export async function dropUpload(db: Db, uploadId: string) {
  await db.update(offerCodeUploads).set({ state: 'failed' }).where(eq(offerCodeUploads.id, uploadId));
  for (;;) {
    const gone = await db
      .delete(offerCodes)
      .where(
        inArray(
          offerCodes.id,
          db
            .select({ id: offerCodes.id })
            .from(offerCodes)
            .where(eq(offerCodes.uploadId, uploadId))
            .limit(UPLOAD_BATCH),
        ),
      )
      .returning({ id: offerCodes.id });
    if (gone.length === 0) break;
    await yieldTurn();
  }
  await db.delete(offerCodeUploads).where(eq(offerCodeUploads.id, uploadId));
}

/** Uploads of this offer that failed or whose process stopped: their hidden codes would block the same codes again. */
async function purgeStaleUploads(db: Db, benefitId: string) {
  const stale = await db
    .select({ id: offerCodeUploads.id })
    .from(offerCodeUploads)
    .where(
      and(
        eq(offerCodeUploads.benefitId, benefitId),
        or(
          eq(offerCodeUploads.state, 'failed'),
          lt(offerCodeUploads.touchedAt, new Date(Date.now() - STALE_UPLOAD_MS)),
        ),
      ),
    );
  for (const u of stale) await dropUpload(db, u.id);
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
  const where: SQL[] = [eq(offerCodes.benefitId, benefitId), visibleCode];
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
