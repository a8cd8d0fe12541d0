import type { BenefitType } from './benefit-type.ts';
import type { MemberActionWording } from './member-action-wording.ts';

/**
 * The spec's generic wording of a one-click action, and an event's stored wording merged over it: the one place the
 * defaults are written (decision 033). No zod here: the member dashboard's tile reads the done label through it.
 */
export type ActionWording = Required<MemberActionWording>;

const RSVP_LOGIN = 'Please log in to RSVP for events';
/** The spec's word on a full event's button; an event may have its own (an offer's ALL CLAIMED). */
export const SOLD_OUT = 'SOLD OUT';
const INTEREST_LOGIN = 'Please log in to express interest in events';

/**
 * An event with no wording of its own: the spec's words for what it is (member-portal.md §4, §5, §8): an event's
 * RSVP, a tour's spot, an offer's claim, an interest list's interest. A button an organiser labelled as interest
 * speaks of interest whatever its type (the spec's auction, before types were data).
 */
export function defaultActionWording(title: string, label?: string, type?: BenefitType): ActionWording {
  const rsvp: ActionWording = {
    idle: 'RSVP',
    pending: 'SUBMITTING...',
    done: 'RSVP Confirmed',
    soldOut: SOLD_OUT,
    successTitle: 'RSVP Successful',
    successText: `Your place at ${title} is confirmed.`,
    failTitle: 'RSVP Failed',
    failText: 'Failed to submit RSVP. Please try again.',
    loginText: RSVP_LOGIN,
    authRedirect: true,
    sendName: false,
  };
  if (type === 'interest' || (label && /interest/i.test(label)))
    return {
      ...rsvp,
      idle: label || 'Express Your Interest',
      pending: 'Expressing Interest...',
      done: 'INTEREST EXPRESSED',
      successTitle: 'Interest Expressed Successfully',
      successText: `Your interest in ${title} has been recorded.`,
      failTitle: 'Failed to Express Interest',
      failText: 'Failed to express interest. Please try again.',
      loginText: INTEREST_LOGIN,
    };
  if (type === 'offer')
    return {
      ...rsvp,
      idle: label || 'Claim Offer',
      pending: 'CLAIMING...',
      done: 'OFFER CLAIMED',
      soldOut: 'ALL CLAIMED',
      successTitle: 'Offer Claimed Successfully',
      successText: `Your ${title} offer is yours: find it in My bookings.`,
      failTitle: 'Failed to Claim Offer',
      failText: 'Failed to claim the offer. Please try again.',
      loginText: 'Please log in to claim this offer',
    };
  if (type === 'tour')
    return { ...rsvp, idle: label || 'Secure Spot Now', pending: 'Securing Spot...', done: 'SPOT SECURED' };
  return rsvp;
}

/** The event's own wording where it has some, the defaults elsewhere. */
export function actionWording(
  stored: MemberActionWording | null | undefined,
  title: string,
  label?: string,
  type?: BenefitType,
) {
  const wording = defaultActionWording(title, label, type);
  for (const [key, value] of Object.entries(stored ?? {}))
    if (value !== undefined && value !== '') Object.assign(wording, { [key]: value });
  return wording;
}

export const AUTH_FAILURE_TEXT = "Please log in to RSVP for events. You'll be redirected to the login page.";

/**
 * What a member whose session is gone hears, in the event's own words (member-portal.md §5, §8): an event with
 * authRedirect says the spec's line and goes to /login after 2 s; the others say their own line and stay.
 */
export function signedOutNotice(wording: Pick<ActionWording, 'authRedirect' | 'failTitle' | 'loginText'>) {
  return wording.authRedirect
    ? { title: wording.failTitle, description: AUTH_FAILURE_TEXT, redirect: true }
    : { title: wording.failTitle, description: wording.loginText, redirect: false };
}
