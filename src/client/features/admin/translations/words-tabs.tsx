import { useState } from 'react';
import { LOCALE_NAMES } from '#common/locales.ts';
import { missingWords, TRANSLATED_LOCALES, type TranslatedLocale } from '#common/organiser-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { MissingBadge } from './missing-badge.tsx';
import { type WordEntry, withWord, wordAt } from './word-entries.ts';

export type Translations = Partial<Record<TranslatedLocale, unknown>>;

/**
 * A tab per language with its count of words still in English, and each English text beside a field for its
 * translation (decision 062); a field left blank reads in English. Saved on its own, apart from the form above.
 */
export function WordsTabs(props: {
  intro: string;
  base: unknown;
  entries: WordEntry[];
  value: Translations;
  onChange: (next: Translations) => void;
  /** Without it the words go with the form they sit in (a message's send). */
  onSave?: () => void;
  pending?: boolean;
}) {
  const { base, entries, value, onChange } = props;
  // Closed until a language is chosen: the page stays short, and its fields are drawn only when asked for.
  const [locale, setLocale] = useState<TranslatedLocale | null>(null);
  return (
    <section aria-labelledby="words-heading" className="mt-10 rounded-lg border border-line p-4 sm:p-6">
      <h2 id="words-heading" className="text-lg font-semibold text-white">
        Words in other languages
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{props.intro}</p>
      <div role="tablist" aria-label="Language" className="mt-4 flex flex-wrap gap-2">
        {TRANSLATED_LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === locale}
            data-testid={`words-tab-${l}`}
            onClick={() => setLocale(l === locale ? null : l)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              l === locale ? 'border-gold text-gold' : 'border-line text-zinc-300 hover:border-gold/60',
            )}
          >
            {LOCALE_NAMES[l]} <MissingBadge locale={l} count={missingWords(base, value[l])} />
          </button>
        ))}
      </div>
      {locale && (
        <>
          <div role="tabpanel" lang={locale} className="mt-4 space-y-4">
            {entries.map((e) => {
              const id = `words-${locale}-${e.path.join('-')}`;
              const text = wordAt(value[locale], e.path);
              const set = (next: string) => onChange({ ...value, [locale]: withWord(value[locale], e.path, next) });
              return (
                <Field key={id} id={id} label={e.label} hint={`English: ${e.english}`}>
                  {e.long ? (
                    <textarea
                      id={id}
                      rows={3}
                      value={text}
                      onChange={(ev) => set(ev.target.value)}
                      className={inputClass}
                    />
                  ) : (
                    <input id={id} value={text} onChange={(ev) => set(ev.target.value)} className={inputClass} />
                  )}
                </Field>
              );
            })}
          </div>
          {props.onSave && (
            <Button type="button" className="mt-6" disabled={props.pending} onClick={props.onSave}>
              {props.pending ? 'Saving...' : 'Save translations'}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
