/** Admin routes (docs/spec/admin-and-rsvp.md §2), written once. */
export const ADMIN_PATHS = {
  login: '/admin',
  dashboard: '/admin/dashboard',
  addBenefit: '/admin/add-benefit',
  editBenefit: '/admin/edit-benefit/:id',
  editModal: '/admin/edit-benefit/:id/modal',
  benefitEvents: '/admin/edit-benefit/:id/events',
  members: '/admin/members',
  rsvpConfig: '/admin/rsvp-config',
  bookings: '/admin/bookings',
  analytics: '/admin/analytics',
  exports: '/admin/exports',
  outbox: '/admin/outbox',
  checkIn: '/admin/check-in',
  /** A partner account's home (docs/decisions/030): their benefits only. */
  partner: '/admin/partner',
  partnerAttendees: '/admin/partner/events/:eventId',
  audit: '/admin/audit',
  /** Every account's own: second factor, password, sessions (decision 056). */
  security: '/admin/security',
  /** The password-reset mail's link (decision 056). */
  resetPassword: '/admin/reset-password',
  /** An organiser's (or partner's own) webhooks and API tokens. */
  webhooks: '/admin/webhooks',
  apiTokens: '/admin/api-tokens',
  pages: '/admin/pages',
  newPage: '/admin/pages/new',
  editPage: '/admin/pages/:slug',
} as const;

export const editBenefitPath = (id: string) => `/admin/edit-benefit/${encodeURIComponent(id)}`;
export const benefitEventsPath = (id: string) => `/admin/edit-benefit/${encodeURIComponent(id)}/events`;
export const editModalPath = (id: string) => `/admin/edit-benefit/${encodeURIComponent(id)}/modal`;
export const partnerAttendeesPath = (eventId: string) => `/admin/partner/events/${encodeURIComponent(eventId)}`;
export const editPagePath = (slug: string) => `/admin/pages/${encodeURIComponent(slug)}`;

/** docs/spec/admin-and-rsvp.md §9: the admin session check is cached 5 minutes. */
export const ADMIN_SESSION_STALE_MS = 5 * 60_000;
