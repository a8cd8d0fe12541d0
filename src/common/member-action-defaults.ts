import type { MemberActionWording } from './member-action-wording.ts';

/**
 * The spec's generic wording of a one-click action, and an event's stored wording merged over it: the one place the
 * defaults are written (decision 033). No zod here: the member dashboard's tile reads the done label through it.
 */
export type ActionWording = Required<MemberActionWording>;

const RSVP_LOGIN = 'Please log in to RSVP for events';
const INTEREST_LOGIN = 'Please log in to express interest in events';

/**
 * An event with no wording of its own: the spec's RSVP wording (member-portal.md §5). A button an organiser
 * labelled as interest speaks of interest.
 */
export function defaultActionWording(title: string, label?: string): ActionWording {
  const rsvp: ActionWording = {
    idle: 'RSVP',
    pending: 'SUBMITTING...',
    done: 'RSVP Confirmed',
    soldOut: 'SOLD OUT',
    successTitle: 'RSVP Successful',
    successText: `Your place at ${title} is confirmed.`,
    failTitle: 'RSVP Failed',
    failText: 'Failed to submit RSVP. Please try again.',
    loginText: RSVP_LOGIN,
    authRedirect: true,
    sendName: false,
  };
  if (!label || !/interest/i.test(label)) return rsvp;
  return {
    ...rsvp,
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

/** The event's own wording where it has some, the defaults elsewhere. */
export function actionWording(stored: MemberActionWording | null | undefined, title: string, label?: string) {
  const wording = defaultActionWording(title, label);
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
