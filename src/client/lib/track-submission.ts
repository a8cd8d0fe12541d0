import type { SubmissionInput } from '#common/analytics.ts';
import * as analyticsApi from '#common/api/analytics.ts';
import type { Benefit } from '#common/benefits.ts';
import { submissionTypeFor, type TrackTrigger } from '#common/submission-type.ts';
import { call } from './call.ts';
import { warnOnFailure } from './tracking.ts';

type Tracked = Pick<Benefit, 'id' | 'title' | 'bookingMode'>;

// Apart from ./tracking.ts (the tile's click, in the dashboard's first chunk): the modal and the RSVP pages send this.
export function trackSubmission(
  benefit: Tracked,
  trigger: TrackTrigger,
  extra: Pick<SubmissionInput, 'formType' | 'submissionData'> = {},
) {
  const submissionType = submissionTypeFor(benefit.bookingMode, trigger);
  if (!submissionType) return;
  const body = {
    submissionType,
    benefitId: benefit.id,
    benefitTitle: benefit.title,
    userAgent: navigator.userAgent.slice(0, 512),
    ...extra,
  };
  warnOnFailure(call(analyticsApi.trackSubmission, { body }));
}
