import { z } from 'zod';
import { boundedRecord } from './bounded-json.ts';
import { SUBMISSION_TYPES } from './submission-type.ts';

// The submission-type rule lives in a zod-free module the client imports; re-exported here.
export { submissionTypeFor } from './submission-type.ts';

export const clickSchema = z.object({
  benefitId: z.string().trim().min(1, 'benefitId is required').max(200),
  benefitTitle: z.string().trim().min(1, 'benefitTitle is required').max(300),
});

export const submissionSchema = z.object({
  submissionType: z.enum(SUBMISSION_TYPES).default('FORM'),
  formType: z.string().max(100).optional(),
  benefitId: z.string().trim().min(1, 'benefitId is required').max(200),
  benefitTitle: z.string().trim().min(1, 'benefitTitle is required').max(300),
  submissionData: boundedRecord('submissionData').optional(),
  userAgent: z.string().max(512).optional(),
});
export type SubmissionInput = z.input<typeof submissionSchema>;
