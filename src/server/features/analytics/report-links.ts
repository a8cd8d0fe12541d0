import { and, desc, eq, isNull } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatInstant, localDate, zonedInstant } from '#common/event-time.ts';
import {
  PARTNER_REPORT_MSG,
  partnerReportPath,
  REPORT_LINK_DEFAULT_DAYS,
  REPORT_LINK_MAX_DAYS,
  type ReportLink,
} from '#common/partner-report.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, partnerReportLinks } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { reportSubject } from './partner-report.ts';

type LinkRow = typeof partnerReportLinks.$inferSelect;
const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** '25 December 2026, 11:59 PM SGT': the end of the picked day, not the midnight after it. */
export const lastMinute = (expiresAt: Date, timeZone: string) =>
  formatInstant(new Date(expiresAt.getTime() - 60_000), timeZone);

function describe(row: LinkRow, timeZone: string, now: Date): ReportLink {
  const state = row.revokedAt ? 'revoked' : now.getTime() >= row.expiresAt.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    state,
    createdBy: row.createdBy,
    createdAt: formatInstant(row.createdAt, timeZone),
    expiresOn: row.expiresOn,
    expiresAtText: lastMinute(row.expiresAt, timeZone),
    revokedAt: row.revokedAt ? formatInstant(row.revokedAt, timeZone) : null,
  };
}

/** A benefit's links, newest first, with whether each still works. */
export async function listReportLinks(db: Db, benefitId: string, now = new Date()) {
  const { timeZone } = await reportSubject(db, benefitId);
  const rows = await db
    .select()
    .from(partnerReportLinks)
    .where(eq(partnerReportLinks.benefitId, benefitId))
    .orderBy(desc(partnerReportLinks.createdAt));
  return { links: rows.map((r) => describe(r, timeZone, now)) };
}

/**
 * A new read-only link that works through the whole of `expiresOn` in the benefit's zone (default: 30 days on).
 * Only the token's SHA-256 is stored; the address is answered this once.
 */
export async function createReportLink(
  tx: Db | Tx,
  input: { benefitId: string; expiresOn?: string; createdBy: string },
  now = new Date(),
) {
  const { timeZone } = await reportSubject(tx, input.benefitId);
  const today = localDate(now, timeZone);
  const expiresOn = input.expiresOn ?? addDays(today, REPORT_LINK_DEFAULT_DAYS);
  if (expiresOn < today) throw new HttpError(400, PARTNER_REPORT_MSG.expiryPast);
  if (expiresOn > addDays(today, REPORT_LINK_MAX_DAYS)) throw new HttpError(400, PARTNER_REPORT_MSG.expiryTooFar);
  const token = newToken();
  const [row] = await tx
    .insert(partnerReportLinks)
    .values({
      benefitId: input.benefitId,
      tokenHash: hashToken(token),
      createdBy: input.createdBy,
      expiresOn,
      expiresAt: zonedInstant(addDays(expiresOn, 1), 0, timeZone),
    })
    .returning();
  if (!row) throw new Error('report link not written');
  return { ...describe(row, timeZone, now), path: partnerReportPath(token) };
}

/** Stops a link at once; revoking one already revoked changes nothing. */
export async function revokeReportLink(tx: Db | Tx, linkId: string) {
  const [row] = await tx.select().from(partnerReportLinks).where(eq(partnerReportLinks.id, linkId));
  if (!row) throw new HttpError(404, PARTNER_REPORT_MSG.linkNotFound);
  await tx
    .update(partnerReportLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(partnerReportLinks.id, linkId), isNull(partnerReportLinks.revokedAt)));
  return row;
}

/** The link behind a token, if it still works: 404 when unknown, 410 once revoked or past its expiry. */
export async function openReportLink(db: Db, token: string, now = new Date()) {
  const [found] = await db
    .select({ link: partnerReportLinks, deletedAt: benefits.deletedAt })
    .from(partnerReportLinks)
    .innerJoin(benefits, eq(benefits.id, partnerReportLinks.benefitId))
    .where(eq(partnerReportLinks.tokenHash, hashToken(token)));
  // A deleted benefit is gone for its partner, its shared report too (decision 046).
  if (!found || found.deletedAt) throw new HttpError(404, PARTNER_REPORT_MSG.invalid, ERROR_CODE.reportLinkInvalid);
  const row = found.link;
  if (row.revokedAt) throw new HttpError(410, PARTNER_REPORT_MSG.revoked, ERROR_CODE.reportLinkRevoked);
  if (now.getTime() >= row.expiresAt.getTime())
    throw new HttpError(410, PARTNER_REPORT_MSG.expired, ERROR_CODE.reportLinkExpired);
  return row;
}
