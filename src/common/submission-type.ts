import type { BookingMode } from './benefits.ts';

// Zod-free on purpose: the client's tracking imports this, and zod stays out of the member bundle.
export const SUBMISSION_TYPES = ['FORM', 'MODAL_BUTTON'] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];

export type TrackTrigger = 'redirect' | 'mutation' | 'form';

/** docs/spec/member-portal.md §4: which submission type, if any, a booking mode records for a trigger. */
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
