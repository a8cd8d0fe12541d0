import { FileUp } from 'lucide-react';
import { type ChangeEvent, useState } from 'react';
import { MEMBER_CSV_MAX_BYTES } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { useApplyImport, usePreviewImport } from './api.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';

/** CSV import in two steps: the server previews each row's outcome, then the admin applies it. */
export function MemberImport() {
  const preview = usePreviewImport();
  const apply = useApplyImport();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setError(null);
    preview.reset();
  };

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = ''; // the same file may be picked again after a fix
    reset();
    if (!picked) return;
    if (picked.size > MEMBER_CSV_MAX_BYTES) return setError('The CSV file is too large (2 MB at most)');
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    preview.mutate(csv, { onError: (err) => setError(serverMessageOr(err, 'Could not read the CSV file.')) });
  };

  const applyImport = () => {
    if (!file) return;
    apply.mutate(file.csv, {
      onSuccess: (r) => {
        toast({
          title: 'Import complete',
          description: `Added ${r.added}, updated ${r.updated}, rejected ${r.rejected.length}`,
        });
        reset();
      },
      onError: (err) =>
        toast({
          title: 'Import failed',
          description: serverMessageOr(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const data = preview.data;
  const applicable = data && !data.headerError && data.rows.some((r) => r.outcome !== 'reject');
  return (
    <section className="rounded-xl border border-line bg-panel p-5">
      <h2 className="text-lg font-semibold text-white">Import from CSV</h2>
      <p className="mt-1 text-sm text-zinc-400">
        A header row <code className="text-gold">email,firstName,lastName</code>, then one member per line. Existing
        e-mails are updated.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <label
          htmlFor="member-csv"
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-gold/60 px-4 py-2 text-sm font-semibold text-gold hover:bg-gold/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold"
        >
          <FileUp size={16} aria-hidden />
          Choose CSV file
          <input id="member-csv" type="file" accept=".csv,text/csv" onChange={pick} className="sr-only" />
        </label>
        {file && <span className="text-sm text-zinc-300">{file.name}</span>}
        {preview.isPending && <span className="text-sm text-zinc-400">Checking...</span>}
      </div>
      {(error || data?.headerError) && (
        <p role="alert" className="mt-3 text-sm text-red-400">
          {error || data?.headerError}
        </p>
      )}
      {data && !data.headerError && (
        <>
          <ImportPreviewTable rows={data.rows} />
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <Button variant="ghost" onClick={reset} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button onClick={applyImport} disabled={!applicable || apply.isPending}>
              {apply.isPending ? 'Importing...' : 'Apply import'}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
