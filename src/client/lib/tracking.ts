import type { Benefit } from '#common/benefits.ts';
import { apiRequest } from './api.ts';

// Tracking never blocks a redirect or a booking: failures are only warned about (docs/spec/member-portal.md §4).
// A submission's tracking is in ./track-submission.ts: only the modal and the RSVP pages send it, after the first paint.
export const send = (url: string, body: object) =>
  apiRequest('POST', url, body).catch((err) => console.warn('Tracking failed:', err));

export function trackClick(benefit: Pick<Benefit, 'id' | 'title'>) {
  void send('/api/analytics/click', { benefitId: benefit.id, benefitTitle: benefit.title });
}
