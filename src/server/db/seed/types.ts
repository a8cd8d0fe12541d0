import type { AddBenefitInput } from '#common/admin.ts';
import type { BenefitEventInput, EventSlotInput } from '#common/benefit-events.ts';
import type { BenefitTranslations } from '#common/organiser-words.ts';
import type { ModalInput } from '#common/partner-pages.ts';

/**
 * A demo benefit as an organiser would make it (decision 053): the add-benefit form's fields, its modal, its further
 * events and a built-in form's slots. Only where it sits is the seed's own: the spec's ids, addresses and order.
 */
export type SeedBenefit = {
  id: string;
  slug: string;
  displayOrder: number;
  /** Its own event's id (the spec's URL key); the benefit's id when absent. */
  eventId?: string;
  imageUrl: string;
  form: AddBenefitInput;
  modal?: ModalInput;
  events?: { id: string; input: BenefitEventInput }[];
  slots?: EventSlotInput[];
  /** Its words in other languages, as the admin's language tabs save them (decision 062). */
  translations?: BenefitTranslations;
  /**
   * An RSVP form made from its Sheet as the wizard makes it (decision 070): Tab 1's headers become the fields, saved
   * under this name and deployed (its event, `dynamic:{id}`, follows the benefit's own).
   */
  sheetForm?: { configName: string };
};
