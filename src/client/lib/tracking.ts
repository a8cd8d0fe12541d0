import * as dashboardApi from '#common/api/dashboard.ts';
import type { Benefit } from '#common/benefits.ts';
import { call } from './call.ts';

// Tracking never blocks a redirect or a booking: failures are only warned about (docs/spec/member-portal.md §4).
// A submission's tracking is in ./track-submission.ts: only the modal and the RSVP pages send it, after the first paint.
export const warnOnFailure = (sent: Promise<unknown>) =>
  void sent.catch((err) => console.warn('Tracking failed:', err));

export function trackClick(benefit: Pick<Benefit, 'id' | 'title'>) {
  warnOnFailure(call(dashboardApi.trackClick, { body: { benefitId: benefit.id, benefitTitle: benefit.title } }));
}
