/** Business constants from docs/spec/member-portal.md §9 and docs/spec/admin-and-rsvp.md §9. */
export const SESSION_STALE_MS = 5 * 60_000;
export const TILE_HEIGHT_PX = 352;
/** Dashboard tiles whose images load with the page (one row on a laptop): preloaded by the server too. */
export const EAGER_TILE_IMAGES = 3;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_DURATION_MS = 5000;
/**
 * Toasts on screen at once. The spec's original showed 1 (a new one replaced the last); decision 011 stacks up to 3 so
 * sequential toasts ("Processing complete", then each warning) stay readable (docs/decisions/011-toasts-stack.md).
 */
export const TOAST_LIMIT = 3;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const AUTH_REDIRECT_DELAY_MS = 2000;

export const SOCIAL_LINKS = [
  { name: 'X', href: 'https://x.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'Telegram', href: 'https://t.me/' },
  { name: 'Flickr', href: 'https://www.flickr.com/' },
] as const;

/** Sign-in by e-mailed code (MEMBER_LOGIN=code). */
export const LOGIN_CODE_DIGITS = 6;
export const LOGIN_CODE_TTL_MINUTES = 10;
/** Tries per code, right or wrong; the code is dead after this many. */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** The page the e-mailed link opens; it posts the link's token, never signing in on the GET itself. */
export const LOGIN_VERIFY_PATH = '/login/verify';

/** "My bookings": every booking of the member with its pass (decision 009). */
export const MY_BOOKINGS_PATH = '/me';

/** "Can't make it? Release my place": the signed link's page, no sign-in (docs/decisions/016). */
export const RELEASE_PATH = '/release/:token';
export const TRANSFER_PATH = '/transfer/:token';
export const releasePath = (token: string) => `/release/${encodeURIComponent(token)}`;

/** A benefit's read-only partner report: the shared link's page, no sign-in (docs/decisions/017). */
export const PARTNER_REPORT_PATH = '/reports/:token';
export const partnerReportPath = (token: string) => `/reports/${token}`;
