import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales.ts';
import { isStorableText, UNSTORABLE_TEXT } from './safe-text.ts';

/**
 * The organiser's words in each language (decision 062): one shape, `{ [locale]: words }`, stored beside the words
 * it translates (a benefit's row, a partner page's row), and one merge, `localise`, every member read goes through.
 * English is the base: a field left blank in a language reads in English.
 */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE) as Exclude<Locale, 'en'>[];
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number];

export const WORDS_MSG = {
  control: 'The words may not contain control characters or direction overrides',
  tooLong: (max: number) => `At most ${max} characters`,
} as const;

// One line: no control character and no bidirectional override; prose keeps its line breaks and tabs.
const LINE_HOSTILE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
const PROSE_HOSTILE = /[^\P{Cc}\n\r\t]|[\u202a-\u202e\u2066-\u2069]/u;

const words = (max: number, hostile: RegExp) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v),
      z
        .string()
        .trim()
        .max(max, WORDS_MSG.tooLong(max))
        .refine((v) => !hostile.test(v), WORDS_MSG.control)
        .refine(isStorableText, UNSTORABLE_TEXT)
        .optional(),
    )
    .optional();
type Text = (max: number) => z.ZodOptional<z.ZodType<string | undefined, unknown>>;
const line: Text = (max) => words(max, LINE_HOSTILE);
const prose: Text = (max) => words(max, PROSE_HOSTILE);
// As answers carry them (checked when saved): plain strings, so the answer's schema stays a plain description.
const stored: Text = () => z.string().optional();
const key = z.string().min(1).max(200);

/** One language's words of a benefit: its tile, modal, button wording and RSVP form (by field name). */
const benefitWords = (line: Text, prose: Text) =>
  z
    .object({
      title: line(200),
      description: prose(5000),
      bookingText: line(100),
      dateLabel: line(200),
      /** What mails, calendars and passes call its event (a member's bookings too). */
      eventTitle: line(200),
      modal: z
        .object({
          paragraphs: z.array(prose(2000)).max(10),
          details: z.array(z.object({ label: line(80), value: line(500) }).strict()).max(20),
          links: z.array(z.object({ label: line(80) }).strict()).max(8),
        })
        .partial()
        .strict()
        .optional(),
      /** Its events' button and message wording, by event id (decision 033). */
      actionWording: z
        .record(
          key,
          z
            .object({
              idle: line(40),
              pending: line(40),
              done: line(40),
              soldOut: line(40),
              successTitle: line(80),
              successText: line(300),
              failTitle: line(80),
              failText: line(300),
              loginText: line(300),
            })
            .strict(),
        )
        .optional(),
      /** Its RSVP form's labels, help texts and options' labels, by field name (a redeploy keeps them). */
      form: z
        .record(
          key,
          z
            .object({
              displayName: line(200),
              helpText: prose(1000),
              placeholder: line(200),
              options: z.array(line(200)).max(100),
            })
            .partial()
            .strict(),
        )
        .optional(),
    })
    .strict();
export const benefitWordsSchema = benefitWords(line, prose);
export type BenefitWords = z.output<typeof benefitWordsSchema>;

/** One language's words of a partner page: every text the template draws, buttons' labels (not their targets). */
const pageWords = (line: Text, prose: Text) =>
  z
    .object({
      eyebrow: line(80),
      title: line(200),
      subtitle: prose(1000),
      sections: z
        .array(
          z
            .object({
              heading: line(120),
              paragraphs: z.array(prose(4000)).max(20),
              facts: z.array(z.object({ label: line(80), value: line(500) }).strict()).max(20),
            })
            .partial()
            .strict(),
        )
        .max(20),
      buttons: z.array(z.object({ label: line(80) }).strict()).max(8),
    })
    .partial()
    .strict();
export const pageWordsSchema = pageWords(line, prose);
export type PageWords = z.output<typeof pageWordsSchema>;

/** The one shape: each language's words, English (the base) left out. */
export const translationsOf = <T extends z.ZodType>(words: T) => z.partialRecord(z.enum(TRANSLATED_LOCALES), words);
export const benefitTranslationsSchema = translationsOf(benefitWordsSchema);
export type BenefitTranslations = z.output<typeof benefitTranslationsSchema>;
export const pageTranslationsSchema = translationsOf(pageWordsSchema);
export type PageTranslations = z.output<typeof pageTranslationsSchema>;
/** The same, as answers carry them. */
export const storedBenefitTranslationsSchema = translationsOf(benefitWords(stored, stored));
export const storedPageTranslationsSchema = translationsOf(pageWords(stored, stored));

// What a translation never replaces, whatever stored JSON says: where a link or button leads is not a word.
const TARGETS = new Set(['href', 'type', 'eventId', 'heroImage', 'actions']);

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const said = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * A translation over its base, field by field: a said string replaces the base's, a list goes by position, an
 * object by key (a key the base leaves to its defaults, such as a button's wording, is taken when said).
 */
function merge(base: unknown, over: unknown): unknown {
  if (over === undefined || over === null) return base;
  if (typeof base === 'string') return said(over) ? over : base;
  if (Array.isArray(base)) return Array.isArray(over) ? base.map((b, i) => merge(b, over[i])) : base;
  if (isPlain(base) && isPlain(over)) {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(over))
      if (TARGETS.has(k)) continue;
      else if (k in base) out[k] = merge(base[k], v);
      else if (said(v) || isPlain(v)) out[k] = merge(isPlain(v) ? {} : '', v);
    return out;
  }
  return base;
}

type Translated = { translations?: Partial<Record<TranslatedLocale, unknown>> | null };

/**
 * The record's words in `locale`, each field falling back to the base (English) where the language leaves it
 * blank; the record's own keys only, without its translations. No locale, or English: the base as it is.
 */
export function localise<T extends Translated>(record: T, locale: Locale | null | undefined): Omit<T, 'translations'> {
  const { translations, ...base } = record;
  const over = locale && locale !== DEFAULT_LOCALE ? translations?.[locale as TranslatedLocale] : undefined;
  if (!isPlain(over)) return base;
  const out: Record<string, unknown> = { ...base };
  for (const k of Object.keys(base)) if (!TARGETS.has(k)) out[k] = merge((base as Record<string, unknown>)[k], over[k]);
  return out as Omit<T, 'translations'>;
}

/**
 * The paths (`modal.paragraphs.0`, `sections.1.heading`) of the base's words that `over` leaves unsaid, so a read
 * serves them in English; targets are not words. Undefined when there are none.
 */
export function fallbackPaths(base: unknown, over: unknown, path = ''): string[] | undefined {
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
  let paths: string[] = [];
  if (typeof base === 'string') paths = base.trim() !== '' && !said(over) ? [path] : [];
  else if (Array.isArray(base))
    paths = base.flatMap((b, i) => fallbackPaths(b, Array.isArray(over) ? over[i] : undefined, at(i)) ?? []);
  else if (isPlain(base))
    paths = Object.entries(base).flatMap(([k, b]) =>
      TARGETS.has(k) ? [] : (fallbackPaths(b, isPlain(over) ? over[k] : undefined, at(k)) ?? []),
    );
  return paths.length > 0 ? paths : undefined;
}

/**
 * What a member read declares beside the words `localise` serves (the answer's optional `fallback`): the fields left
 * in the default language (English) because `locale` does not say them. Undefined when English is asked, or when
 * every word is translated, so a spec client sees nothing new.
 */
export function fallbackOf<T extends Translated>(record: T, locale: Locale | null | undefined): string[] | undefined {
  if (!locale || locale === DEFAULT_LOCALE) return undefined;
  const { translations, ...base } = record;
  return fallbackPaths(base, translations?.[locale as TranslatedLocale]);
}

/** A benefit's title in the member's language (mails, invites, passes call it so). */
export const benefitTitle = (
  benefit: { title: string; translations?: BenefitTranslations | null },
  locale: Locale | null | undefined,
) => localise({ title: benefit.title, translations: benefit.translations }, locale).title;

/** How many of the base's words a language leaves in English: the admin's "zh-Hans: 3 missing". */
export function missingWords(base: unknown, over: unknown): number {
  if (typeof base === 'string') return base.trim() !== '' && !said(over) ? 1 : 0;
  if (Array.isArray(base))
    return base.reduce((n: number, b, i) => n + missingWords(b, Array.isArray(over) ? over[i] : undefined), 0);
  if (isPlain(base))
    return Object.entries(base).reduce((n, [k, b]) => n + missingWords(b, isPlain(over) ? over[k] : undefined), 0);
  return 0;
}

/** Each language's count of words left in English. */
export const missingByLocale = (
  base: unknown,
  translations: Partial<Record<TranslatedLocale, unknown>> | null | undefined,
) =>
  Object.fromEntries(TRANSLATED_LOCALES.map((l) => [l, missingWords(base, translations?.[l])])) as Record<
    TranslatedLocale,
    number
  >;

/**
 * What a member's bookings, mails and passes call an event in the member's language: its own translated name, else,
 * when it carries its benefit's name, the benefit's translated title, else its stored name.
 */
export function eventTitleIn(
  event: { title: string },
  benefit: { title: string; translations?: BenefitTranslations | null } | null | undefined,
  locale: Locale | null | undefined,
): string {
  if (!benefit) return event.title;
  const w = localise({ eventTitle: event.title, title: benefit.title, translations: benefit.translations }, locale);
  return w.eventTitle === event.title && event.title === benefit.title ? w.title : w.eventTitle;
}

/** A benefit's English words, as the admin translates them (the shape of `benefitWordsSchema`, every field said). */
export const benefitBaseWordsSchema = z.object({
  title: z.string(),
  description: z.string(),
  bookingText: z.string(),
  dateLabel: z.string(),
  eventTitle: z.string(),
  modal: z.object({
    paragraphs: z.array(z.string()),
    details: z.array(z.object({ label: z.string(), value: z.string() })),
    links: z.array(z.object({ label: z.string() })),
  }),
  actionWording: z.record(z.string(), z.record(z.string(), z.string())),
  form: z.record(
    z.string(),
    z.object({ displayName: z.string(), helpText: z.string(), placeholder: z.string(), options: z.array(z.string()) }),
  ),
});
export type BenefitBaseWords = z.infer<typeof benefitBaseWordsSchema>;

const missingSchema = z.record(z.enum(TRANSLATED_LOCALES), z.number().int());
export type MissingWords = z.infer<typeof missingSchema>;

/** GET/PUT /api/admin/benefits/:benefitId/translations: the English, each language's words, what each leaves out. */
export const benefitWordsAnswerSchema = z.object({
  base: benefitBaseWordsSchema,
  translations: storedBenefitTranslationsSchema,
  missing: missingSchema,
});
export type BenefitWordsAnswer = z.infer<typeof benefitWordsAnswerSchema>;
export const benefitWordsSaveSchema = z.object({ translations: benefitTranslationsSchema });
export type BenefitWordsSave = z.input<typeof benefitWordsSaveSchema>;

/** The benefits list's badges: each benefit's count of words left in English, in the languages begun. */
export const benefitsMissingSchema = z.object({
  data: z.record(z.string(), z.partialRecord(z.enum(TRANSLATED_LOCALES), z.number().int())),
});
export type BegunMissing = Partial<MissingWords>;
