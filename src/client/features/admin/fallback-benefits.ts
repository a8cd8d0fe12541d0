import type { AdminBenefitRow } from '#common/admin.ts';

/** Shown when the benefit list cannot be loaded (docs/spec/admin-and-rsvp.md §2, §8): the two built-in benefits. */
export const FALLBACK_BENEFITS: AdminBenefitRow[] = [
  {
    id: 'sap-night',
    name: 'SAP Night RSVP',
    description: 'An exclusive evening for Special Access Pass holders, with an optional concierge house tour.',
    sheetUrl: 'https://docs.google.com/spreadsheets/d/sap-night-demo/edit',
    imageUrl: '/art/sap-night.svg',
    eventId: 'sap-night',
    formState: null,
  },
  {
    id: 'ap-house',
    name: 'AP House Concierge Tours',
    description: 'Private guided concierge tours of the house, booked by date and time slot.',
    sheetUrl: 'https://docs.google.com/spreadsheets/d/ap-house-demo/edit',
    imageUrl: '/art/ap-house.svg',
    eventId: 'ap-house',
    formState: null,
  },
];

export const FALLBACK_WARNING = 'Could not load dynamic benefits. Showing default benefits only.';

/** A usable sheet link: present and not the '#' placeholder. */
export const hasSheet = (url: string | null): url is string => Boolean(url && url.trim() !== '#');
