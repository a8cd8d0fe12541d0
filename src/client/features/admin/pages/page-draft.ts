import {
  PAGE_MSG,
  PARTNER_BUTTON_TYPES,
  type PageInput,
  type PageLayout,
  type PartnerButton,
  type PartnerPage,
  type PartnerPageContent,
  pageInputSchema,
  pageSlugSchema,
  partnerButtonSchema,
  partnerPageContentSchema,
} from '#common/partner-pages.ts';

export type ButtonType = (typeof PARTNER_BUTTON_TYPES)[number];
export const BUTTON_TYPES = PARTNER_BUTTON_TYPES;

// `key` is only for React: rows keep their inputs (and focus) while they are moved.
export type FactDraft = { key: string; label: string; value: string };
export type SectionDraft = { key: string; heading: string; paragraphs: string; facts: FactDraft[] };
/** Every field a button of any type may have, so switching the type keeps what was typed. */
export type ButtonDraft = {
  key: string;
  type: ButtonType;
  label: string;
  href: string;
  eventId: string;
  newTab: boolean;
};
export type PageDraft = {
  slug: string;
  benefitId: string; // '' for no benefit
  layout: PageLayout;
  eyebrow: string;
  title: string;
  subtitle: string;
  heroImage: string;
  sections: SectionDraft[];
  buttons: ButtonDraft[];
};

/** Field path (as in the input's zod issues, e.g. `content.buttons.0.href`) to its message. */
export type DraftErrors = Record<string, string>;

/** The editor's own address: a page called this could not be opened for editing. */
const EDITOR_SLUG = 'new';
export const SLUG_MSG = {
  editor: 'That address is the editor’s own (/admin/pages/new); choose another',
  exists: 'A page already has this address',
} as const;

let keySeq = 0;
export const newKey = () => `k${++keySeq}`;

export const newFact = (): FactDraft => ({ key: newKey(), label: '', value: '' });
export const newSection = (): SectionDraft => ({ key: newKey(), heading: '', paragraphs: '', facts: [] });
export const newButton = (): ButtonDraft => ({
  key: newKey(),
  type: 'external',
  label: '',
  href: '',
  eventId: '',
  newTab: false,
});

export const EMPTY_DRAFT: PageDraft = {
  slug: '',
  benefitId: '',
  layout: 'partner',
  eyebrow: '',
  title: '',
  subtitle: '',
  heroImage: '',
  sections: [],
  buttons: [],
};

export function draftFromPage(page: PartnerPage): PageDraft {
  const { content } = page;
  return {
    slug: page.slug,
    benefitId: page.benefitId ?? '',
    layout: page.layout,
    eyebrow: content.eyebrow,
    title: content.title,
    subtitle: content.subtitle,
    heroImage: content.heroImage,
    sections: content.sections.map((s) => ({
      key: newKey(),
      heading: s.heading ?? '',
      paragraphs: s.paragraphs.join('\n\n'),
      facts: s.facts.map((f) => ({ key: newKey(), ...f })),
    })),
    buttons: content.buttons.map((b) => ({
      ...newButton(),
      type: b.type,
      label: b.label,
      ...(b.type === 'rsvp' ? { eventId: b.eventId } : { href: b.href }),
      newTab: b.type === 'internal' && Boolean(b.newTab),
    })),
  };
}

/** A blank line separates paragraphs; blank paragraphs are dropped. */
export const splitParagraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function buttonOf(b: ButtonDraft): PartnerButton {
  switch (b.type) {
    case 'rsvp':
      return { type: 'rsvp', label: b.label, eventId: b.eventId };
    case 'internal':
      return { type: 'internal', label: b.label, href: b.href, ...(b.newTab ? { newTab: true } : {}) };
    default:
      return { type: b.type, label: b.label, href: b.href };
  }
}

function contentOf(d: PageDraft): PartnerPageContent {
  return {
    eyebrow: d.eyebrow,
    title: d.title,
    subtitle: d.subtitle,
    heroImage: d.heroImage,
    sections: d.sections.map((s) => ({
      ...(s.heading.trim() ? { heading: s.heading } : {}),
      paragraphs: splitParagraphs(s.paragraphs),
      facts: s.facts.map(({ label, value }) => ({ label, value })),
    })),
    buttons: d.buttons.map(buttonOf),
  };
}

/** What the PUT sends (before the schema trims it). */
export const inputOf = (d: PageDraft): PageInput => ({
  benefitId: d.benefitId || null,
  layout: d.layout,
  content: contentOf(d),
});

/**
 * The page as the preview draws it: whatever has been typed, except that an address which is not valid yet is
 * left out (no request for a half-typed image, no link to a half-typed href).
 */
export function previewOf(d: PageDraft): PartnerPageContent {
  const content = contentOf(d);
  const heroOk = partnerPageContentSchema.shape.heroImage.safeParse(d.heroImage).success;
  return {
    ...content,
    // An empty heading or link would read as broken (and as nothing to a screen reader): name what is missing.
    title: content.title.trim() || 'Untitled page',
    heroImage: heroOk ? d.heroImage.trim() : '',
    sections: content.sections.map((s) => ({ ...s, facts: s.facts.filter((f) => f.label.trim() || f.value.trim()) })),
    buttons: content.buttons.map((b) => {
      const label = b.label.trim() || 'Untitled button';
      if (b.type === 'rsvp') return { ...b, label };
      return partnerButtonSchema.safeParse(b).success ? { ...b, label } : { ...b, label, href: '#' };
    }),
  };
}

// A paragraph's own issue belongs to the one textarea that holds them all.
const fieldOf = (path: readonly PropertyKey[]) => {
  const at = path.indexOf('paragraphs');
  return (at >= 0 ? path.slice(0, at + 1) : path).map(String).join('.');
};

/** The messages the contract's schemas give for this draft, at the fields they concern (first one per field). */
export function validateDraft(d: PageDraft, isNew: boolean): DraftErrors {
  const errors: DraftErrors = {};
  const add = (field: string, message: string) => {
    errors[field] ??= message;
  };
  if (isNew) {
    const slug = pageSlugSchema.safeParse(d.slug);
    if (!slug.success) add('slug', slug.error.issues[0]?.message ?? PAGE_MSG.slug);
    else if (slug.data === EDITOR_SLUG) add('slug', SLUG_MSG.editor);
  }
  const input = pageInputSchema.safeParse(inputOf(d));
  if (!input.success) for (const issue of input.error.issues) add(fieldOf(issue.path), issue.message);
  return errors;
}
