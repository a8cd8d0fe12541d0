import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_TIME_ZONE } from '#common/event-time.ts';
import { OFFER_MSG, type OfferRedeemReport } from '#common/offer-codes.ts';
import { normalisePassCode } from '#common/passes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, events, offerCodes } from '../../db/schema.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type PartnerView, partnerViewOf } from '../auth/index.ts';
import { poolOf } from '../booking-rules/index.ts';
import { emitWebhookEvents, offerRedeemedEvent } from '../webhooks/index.ts';
import { readCodeLines } from './offer-code-lines.ts';
import { codeRow, offerOf } from './offer-codes-admin.ts';

// Redemptions (decision 029): the partner marks a claimed code used, typed, scanned from /me or from a file of codes.

type Ctx = { db: Db; req: FastifyRequest };
type CodeRow = typeof offerCodes.$inferSelect;

/** The code as typed (exactly, else ignoring case), or the unredeemed code of the booking whose pass this is. */
async function findCode(db: Db | Tx, benefitId: string, typed: string): Promise<CodeRow | null> {
  const ofOffer = eq(offerCodes.benefitId, benefitId);
  const [exact] = await db
    .select()
    .from(offerCodes)
    .where(and(ofOffer, eq(offerCodes.code, typed)));
  if (exact) return exact;
  const [anyCase] = await db
    .select()
    .from(offerCodes)
    .where(and(ofOffer, sql`lower(${offerCodes.code}) = lower(${typed})`))
    .limit(1);
  if (anyCase) return anyCase;
  const [byPass] = await db
    .select({ code: offerCodes })
    .from(offerCodes)
    .innerJoin(bookings, eq(bookings.id, offerCodes.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(ofOffer, eq(bookings.passCode, normalisePassCode(typed))))
    .orderBy(sql`${offerCodes.redeemedAt} desc nulls first`)
    .limit(1);
  return byPass?.code ?? null;
}

async function codeFor(db: Db, benefitId: string, typed: string) {
  await offerOf(db, benefitId);
  const pool = await poolOf(db, benefitId);
  if (pool?.mode === 'shared') throw new HttpError(409, OFFER_MSG.sharedRedeem, ERROR_CODE.noPool);
  const code = await findCode(db, benefitId, typed);
  if (!code) throw new HttpError(404, OFFER_MSG.unknownCode, ERROR_CODE.unknownCode);
  return code;
}

/**
 * Marks a code redeemed (`on`) or not, in one conditional update: of two partners redeeming one code at once, one
 * gets 200 and the other 409. A miss is re-read to say why (not claimed, already redeemed, not redeemed).
 */
export async function setRedeemed({ db, req }: Ctx, benefitId: string, typed: string, on: boolean) {
  const found = await codeFor(db, benefitId, typed);
  return audited(
    db,
    req,
    async (tx) => {
      const [done] = await tx
        .update(offerCodes)
        .set(on ? { redeemedAt: new Date(), redeemedBy: adminOf(req).email } : { redeemedAt: null, redeemedBy: null })
        .where(
          on
            ? and(eq(offerCodes.id, found.id), isNull(offerCodes.redeemedAt), isNotNull(offerCodes.bookingId))
            : and(eq(offerCodes.id, found.id), isNotNull(offerCodes.redeemedAt)),
        )
        .returning();
      if (done) {
        if (on) await emitWebhookEvents(tx, [offerRedeemedEvent(done, benefitId)]);
        return { code: codeRow(done) };
      }
      throw await whyNot(tx, found.id, on, await partnerViewOf(tx, req, benefitId));
    },
    (r) => ({
      action: on ? 'offer.redeem' : 'offer.unredeem',
      targetType: 'offer_code',
      targetId: r.code.id,
      details: on
        ? { benefitId, code: r.code.code }
        : { benefitId, code: r.code.code, was: found.redeemedAt?.toISOString() ?? null },
      leavesPlaces: true,
    }),
  );
}

/** The 409 for a conditional update that missed, from the code as it is now. */
async function whyNot(tx: Tx, id: string, on: boolean, view: PartnerView | null): Promise<HttpError> {
  if (!on) return new HttpError(409, OFFER_MSG.notRedeemed, ERROR_CODE.notRedeemed);
  const [now] = await tx
    .select({ code: offerCodes, timeZone: events.timeZone })
    .from(offerCodes)
    .leftJoin(bookings, eq(bookings.id, offerCodes.bookingId))
    .leftJoin(events, eq(events.id, bookings.eventId))
    .where(eq(offerCodes.id, id));
  if (!now?.code.bookingId) return new HttpError(409, OFFER_MSG.notClaimed, ERROR_CODE.notClaimed);
  const { redeemedAt, redeemedBy } = now.code;
  const message = OFFER_MSG.alreadyRedeemed(redeemedAt, now.timeZone ?? DEFAULT_TIME_ZONE);
  return new HttpError(409, message, ERROR_CODE.alreadyRedeemed, {
    extra: { redeemedAt: redeemedAt?.toISOString() ?? null, redeemedBy: view ? view.actor(redeemedBy) : redeemedBy },
  });
}

/**
 * A partner's file of redeemed codes: the claimed, unredeemed ones are marked in one statement; every other line is
 * reported (unknown, not claimed, already redeemed, a repeat of an earlier line). Blank lines are skipped.
 */
export async function redeemFromFile({ db, req }: Ctx, benefitId: string, text: string): Promise<OfferRedeemReport> {
  await offerOf(db, benefitId);
  const { lines } = readCodeLines(text);
  const by = adminOf(req).email;
  return audited(
    db,
    req,
    async (tx) => {
      // Matched as the typed box matches (findCode): the code exactly, else ignoring case.
      const rows = lines.length
        ? await tx
            .select()
            .from(offerCodes)
            .where(
              and(
                eq(offerCodes.benefitId, benefitId),
                inArray(
                  sql`lower(${offerCodes.code})`,
                  lines.map((l) => l.code.toLowerCase()),
                ),
              ),
            )
            .for('update')
        : [];
      const byCode = new Map(rows.map((r) => [r.code, r]));
      const anyCase = new Map<string, CodeRow>();
      for (const r of rows) if (!anyCase.has(r.code.toLowerCase())) anyCase.set(r.code.toLowerCase(), r);
      const problems: OfferRedeemReport['problems'] = [];
      const ids = new Set<string>();
      for (const l of lines) {
        const row = byCode.get(l.code) ?? anyCase.get(l.code.toLowerCase());
        if (!row) problems.push({ ...l, problem: 'unknown' });
        else if (row.redeemedAt || ids.has(row.id)) problems.push({ ...l, problem: 'already_redeemed' });
        else if (!row.bookingId) problems.push({ ...l, problem: 'not_claimed' });
        else ids.add(row.id);
      }
      if (ids.size > 0) {
        const done = await tx
          .update(offerCodes)
          .set({ redeemedAt: new Date(), redeemedBy: by })
          .where(inArray(offerCodes.id, [...ids]))
          .returning();
        await emitWebhookEvents(
          tx,
          done.map((c) => offerRedeemedEvent(c, benefitId)),
        );
      }
      return { redeemed: ids.size, problems };
    },
    (r) => ({
      action: 'offer.redeem_csv',
      targetType: 'benefit',
      targetId: benefitId,
      details: { redeemed: r.redeemed, refused: r.problems.length },
      leavesPlaces: true,
    }),
  );
}
