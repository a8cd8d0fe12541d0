/** "Can't make it? Release my place" (docs/decisions/016): a signed link that works without signing in. */
export const RELEASE_LABEL = "Can't make it? Release my place";

export const RELEASE_MSG = {
  invalid: 'This release link is not valid. Please use the link from your latest e-mail, or open My bookings.',
  used: 'This place has already been released. Nothing more to do: thank you for letting us know.',
  outdated: 'This booking has changed or been cancelled since this link was sent. Open My bookings for its details.',
  expired: 'This event has already started, so its place can no longer be released.',
  released: 'Thank you for letting us know: your place goes to the next member on the waitlist.',
  leftWaitlist: 'You have left the waitlist. Thank you for letting us know.',
} as const;
