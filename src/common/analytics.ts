import { z } from 'zod';
import type { BookingMode } from './benefits.ts';

export const SUBMISSION_TYPES = ['FORM', 'MODAL_BUTTON'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export const clickSchema = z.object({
  benefitId: z.string().trim().min(1, 'benefitId is required').max(200),
  benefitTitle: z.string().trim().min(1, 'benefitTitle is required').max(300),
});

export const submissionSchema = z.object({
  submissionType: z.enum(SUBMISSION_TYPES).default('FORM'),
  formType: z.string().max(100).optional(),
  benefitId: z.string().trim().min(1, 'benefitId is required').max(200),
  benefitTitle: z.string().trim().min(1, 'benefitTitle is required').max(300),
  submissionData: z.record(z.string(), z.unknown()).optional(),
  userAgent: z.string().max(512).optional(),
});
export type SubmissionInput = z.input<typeof submissionSchema>;

export type TrackTrigger = 'redirect' | 'mutation' | 'form';

/** Member spec §4: which submission type, if any, a booking mode records for a trigger. */
export function submissionTypeFor(mode: BookingMode, trigger: TrackTrigger): SubmissionType | null {
  switch (mode) {
    case 'EXTERNAL_REDIRECT':
      return trigger === 'redirect' ? 'MODAL_BUTTON' : null;
    case 'INSTANT_RSVP':
      return trigger === 'mutation' ? 'MODAL_BUTTON' : null;
    case 'FORM_RSVP':
      return trigger === 'form' ? 'FORM' : null;
    case 'HYBRID':
      return trigger === 'form' ? 'FORM' : 'MODAL_BUTTON';
  }
}
