import type { BenefitType } from './benefit-type.ts';
import type { MemberActionWording } from './member-action-wording.ts';

/**
 * The spec's generic wording of a one-click action, and an event's stored wording merged over it: the one place the
 * defaults are written (decision 033). No zod here: the member dashboard's tile reads the done label through it.
 */
export type ActionWording = Required<MemberActionWording>;

/** The spec's word on a full event's button; an event may have its own (an offer's ALL CLAIMED). */
const SOLD_OUT = 'SOLD OUT';
/** What an event without words of its own speaks as: each kind has the spec's words (and a catalogue key each). */
export type DefaultKind = 'event' | 'interest' | 'offer' | 'tour';
type Words = Omit<ActionWording, 'authRedirect' | 'sendName'>;

/**
 * The spec's generic wording (member-portal.md §4, §5, §8), `{title}` the event's title: an event's RSVP, an interest
 * list's interest, an offer's claim, a tour's spot; a kind writes only what differs from an event's. Other languages
 * read the same words from the catalogues (`action.<kind>.<field>`), which a unit test keeps equal to these in English.
 */
export const DEFAULT_WORDS: { event: Words } & Record<Exclude<DefaultKind, 'event'>, Partial<Words>> = {
  event: {
    idle: 'RSVP',
    pending: 'SUBMITTING...',
    done: 'RSVP Confirmed',
    soldOut: SOLD_OUT,
    successTitle: 'RSVP Successful',
    successText: 'Your place at {title} is confirmed.',
    failTitle: 'RSVP Failed',
    failText: 'Failed to submit RSVP. Please try again.',
    loginText: 'Please log in to RSVP for events',
  },
  interest: {
    idle: 'Express Your Interest',
    pending: 'Expressing Interest...',
    done: 'INTEREST EXPRESSED',
    successTitle: 'Interest Expressed Successfully',
    successText: 'Your interest in {title} has been recorded.',
    failTitle: 'Failed to Express Interest',
    failText: 'Failed to express interest. Please try again.',
    loginText: 'Please log in to express interest in events',
  },
  offer: {
    idle: 'Claim Offer',
    pending: 'CLAIMING...',
    done: 'OFFER CLAIMED',
    soldOut: 'ALL CLAIMED',
    successTitle: 'Offer Claimed Successfully',
    successText: 'Your {title} offer is yours: find it in My bookings.',
    failTitle: 'Failed to Claim Offer',
    failText: 'Failed to claim the offer. Please try again.',
    loginText: 'Please log in to claim this offer',
  },
  tour: { idle: 'Secure Spot Now', pending: 'Securing Spot...', done: 'SPOT SECURED' },
};

/** A button an organiser labelled as interest speaks of interest whatever its type (the spec's auction). */
export function defaultKind(label?: string, type?: BenefitType): DefaultKind {
  if (type === 'interest' || (label && /interest/i.test(label))) return 'interest';
  return type === 'offer' || type === 'tour' ? type : 'event';
}

/** A default word in the member's language, or undefined for the English above. */
export type SayDefault = (kind: DefaultKind, field: keyof Words, title: string) => string | undefined;

/**
 * An event with no wording of its own: the spec's words for what it is, in English unless `say` gives them in the
 * member's language; an organiser's button label stays the idle label.
 */
export function defaultActionWording(
  title: string,
  label?: string,
  type?: BenefitType,
  say?: SayDefault,
): ActionWording {
  const kind = defaultKind(label, type);
  const wording = { authRedirect: true, sendName: false } as ActionWording;
  for (const [field, english] of Object.entries(DEFAULT_WORDS.event) as [keyof Words, string][]) {
    const from = DEFAULT_WORDS[kind][field] === undefined ? 'event' : kind;
    wording[field] =
      say?.(from, field, title) ?? (DEFAULT_WORDS[from][field] ?? english).replace('{title}', () => title);
  }
  if (label && kind !== 'event') wording.idle = label;
  return wording;
}

/** The event's own wording where it has some, the defaults elsewhere. */
export function actionWording(
  stored: MemberActionWording | null | undefined,
  title: string,
  label?: string,
  type?: BenefitType,
  say?: SayDefault,
) {
  const wording = defaultActionWording(title, label, type, say);
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
