/**
 * How each one-click action looks and speaks (docs/spec/member-portal.md §4, §5, §8, §9), written once. An idle label says what
 * the tile and the partner page say for the same action (Claim Your Offer, Express Your Interest, Secure Your
 * Invitation); the done labels are the spec's.
 * Capacity figures are never here: they come from the slots call (docs/spec/DESIGN.md §4).
 */
export type MemberAction = {
  idle: string;
  pending: string;
  done: string;
  soldOut: string;
  successTitle: string;
  successText: string;
  failTitle: string;
  failText: string;
  loginText: string;
  /** On an auth failure, say so and go to /login after 2 s. */
  authRedirect: boolean;
  /** Send {firstName, lastName} from the session. */
  sendName: boolean;
  slots?: {
    path: string;
    pollMs: number;
    staleMs?: number;
    withCredentials: boolean;
    fallback?: { remainingSlots: number; bookableSlots: number };
  };
  statusPollMs?: number;
  style?: 'gold' | 'blue';
};

const RSVP_LOGIN = 'Please log in to RSVP for events';
const base = {
  pending: 'SUBMITTING...',
  soldOut: 'SOLD OUT',
  successTitle: 'RSVP Successful',
  failTitle: 'RSVP Failed',
  failText: 'Failed to submit RSVP. Please try again.',
  loginText: RSVP_LOGIN,
  authRedirect: true,
  sendName: false,
};

export const MEMBER_ACTIONS: Record<string, MemberAction> = {
  'speakers-reception': {
    ...base,
    idle: 'RSVP NOW',
    done: 'RSVP Confirmed',
    successText: 'Your place at the Speakers Reception is confirmed.',
  },
  'bryan-johnson': {
    ...base,
    idle: 'RSVP NOW',
    done: 'SPOT SECURED',
    successText: 'Your spot at the closed-door Q&A with Bryan Johnson is secured.',
    slots: { path: '/api/bryan-johnson/slots', pollMs: 3000, staleMs: 5000, withCredentials: true },
  },
  'crypto-fight-night': {
    ...base,
    idle: 'RSVP NOW',
    done: 'RSVP Confirmed',
    successText: 'You are on the list for Crypto Fight Night.',
    slots: { path: '/api/crypto-fight-night/slots', pollMs: 8000, withCredentials: true },
  },
  'mclaren-tour': {
    ...base,
    idle: 'Secure Spot Now',
    pending: 'Securing Spot...',
    done: 'Spot Secured',
    soldOut: 'Fully Booked',
    successText: 'Your spot on the McLaren Technology Centre Tour is secured.',
    failText: 'Failed to secure your spot. Please try again.',
    loginText: 'Please log in to RSVP for the McLaren Technology Centre Tour',
    slots: {
      path: '/api/rsvp/mclaren-tour/slots',
      pollMs: 3000,
      withCredentials: false,
      fallback: { remainingSlots: 0, bookableSlots: 10 },
    },
    statusPollMs: 3000,
  },
  'sothebys-private-auction': {
    ...base,
    idle: 'Express Your Interest',
    pending: 'Expressing Interest...',
    done: 'Expressed Interest',
    successTitle: 'Interest Expressed!',
    successText: "Your interest in Sotheby's Private Auction has been recorded.",
    failTitle: 'Expression Failed',
    failText: 'Failed to express your interest. Please try again.',
    loginText: "Please log in to express interest in Sotheby's Private Auction",
    statusPollMs: 3000,
    style: 'blue',
  },
  'national-gallery-pass': {
    ...base,
    idle: 'Secure Your Pass',
    pending: 'Securing Pass...',
    done: 'PASS SECURED',
    successText: 'Your National Gallery Singapore pass is secured.',
    failText: 'Failed to secure your pass. Please try again.',
    authRedirect: false,
    slots: { path: '/api/rsvp/national-gallery-pass/slots', pollMs: 3000, withCredentials: true },
  },
  'national-gallery-invitation': {
    ...base,
    idle: 'Secure Your Invitation',
    pending: 'Securing Invitation...',
    done: 'INVITATION SECURED',
    successText: 'Your invitation to the opening night is secured.',
    failText: 'Failed to secure your invitation. Please try again.',
    authRedirect: false,
    slots: { path: '/api/national-gallery-invitation/slots', pollMs: 3000, withCredentials: true },
  },
  wristcheck: {
    ...base,
    idle: 'Claim Your Offer',
    pending: 'Claiming Offer...',
    done: 'OFFER CLAIMED',
    successTitle: 'Offer Claimed Successfully',
    successText: 'The Wristcheck team will contact you with your offer.',
    failTitle: 'Failed to Claim Offer',
    failText: 'Failed to claim your Wristcheck offer. Please try again.',
    loginText: 'Please log in to claim your Wristcheck offer',
    authRedirect: false,
    sendName: true,
    // With a code pool (issue 34) the offer says how many codes are left; without one the call answers nulls.
    slots: { path: '/api/rsvp/wristcheck/slots', pollMs: 8000, withCredentials: true },
  },
  jai: {
    ...base,
    idle: 'Express Your Interest',
    pending: 'Expressing Interest...',
    done: 'INTEREST EXPRESSED',
    successTitle: 'Interest Expressed Successfully',
    successText: 'The JAI by ONESIAM team will be in touch.',
    failTitle: 'Failed to Express Interest',
    failText: 'Failed to express interest. Please try again.',
    loginText: 'Please log in to express interest in JAI by One Siam',
    authRedirect: false,
    sendName: true,
  },
  after2049: {
    ...base,
    idle: 'RSVP NOW',
    done: 'RSVP Confirmed',
    successTitle: 'RSVP Confirmed Successfully',
    successText: 'Your name is on the AFTER 2049 door list.',
    failTitle: 'Failed to RSVP',
    failText: 'Failed to RSVP. Please try again.',
    loginText: 'Please log in to RSVP for AFTER2049',
    authRedirect: false,
    sendName: true,
  },
};

const INTEREST_LOGIN = 'Please log in to express interest in events';

/**
 * The action of an event the spec does not name (one an organiser created): the spec's RSVP wording, with its
 * place count from the event's own slots call. A button an organiser labelled as interest speaks of interest.
 */
export function memberActionFor(eventId: string, title: string, label?: string): MemberAction {
  const known = MEMBER_ACTIONS[eventId];
  if (known) return known;
  const generic: MemberAction = {
    ...base,
    idle: 'RSVP',
    done: 'RSVP Confirmed',
    successText: `Your place at ${title} is confirmed.`,
    slots: { path: `/api/rsvp/${encodeURIComponent(eventId)}/slots`, pollMs: 5000, withCredentials: true },
  };
  if (!label || !/interest/i.test(label)) return generic;
  return {
    ...generic,
    idle: label,
    pending: 'Expressing Interest...',
    done: 'INTEREST EXPRESSED',
    successTitle: 'Interest Expressed Successfully',
    successText: `Your interest in ${title} has been recorded.`,
    failTitle: 'Failed to Express Interest',
    failText: 'Failed to express interest. Please try again.',
    loginText: INTEREST_LOGIN,
  };
}

export const AUTH_FAILURE_TEXT = "Please log in to RSVP for events. You'll be redirected to the login page.";

/**
 * What a member whose session is gone hears, in the event's own words (docs/spec/member-portal.md §5, §8): the speakers
 * reception, Bryan Johnson, Crypto Fight Night, the car-maker tour and the auction say so and go to /login after
 * 2 s; Wristcheck, JAI, AFTER2049 and the National Gallery say their own line and stay.
 */
export function signedOutNotice(action: MemberAction): { title: string; description: string; redirect: boolean } {
  return action.authRedirect
    ? { title: action.failTitle, description: AUTH_FAILURE_TEXT, redirect: true }
    : { title: action.failTitle, description: action.loginText, redirect: false };
}
