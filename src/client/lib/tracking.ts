import type { SubmissionInput } from '../../common/analytics.ts';
import type { Benefit } from '../../common/benefits.ts';
import { submissionTypeFor, type TrackTrigger } from '../../common/submission-type.ts';
import { apiRequest } from './api.ts';

type Tracked = Pick<Benefit, 'id' | 'title' | 'bookingMode'>;

// Tracking never blocks a redirect or a booking: failures are only warned about (docs/spec/member-portal.md §4).
const send = (url: string, body: object) =>
  apiRequest('POST', url, body).catch((err) => console.warn('Tracking failed:', err));

export function trackClick(benefit: Pick<Benefit, 'id' | 'title'>) {
  void send('/api/analytics/click', { benefitId: benefit.id, benefitTitle: benefit.title });
}

export function trackSubmission(
  benefit: Tracked,
  trigger: TrackTrigger,
  extra: Pick<SubmissionInput, 'formType' | 'submissionData'> = {},
) {
  const submissionType = submissionTypeFor(benefit.bookingMode, trigger);
  if (!submissionType) return;
  void send('/api/analytics/submission', {
    submissionType,
    benefitId: benefit.id,
    benefitTitle: benefit.title,
    userAgent: navigator.userAgent.slice(0, 512),
    ...extra,
  });
}
