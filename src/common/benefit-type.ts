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

export const BENEFIT_MODEL_MSG = {
  cardLinkRequired: 'Enter the address the card opens',
} as const;

/** The dashboard's filter a tile is listed under (member spec §2): by default events under EVENTS, the rest BENEFITS. */
export const LISTED_UNDER = ['EVENTS', 'BENEFITS'] as const;
export type ListedUnder = (typeof LISTED_UNDER)[number];
export const listedUnderOf = (type: BenefitType): ListedUnder => (type === 'event' ? 'EVENTS' : 'BENEFITS');

/** Only what happens at a door has a pass (and a calendar entry of its own time). */
export const hasDoorType = (type: string | null | undefined) => type !== 'offer' && type !== 'interest';
