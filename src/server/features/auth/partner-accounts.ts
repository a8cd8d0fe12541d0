import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { PARTNER_MSG } from '#common/partners.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, partnerBenefits, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Partner accounts' benefits (docs/decisions/030): written by the CLI and the Members page, read by the guard. */
export async function liveBenefitIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: benefits.id })
    .from(benefits)
    .where(and(inArray(benefits.id, ids), isNull(benefits.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Replaces a partner account's benefits; every id must name a benefit that exists. */
export async function assignBenefits(db: Db | Tx, email: string, benefitIds: string[]) {
  if (benefitIds.length === 0) throw new HttpError(400, PARTNER_MSG.needsBenefit);
  const live = await liveBenefitIds(db, benefitIds);
  const missing = benefitIds.filter((id) => !live.has(id));
  if (missing.length > 0) throw new HttpError(400, `${PARTNER_MSG.benefitUnknown}: ${missing.join(', ')}`);
  const [user] = await db.select().from(users).where(eq(users.username, email));
  if (user?.role !== 'partner') throw new HttpError(404, 'Partner account not found');
  await db.delete(partnerBenefits).where(eq(partnerBenefits.userId, user.id));
  await db.insert(partnerBenefits).values(benefitIds.map((benefitId) => ({ userId: user.id, benefitId })));
  return benefitIds;
}

/** Every partner account's benefit ids, by e-mail (for the Members page). */
export async function assignmentsByEmail(db: Db | Tx) {
  const rows = await db
    .select({ email: users.username, benefitId: partnerBenefits.benefitId })
    .from(partnerBenefits)
    .innerJoin(users, eq(users.id, partnerBenefits.userId))
    .orderBy(asc(partnerBenefits.benefitId));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.email, [...(out.get(r.email) ?? []), r.benefitId]);
  return out;
}
