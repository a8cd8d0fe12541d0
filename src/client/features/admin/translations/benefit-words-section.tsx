import { useEffect, useMemo, useState } from 'react';
import { LOCALE_NAMES } from '#common/locales.ts';
import {
  type BenefitTranslations,
  missingWords,
  TRANSLATED_LOCALES,
  type TranslatedLocale,
} from '#common/organiser-words.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { MissingBadge } from './missing-badge.tsx';
import { withWord, wordAt, wordEntries } from './word-entries.ts';
import { useBenefitWords, useSaveBenefitWords } from './words-api.ts';

/**
 * A benefit's words in each language (decision 062): a tab per language, each English text beside a field for its
 * translation; a field left blank reads in English. Saved on its own, apart from the benefit form above.
 */
export function BenefitWordsSection({ benefitId }: { benefitId: string }) {
  const words = useBenefitWords(benefitId);
  const save = useSaveBenefitWords(benefitId);
  const [locale, setLocale] = useState<TranslatedLocale>('zh-Hans');
  const [draft, setDraft] = useState<BenefitTranslations | null>(null);
  useEffect(() => {
    if (words.data && draft === null) setDraft(words.data.translations);
  }, [words.data, draft]);
  const entries = useMemo(() => (words.data ? wordEntries(words.data.base) : []), [words.data]);
  if (!words.data || !draft) return null;
  const base = words.data.base;

  const submit = async () => {
    try {
      const saved = await save.mutateAsync(draft);
      setDraft(saved.translations);
      toast({ title: 'Translations saved' });
    } catch (err) {
      toast({
        title: 'Error',
        description: serverMessageOr(err, 'Failed to save the translations'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="words-heading" className="mt-10 rounded-lg border border-line p-4 sm:p-6">
      <h2 id="words-heading" className="text-lg font-semibold text-white">
        Words in other languages
      </h2>
      <p className="mt-1 text-sm text-zinc-400">
        Members who chose a language read these; a field left blank reads in English. Save the benefit first: this
        translates what is saved.
      </p>
      <div role="tablist" aria-label="Language" className="mt-4 flex flex-wrap gap-2">
        {TRANSLATED_LOCALES.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={l === locale}
            data-testid={`words-tab-${l}`}
            onClick={() => setLocale(l)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              l === locale ? 'border-gold text-gold' : 'border-line text-zinc-300 hover:border-gold/60',
            )}
          >
            {LOCALE_NAMES[l]} <MissingBadge locale={l} count={missingWords(base, draft[l])} />
          </button>
        ))}
      </div>
      <div role="tabpanel" lang={locale} className="mt-4 space-y-4">
        {entries.map((e) => {
          const id = `words-${locale}-${e.path.join('-')}`;
          const value = wordAt(draft[locale], e.path);
          const set = (text: string) => setDraft({ ...draft, [locale]: withWord(draft[locale], e.path, text) });
          return (
            <Field key={id} id={id} label={e.label} hint={`English: ${e.english}`}>
              {e.long ? (
                <textarea
                  id={id}
                  rows={3}
                  value={value}
                  onChange={(ev) => set(ev.target.value)}
                  className={inputClass}
                />
              ) : (
                <input id={id} value={value} onChange={(ev) => set(ev.target.value)} className={inputClass} />
              )}
            </Field>
          );
        })}
      </div>
      <Button type="button" className="mt-6" disabled={save.isPending} onClick={submit}>
        {save.isPending ? 'Saving...' : 'Save translations'}
      </Button>
    </section>
  );
}
