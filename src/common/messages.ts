/** User-facing texts from the spec, written once (DESIGN §3). */
export const MSG = {
  emailRequired: 'Please enter your email address',
  notAuthorized: 'This email is not authorized to access the portal. Please contact the concierge.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Please log in to continue',
  sessionCheckFailed: 'Failed to check session',
  loadingBenefits: 'Loading benefits...',
  benefitsFailed: 'Failed to load benefits',
  benefitNotFound: 'Benefit not found',
  loggedOutTitle: 'Logged out',
  loggedOutText: 'You have been successfully logged out',
  notFoundTitle: '404 Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
  badRequest: 'The request was not valid',
  internal: 'Something went wrong. Please try again.',
} as const;
