import { LOGIN_VERIFY_PATH, MY_BOOKINGS_PATH } from '#common/constants.ts';

/** Routes from docs/spec/member-portal.md §2 and docs/spec/admin-and-rsvp.md §2, written once. */
export const PATHS = {
  home: '/',
  benefits: '/benefits',
  login: '/login',
  /** The e-mailed sign-in link (MEMBER_LOGIN=code). */
  loginVerify: LOGIN_VERIFY_PATH,
  eveningRsvp: '/rsvp/sap-night',
  conciergeTours: ['/rsvp/ap-house', '/rsvp/ap-house-tours'],
  carMakerTour: '/mclaren-tour',
  elyxTerms: '/elyx-life-terms',
  booking: '/bookings/:bookingId',
  myBookings: MY_BOOKINGS_PATH,
} as const;

/** The member's own booking page (CHANGE/CANCEL BOOKING). */
export const bookingPath = (bookingId: string) => `/bookings/${encodeURIComponent(bookingId)}`;

/** '/rsvp/test-2' sends members to this benefit's RSVP page (the original's id is not in the spec). */
export const TEST_2_BENEFIT_ID = 'sap-night';

/** Where the Elyx terms page's Close goes when it was not opened from the Elyx page. */
export const ELYX_PAGE = '/elyx-life';

/** An event's attendees (admin, decision 018); a benefit's (from analytics) opens its primary event's. */
export const ATTENDEES_PATH = '/admin/events/:eventId/attendees';
export const attendeesPath = (eventId: string) => `/admin/events/${encodeURIComponent(eventId)}/attendees`;
export const BENEFIT_ATTENDEES_PATH = '/admin/benefits/:benefitId/attendees';
export const benefitAttendeesPath = (benefitId: string) => `/admin/benefits/${encodeURIComponent(benefitId)}/attendees`;
/** A benefit's partner report: attendance, its PDF and share links (decision 017). */
export const PARTNER_REPORT_ADMIN_PATH = '/admin/analytics/benefits/:benefitId/report';
export const partnerReportAdminPath = (benefitId: string) =>
  `/admin/analytics/benefits/${encodeURIComponent(benefitId)}/report`;
