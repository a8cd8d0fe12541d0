import type { z } from 'zod';
import type { clickSchema, submissionSchema } from '../../../common/analytics.ts';
import type { Db } from '../../db/client.ts';
import { benefitClickLogs, formSubmissionLogs } from '../../db/schema.ts';

type Meta = { userEmail: string; userAgent: string | undefined; ipAddress: string };

// Time, IP and user agent are the server's own readings, not the client's word.
export async function recordClick(db: Db, input: z.output<typeof clickSchema>, meta: Meta) {
  await db.insert(benefitClickLogs).values({
    userEmail: meta.userEmail,
    benefitId: input.benefitId,
    benefitTitle: input.benefitTitle,
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ipAddress: meta.ipAddress,
  });
}

export async function recordSubmission(db: Db, input: z.output<typeof submissionSchema>, meta: Meta) {
  await db.insert(formSubmissionLogs).values({
    userEmail: meta.userEmail,
    submissionType: input.submissionType,
    formType: input.formType ?? null,
    benefitId: input.benefitId,
    benefitTitle: input.benefitTitle,
    submissionData: input.submissionData ?? null,
    userAgent: meta.userAgent?.slice(0, 512) ?? input.userAgent ?? null,
    ipAddress: meta.ipAddress,
  });
}
