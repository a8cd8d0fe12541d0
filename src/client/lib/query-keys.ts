/**
 * The query keys more than one feature uses (decision 037): names, never URLs. Each feature's own keys are in its
 * `api.ts`. The benefits list is what admin changes refresh; a member's bookings are what the dashboard's tiles read
 * and every booking refreshes (their `rsvp` root makes them part of what `invalidateBookingQueries` refreshes).
 */
export const benefitKeys = {
  /** GET /api/benefits; also the prefix of every benefit's own key, so refreshing the list refreshes them too. */
  list: ['benefits'] as const,
  one: (benefitId: string) => ['benefits', benefitId] as const,
};

/** GET /api/user/form-submissions: the member's bookings, as the dashboard's tiles show them. */
export const memberBookingsKey = ['rsvp', 'member-bookings'] as const;

/** GET /api/pages/:slug: a partner page (the partners feature); an admin's page edit refreshes every one. */
export const partnerPageKeys = {
  all: ['partner-page'] as const,
  page: (slug: string) => ['partner-page', slug] as const,
};
