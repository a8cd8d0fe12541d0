import type { ModalContent } from '#common/benefits.ts';
import { type ModalInput, modalInputSchema } from '#common/partner-pages.ts';
import { newKey } from '../pages/page-draft.ts';

export type LinkType = 'external' | 'mail' | 'internal';
export type RowDraft = { key: string; label: string; value: string };
export type LinkDraft = { key: string; type: LinkType; label: string; href: string };
/** The modal as the form holds it: paragraphs as one text (a blank line between them), rows with React keys. */
export type ModalDraft = {
  paragraphs: string;
  details: RowDraft[];
  links: LinkDraft[];
  redemptionCode: string;
  actions: string[];
};
/** Field path (as in the input's zod issues, e.g. `links.0.href`) to its message. */
export type ModalErrors = Record<string, string>;

export const newRow = (): RowDraft => ({ key: newKey(), label: '', value: '' });
export const newLink = (): LinkDraft => ({ key: newKey(), type: 'external', label: '', href: '' });

export function draftFromModal(modal: ModalContent | null): ModalDraft {
  return {
    paragraphs: (modal?.paragraphs ?? []).join('\n\n'),
    details: (modal?.details ?? []).map((d) => ({ key: newKey(), label: d.label, value: d.value })),
    links: (modal?.links ?? []).map((l) => ({ key: newKey(), type: l.type, label: l.label, href: l.href })),
    redemptionCode: modal?.redemptionCode ?? '',
    actions: modal?.actions ?? [],
  };
}

export function inputOf(d: ModalDraft): ModalInput {
  return {
    paragraphs: d.paragraphs
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    details: d.details.map(({ label, value }) => ({ label, value })),
    links: d.links.map(({ type, label, href }) => ({ type, label, href })),
    ...(d.redemptionCode.trim() ? { redemptionCode: d.redemptionCode } : {}),
    actions: d.actions,
  };
}

/** What members would see, drawn even while the form is half filled. */
export function previewOf(d: ModalDraft): ModalContent {
  const input = inputOf(d);
  return { ...input, links: input.links.filter((l) => l.label.trim()), redemptionCode: input.redemptionCode };
}

/** The server's own rules, run as the admin types; messages keyed by field path. */
export function validateModal(d: ModalDraft): ModalErrors {
  const parsed = modalInputSchema.safeParse(inputOf(d));
  const errors: ModalErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
