import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { clickSchema, submissionSchema } from '#common/analytics.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import type { Db } from '../../db/client.ts';
import { benefitClickLogs, benefits, formSubmissionLogs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

type Meta = { userEmail: string; userAgent: string | undefined; ipAddress: string };

/**
 * The benefit a member's click or submission is about, under its stored title: an unknown id is
 * refused, and a member cannot put words of their own into the admin's analytics.
 */
async function trackedBenefit(db: Db, benefitId: string) {
  const [benefit] = await db
    .select({ id: benefits.id, title: benefits.title })
    .from(benefits)
    .where(and(eq(benefits.id, benefitId), isNull(benefits.deletedAt)));
  if (!benefit) throw new HttpError(404, MSG.benefitNotFound, ERROR_CODE.notFound);
  return benefit;
}

// Time, IP and user agent are the server's own readings, not the client's word.
export async function recordClick(db: Db, input: z.output<typeof clickSchema>, meta: Meta) {
  const benefit = await trackedBenefit(db, input.benefitId);
  await db.insert(benefitClickLogs).values({
    userEmail: meta.userEmail,
    benefitId: benefit.id,
    benefitTitle: benefit.title,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ipAddress: meta.ipAddress,
  });
}

export async function recordSubmission(db: Db, input: z.output<typeof submissionSchema>, meta: Meta) {
  const benefit = await trackedBenefit(db, input.benefitId);
  await db.insert(formSubmissionLogs).values({
    userEmail: meta.userEmail,
    submissionType: input.submissionType,
    formType: input.formType ?? null,
    benefitId: benefit.id,
    benefitTitle: benefit.title,
    submissionData: input.submissionData ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? input.userAgent ?? null,
    ipAddress: meta.ipAddress,
  });
}
