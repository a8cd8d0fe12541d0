// No zod here: the member dashboard and passes import it (the admin's fields are in admin.ts).

/**
 * What a benefit is (DESIGN §8, one benefit model): it decides the words and states everywhere a member meets it.
 * An event and a tour have a door (a pass); an offer is claimed (with a code when it has a pool); an interest list
 * is passed on to the partner. A draw is a setting of an event or a tour, not a type of its own.
 */
export const BENEFIT_TYPES = ['event', 'tour', 'offer', 'interest'] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];
export const DEFAULT_BENEFIT_TYPE: BenefitType = 'event';

export const BENEFIT_TYPE_LABEL: Record<BenefitType, string> = {
  event: 'Event (RSVP, door pass)',
  tour: 'Tour (slots, door pass)',
  offer: 'Offer (claimed, codes optional)',
  interest: 'Interest list (to the partner)',
};

/** What the benefit's card opens: its RSVP form (/rsvp/{id}), its modal, its partner page, or an outside link. */
export const CARD_TARGETS = ['form', 'modal', 'page', 'link'] as const;
export type CardTarget = (typeof CARD_TARGETS)[number];

export const CARD_TARGET_LABEL: Record<CardTarget, string> = {
  form: 'Its RSVP form',
  modal: 'Its modal (text, links and the booking button)',
  page: 'Its partner page (written under Pages)',
  link: 'An outside link',
};

/**
 * How members take it up: through the portal (its one-click button, or its RSVP form when the card opens one), one
 * of the two built-in forms the spec writes (SAP Night's evening with its time slots, AP House's concierge tours with
 * days, slots and guests; decision 053), or at the partner's own address (the event only holds the days it runs).
 */
export const BOOKED_THROUGH = ['portal', 'evening', 'concierge', 'partner'] as const;
export type BookedThrough = (typeof BOOKED_THROUGH)[number];
export const DEFAULT_BOOKED_THROUGH: BookedThrough = 'portal';

export const BOOKED_THROUGH_LABEL: Record<BookedThrough, string> = {
  portal: 'Here (button or form)',
  evening: 'Built-in evening form',
  concierge: 'Built-in tour form',
  partner: "At the partner's",
};

/** The event's stored booking form for how it is taken up (a portal benefit's own form is its dynamic one). */
export const bookingFormOf = (through: BookedThrough, opensForm: boolean) =>
  through === 'portal' ? (opensForm ? 'dynamic' : 'none') : through === 'partner' ? 'external' : through;

/** How the benefit is booked, as the member's tile reports it (bookingMode): from what the organiser chose. */
export function bookingModeOf(through: BookedThrough, opensForm: boolean, bookingUrl: string) {
  if (through === 'partner') return 'EXTERNAL_REDIRECT';
  if (through !== 'portal' || opensForm) return 'FORM_RSVP';
  return bookingUrl ? 'HYBRID' : 'INSTANT_RSVP';
}

export const BENEFIT_MODEL_MSG = {
  cardLinkRequired: 'Enter the address the card opens',
} as const;

/** The dashboard's filter a tile is listed under (member spec §2): by default events under EVENTS, the rest BENEFITS. */
export const LISTED_UNDER = ['EVENTS', 'BENEFITS'] as const;
export type ListedUnder = (typeof LISTED_UNDER)[number];
export const listedUnderOf = (type: BenefitType): ListedUnder => (type === 'event' ? 'EVENTS' : 'BENEFITS');

/** Only what happens at a door has a pass (and a calendar entry of its own time). */
export const hasDoorType = (type: string | null | undefined) => type !== 'offer' && type !== 'interest';
