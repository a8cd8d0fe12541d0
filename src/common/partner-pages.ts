import { z } from 'zod';
import { fallbackSchema, modalContentSchema } from './benefits.ts';
import { actionWordingByEventSchema } from './member-action-wording.ts';
import { pageTranslationsSchema, storedPageTranslationsSchema } from './organiser-words.ts';
import { isWebUrl, WEB_URL_MSG } from './urls.ts';

/**
 * A partner information page (docs/spec/member-portal.md §2) as data, edited in the admin area and drawn by one template
 * (decision 010). The terms page is the same data drawn by its own public template (`layout: 'terms'`).
 */
export const PAGE_MSG = {
  notFound: 'Page not found',
  slug: 'Use lowercase letters, digits and single hyphens (e.g. capella-day-pass)',
  slugTaken: 'That address belongs to another page of the portal',
  unknownBenefit: 'Choose a benefit that exists',
  unknownEvent: (eventId: string) => `The RSVP button names an event that does not exist: ${eventId}`,
  benefitNotFound: 'Benefit not found',
  mailHref: 'A mail button needs an address such as mailto:name@example.com',
  telHref: 'A phone button needs a number such as tel:+6560000000',
  internalHref: 'An internal link is a path in the portal, such as /benefits',
  image: 'Use an image of the portal: a path such as /art/capella-day-pass.svg or an uploaded image',
  required: 'Required',
} as const;

// Paths the portal itself answers: a page may not take them.
export const RESERVED_SLUGS = [
  'admin',
  'api',
  'art',
  'assets',
  'benefits',
  'bookings',
  'dynamic-rsvp',
  'login',
  'me',
  'rsvp',
  'sap-night',
  'mclaren-tour',
  'new', // the editor's own address: /admin/pages/new
] as const;

export const pageSlugSchema = z
  .string()
  .trim()
  .max(80, PAGE_MSG.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, PAGE_MSG.slug)
  .refine((s) => !(RESERVED_SLUGS as readonly string[]).includes(s), PAGE_MSG.slugTaken);

const text = (max: number) => z.string().trim().max(max);
const label = z.string().trim().min(1, PAGE_MSG.required).max(80);
const portalPath = z
  .string()
  .trim()
  .max(300)
  .refine((v) => /^\/(?![/\\])[^\s\\]*$/.test(v), PAGE_MSG.internalHref);

const mailHref = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^mailto:[^\s@]+@[^\s@]+/i.test(v), PAGE_MSG.mailHref);
const webHref = text(2000).refine(isWebUrl, WEB_URL_MSG);

export const partnerButtonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mail'), label, href: mailHref }),
  z.object({
    type: z.literal('tel'),
    label,
    href: z
      .string()
      .trim()
      .max(40)
      .refine((v) => /^tel:\+?[0-9-]{3,30}$/.test(v), PAGE_MSG.telHref),
  }),
  z.object({ type: z.literal('external'), label, href: webHref }),
  z.object({ type: z.literal('internal'), label, href: portalPath, newTab: z.boolean().optional() }),
  z.object({ type: z.literal('rsvp'), label, eventId: z.string().trim().min(1, PAGE_MSG.required).max(200) }),
]);
export type PartnerButton = z.infer<typeof partnerButtonSchema>;
export const PARTNER_BUTTON_TYPES = ['rsvp', 'external', 'internal', 'mail', 'tel'] as const;

/**
 * `{event-id}` in a fact's value is that event's stored capacity (DESIGN §4), an organiser's event id included
 * (`dynamic:{uuid}`); split on it, the odd parts are the event ids.
 */
export const CAPACITY_PLACEHOLDER = /\{([a-z0-9][a-z0-9:-]*)\}/;
export const capacityEventIds = (value: string) => value.split(CAPACITY_PLACEHOLDER).filter((_, i) => i % 2 === 1);

export const partnerFactSchema = z.object({ label: text(80).min(1, PAGE_MSG.required), value: text(500) });

export const partnerSectionSchema = z.object({
  heading: text(120).optional(),
  paragraphs: z.array(text(4000).min(1)).max(20).default([]),
  facts: z.array(partnerFactSchema).max(20).default([]),
});
export type PartnerSection = z.infer<typeof partnerSectionSchema>;

export const partnerPageContentSchema = z.object({
  eyebrow: text(80),
  title: text(200).min(1, PAGE_MSG.required),
  subtitle: text(1000),
  // Portal images only: the security policy loads no image from elsewhere.
  heroImage: text(2000).refine((v) => v === '' || /^\/(?![/\\])\S*$/.test(v), PAGE_MSG.image),
  sections: z.array(partnerSectionSchema).max(20),
  buttons: z.array(partnerButtonSchema).max(8),
});
export type PartnerPageContent = z.infer<typeof partnerPageContentSchema>;
export type PartnerPageContentInput = z.input<typeof partnerPageContentSchema>;

export const PAGE_LAYOUTS = ['partner', 'terms'] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];

/** What an admin saves: the page's benefit (its modal links here), its template and its content. */
export const pageInputSchema = z.object({
  benefitId: z.string().trim().max(200).nullable(),
  layout: z.enum(PAGE_LAYOUTS).default('partner'),
  content: partnerPageContentSchema,
  /** Its words in other languages (decision 062): absent leaves them as they are, null removes them. */
  translations: pageTranslationsSchema.nullable().optional(),
});
export type PageInput = z.input<typeof pageInputSchema>;

export const partnerPageSchema = z.object({
  slug: z.string(),
  benefitId: z.string().nullable(),
  layout: z.enum(PAGE_LAYOUTS),
  content: partnerPageContentSchema,
  updatedAt: z.string(),
  /** Its RSVP buttons' events' own wording, by event id (decision 033); not part of what an admin saves. */
  actionWording: actionWordingByEventSchema.optional(),
  /** The admin's read only: its words in other languages (members get the content in theirs). */
  translations: storedPageTranslationsSchema.optional(),
  /**
   * A member's read: the paths of the words served in English (decision 073), into `content`, and under
   * `actionWording` for its buttons' events' own wording (never translated on a page).
   */
  fallback: fallbackSchema,
});
export type PartnerPage = z.infer<typeof partnerPageSchema>;

export const pageListSchema = z.object({
  pages: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      benefitId: z.string().nullable(),
      layout: z.enum(PAGE_LAYOUTS),
      updatedAt: z.string(),
    }),
  ),
});

export const pageSlugParams = z.object({ slug: pageSlugSchema });

/** An event a page or modal button may book (GET /api/admin/events). */
export const eventChoicesSchema = z.object({
  data: z.array(
    z.object({ id: z.string(), title: z.string(), when: z.string().nullable(), benefitId: z.string().nullable() }),
  ),
});
export type EventChoice = z.infer<typeof eventChoicesSchema>['data'][number];

/**
 * A tile's modal as an admin writes it (the stored shape is `modalContentSchema` in benefits.ts): the same links
 * and actions, with every href checked by its kind and every action an event that exists (checked by the server).
 */
export const modalInputSchema = z.object({
  paragraphs: z.array(text(2000).min(1)).max(10),
  details: z.array(partnerFactSchema).max(20),
  links: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ type: z.literal('external'), label, href: webHref }),
        z.object({ type: z.literal('mail'), label, href: mailHref }),
        z.object({ type: z.literal('internal'), label, href: portalPath }),
      ]),
    )
    .max(8),
  redemptionCode: text(60).optional(),
  actions: z.array(z.string().trim().min(1).max(200)).max(4),
});
export type ModalInput = z.input<typeof modalInputSchema>;
export const modalAnswerSchema = z.object({ modal: modalContentSchema.nullable() });
export const modalSaveSchema = z.object({ modal: modalInputSchema.nullable() });

/** RFC 6068: subject and body percent-encoded, line breaks as CRLF. */
export function mailto(to: string, subject: string, bodyLines: string[]): string {
  const body = bodyLines.join('\r\n');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
