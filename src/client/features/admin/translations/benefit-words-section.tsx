import { useEffect, useMemo, useState } from 'react';
import type { BenefitTranslations } from '#common/organiser-words.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { wordEntries } from './word-entries.ts';
import { useBenefitWords, useSaveBenefitWords } from './words-api.ts';
import { WordsTabs } from './words-tabs.tsx';

/** A benefit's words in each language (decision 062), under its edit form. */
export function BenefitWordsSection({ benefitId }: { benefitId: string }) {
  const words = useBenefitWords(benefitId);
  const save = useSaveBenefitWords(benefitId);
  const [draft, setDraft] = useState<BenefitTranslations | null>(null);
  useEffect(() => {
    if (words.data && draft === null) setDraft(words.data.translations);
  }, [words.data, draft]);
  const entries = useMemo(() => (words.data ? wordEntries(words.data.base) : []), [words.data]);
  if (!words.data || !draft) return null;

  const submit = async () => {
    try {
      setDraft((await save.mutateAsync(draft)).translations);
      toast({ title: 'Translations saved' });
    } catch (err) {
      const description = serverMessageOr(err, 'Failed to save the translations');
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  };
  return (
    <WordsTabs
      intro="Members who chose a language read these: the tile, its modal, its buttons and its RSVP form. This translates the saved benefit: save changes above first."
      base={words.data.base}
      entries={entries}
      value={draft}
      onChange={(next) => setDraft(next as BenefitTranslations)}
      onSave={submit}
      pending={save.isPending}
    />
  );
}
