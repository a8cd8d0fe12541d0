import type { BenefitBaseWords } from '#common/organiser-words.ts';

/** One English text of a benefit to translate: where it sits in the words' shape, how the form names it. */
export type WordEntry = { path: (string | number)[]; label: string; english: string; long: boolean };

const FIELD_LABEL: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  bookingText: 'Button text',
  dateLabel: 'Date line',
  eventTitle: 'Event name (mails, passes)',
  displayName: 'label',
  helpText: 'help text',
  placeholder: 'placeholder',
};
const LONG = new Set(['description', 'paragraphs', 'helpText', 'successText', 'failText', 'loginText']);

/** Every English text that is said, in the form's order: the tile, its modal, its button wording, its RSVP form. */
export function wordEntries(base: BenefitBaseWords): WordEntry[] {
  const out: WordEntry[] = [];
  const add = (path: WordEntry['path'], label: string, english: string, field: string) => {
    if (english.trim()) out.push({ path, label, english, long: LONG.has(field) });
  };
  for (const k of ['title', 'description', 'bookingText', 'dateLabel', 'eventTitle'] as const)
    add([k], FIELD_LABEL[k] ?? k, base[k], k);
  for (const [i, p] of base.modal.paragraphs.entries())
    add(['modal', 'paragraphs', i], `Modal paragraph ${i + 1}`, p, 'paragraphs');
  for (const [i, d] of base.modal.details.entries()) {
    add(['modal', 'details', i, 'label'], `Modal fact ${i + 1}: label`, d.label, 'label');
    add(['modal', 'details', i, 'value'], `Modal fact ${i + 1}: value`, d.value, 'value');
  }
  for (const [i, l] of base.modal.links.entries())
    add(['modal', 'links', i, 'label'], `Modal link ${i + 1}`, l.label, 'label');
  for (const [eventId, wording] of Object.entries(base.actionWording))
    for (const [k, v] of Object.entries(wording))
      add(['actionWording', eventId, k], `Button wording (${eventId}): ${k}`, v, k);
  for (const [name, f] of Object.entries(base.form)) {
    for (const k of ['displayName', 'helpText', 'placeholder'] as const)
      add(['form', name, k], `Form field ${name}: ${FIELD_LABEL[k]}`, f[k], k);
    for (const [i, o] of f.options.entries())
      add(['form', name, 'options', i], `Form field ${name}: option ${i + 1}`, o, 'option');
  }
  return out;
}

type Tree = Record<string | number, unknown>;

/** The translation at a path ('' when not given). */
export function wordAt(words: unknown, path: WordEntry['path']): string {
  let node = words;
  for (const step of path) node = node && typeof node === 'object' ? (node as Tree)[step] : undefined;
  return typeof node === 'string' ? node : '';
}

/** A copy of the words with the text at a path set; lists grow as needed (a gap is read as not given). */
export function withWord(words: unknown, path: WordEntry['path'], text: string): Tree {
  const root: Tree = structuredClone((words as Tree | undefined) ?? {});
  let node = root;
  path.forEach((step, i) => {
    if (i === path.length - 1) {
      node[step] = text;
      return;
    }
    const next = path[i + 1];
    if (typeof node[step] !== 'object' || node[step] === null) node[step] = typeof next === 'number' ? [] : {};
    node = node[step] as Tree;
  });
  return root;
}

type PageContent = {
  eyebrow: string;
  title: string;
  subtitle: string;
  sections: { heading?: string; paragraphs: string[]; facts: { label: string; value: string }[] }[];
  buttons: { label: string }[];
};

/** A partner page's English words, in the shape its translations take (targets left out). */
export const pageBase = (c: PageContent) => ({
  eyebrow: c.eyebrow,
  title: c.title,
  subtitle: c.subtitle,
  sections: c.sections.map((s) => ({
    heading: s.heading ?? '',
    paragraphs: s.paragraphs,
    facts: s.facts.map((f) => ({ label: f.label, value: f.value })),
  })),
  buttons: c.buttons.map((b) => ({ label: b.label })),
});

/** Every English text of a page that is said, in the editor's order. */
export function pageWordEntries(base: ReturnType<typeof pageBase>): WordEntry[] {
  const out: WordEntry[] = [];
  const add = (path: WordEntry['path'], label: string, english: string, long = false) => {
    if (english.trim()) out.push({ path, label, english, long });
  };
  add(['eyebrow'], 'Eyebrow', base.eyebrow);
  add(['title'], 'Title', base.title);
  add(['subtitle'], 'Subtitle', base.subtitle, true);
  for (const [i, s] of base.sections.entries()) {
    add(['sections', i, 'heading'], `Section ${i + 1}: heading`, s.heading);
    for (const [j, p] of s.paragraphs.entries())
      add(['sections', i, 'paragraphs', j], `Section ${i + 1}: paragraph ${j + 1}`, p, true);
    for (const [j, f] of s.facts.entries()) {
      add(['sections', i, 'facts', j, 'label'], `Section ${i + 1}: fact ${j + 1} label`, f.label);
      add(['sections', i, 'facts', j, 'value'], `Section ${i + 1}: fact ${j + 1} value`, f.value);
    }
  }
  for (const [i, b] of base.buttons.entries()) add(['buttons', i, 'label'], `Button ${i + 1}`, b.label);
  return out;
}
