import { type FormEvent, type ReactNode, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { ADMIN_PATHS } from '../paths.ts';
import { ButtonsEditor } from './buttons-editor.tsx';
import { inputOf, type PageDraft, previewOf, SLUG_MSG, validateDraft } from './page-draft.ts';
import { PageFields } from './page-fields.tsx';
import { PagePreview } from './page-preview.tsx';
import { pageExists, useSavePage } from './pages-api.ts';
import { SectionsEditor } from './sections-editor.tsx';

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="@container space-y-4 rounded-xl border border-line bg-panel p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The form of one page beside its live preview. Messages show once a save has been tried, and then follow the
 * typing; the server's refusal (e.g. an unknown event) shows above the form.
 */
export function PageEditor({ initial, isNew }: { initial: PageDraft; isNew: boolean }) {
  const [, navigate] = useLocation();
  const save = useSavePage();
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(0);
  const [takenSlug, setTakenSlug] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = tried ? validateDraft(draft, isNew) : {};
  if (takenSlug !== null && takenSlug === draft.slug.trim()) errors.slug ??= SLUG_MSG.exists;
  const preview = previewOf(useDeferredValue(draft));
  const change = (patch: Partial<PageDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // After a refused save, the first field with a message gets the focus (it may be far down the form).
  useEffect(() => {
    if (tried) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setTried((n) => n + 1);
    if (Object.keys(validateDraft(draft, isNew)).length > 0) return;
    const slug = draft.slug.trim();
    setChecking(true);
    try {
      // PUT replaces: a new page must not take over an existing one's address.
      if (isNew && (await pageExists(slug))) {
        setTakenSlug(slug);
        formRef.current?.querySelector<HTMLElement>('#page-slug')?.focus();
        return;
      }
      await save.mutateAsync({ slug, input: inputOf(draft) });
      toast({ title: isNew ? 'Page created' : 'Page saved', description: `/${slug}` });
      navigate(ADMIN_PATHS.pages);
    } catch (err) {
      const message = serverMessageOr(err, 'Failed to save the page');
      setServerError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  const busy = checking || save.isPending;
  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
      <form ref={formRef} noValidate onSubmit={submit} aria-label="Page" className="min-w-0 space-y-6">
        {serverError && (
          <p role="alert" className="rounded-lg border border-red-800 bg-red-950/40 px-4 py-3 text-sm text-red-300">
            {serverError}
          </p>
        )}
        <Panel id="page-panel" title="Page">
          <PageFields draft={draft} isNew={isNew} errors={errors} onChange={change} />
        </Panel>
        <Panel id="sections-panel" title="Sections">
          <SectionsEditor sections={draft.sections} errors={errors} onChange={(sections) => change({ sections })} />
        </Panel>
        <Panel id="buttons-panel" title="Buttons">
          <ButtonsEditor buttons={draft.buttons} errors={errors} onChange={(buttons) => change({ buttons })} />
        </Panel>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => navigate(ADMIN_PATHS.pages)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save page'}
          </Button>
        </div>
      </form>
      {/* Beside a long form the preview stays in view. */}
      <div className="min-w-0 lg:sticky lg:top-4">
        <PagePreview content={preview} layout={draft.layout} />
      </div>
    </div>
  );
}
