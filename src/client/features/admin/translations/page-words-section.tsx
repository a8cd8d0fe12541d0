import { useMemo, useState } from 'react';
import type { PartnerPage } from '#common/partner-pages.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { pageBase, pageWordEntries } from './word-entries.ts';
import { type Translations, WordsTabs } from './words-tabs.tsx';

/** A partner page's words in each language (decision 062), under its editor: saved with the page as it is stored. */
export function PageWordsSection({
  page,
  save,
}: {
  page: PartnerPage;
  save: (translations: Translations) => Promise<unknown>;
}) {
  const [draft, setDraft] = useState<Translations>(page.translations ?? {});
  const [pending, setPending] = useState(false);
  const base = useMemo(() => pageBase(page.content), [page.content]);
  const submit = async () => {
    setPending(true);
    try {
      await save(draft);
      toast({ title: 'Translations saved' });
    } catch (err) {
      const description = serverMessageOr(err, 'Failed to save the translations');
      toast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <WordsTabs
      intro="Members who chose a language read the page in it. This translates the saved page: save changes above first."
      base={base}
      entries={pageWordEntries(base)}
      value={draft}
      onChange={setDraft}
      onSave={submit}
      pending={pending}
    />
  );
}
