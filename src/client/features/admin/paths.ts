/** Admin routes (admin spec §2), written once. */
export const ADMIN_PATHS = {
  login: '/admin',
  dashboard: '/admin/dashboard',
  addBenefit: '/admin/add-benefit',
  editBenefit: '/admin/edit-benefit/:id',
  members: '/admin/members',
  rsvpConfig: '/admin/rsvp-config',
  bookings: '/admin/bookings',
  analytics: '/admin/analytics',
  exports: '/admin/exports',
  outbox: '/admin/outbox',
  checkIn: '/admin/check-in',
} as const;

export const editBenefitPath = (id: string) => `/admin/edit-benefit/${encodeURIComponent(id)}`;

/** Admin spec §9: the admin session check is cached 5 minutes. */
export const ADMIN_SESSION_STALE_MS = 5 * 60_000;
