import { LOGIN_CODE_DIGITS } from './constants.ts';

/** User-facing texts from the spec, written once (docs/spec/DESIGN.md §3). */
export const MSG = {
  emailRequired: 'Please enter your email address',
  notAuthorized: 'This email is not authorized to access the portal. Please contact the concierge.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  tooManyCodes: 'Too many sign-in codes were sent to this address. Please wait a few minutes and try again.',
  loginCodeInvalid: 'That code is not valid or has expired. Request a new one.',
  loginCodeOtherBrowser:
    'This sign-in link only works in a browser where a code for this e-mail was requested. Request a new code here.',
  loginCodeRequired: `Please enter the ${LOGIN_CODE_DIGITS}-digit code from the e-mail`,
  loginCodesOff: 'Sign-in codes are not enabled',
  notSignedIn: 'Please log in to continue',
  sessionCheckFailed: 'Failed to check session',
  loadingBenefits: 'Loading benefits...',
  benefitsFailed: 'Failed to load benefits',
  benefitNotFound: 'Benefit not found',
  loggedOutTitle: 'Logged out',
  loggedOutText: 'You have been successfully logged out',
  /** LOGOUT without a network (decision 047): done on the device at once, told to the server later. */
  /** Offline with no copy this session can open (decision 047): never another member's. */
  offlineNothingStored: 'You are offline. Open My bookings once online and your passes stay on this device.',
  loggedOutOfflineText:
    'You are offline: your passes were removed from this device, and the server will be told when you are back online',
  notFoundTitle: '404 Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
  badRequest: 'The request was not valid',
  internal: 'Something went wrong. Please try again.',
  storageFull:
    'The portal cannot save anything right now (its storage is full). Nothing was changed: please try again later.',
  resourcesExhausted: 'The portal is short of resources right now. Nothing was changed: please try again in a moment.',
} as const;

/** The code step's prompt (MEMBER_LOGIN=code). */
