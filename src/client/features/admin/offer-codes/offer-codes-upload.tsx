import { useId, useState } from 'react';
import { OFFER_LINE_WORDS, type OfferLineReport } from '#common/offer-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { refusedLines, useUploadCodes } from './api.ts';
import { readFileText } from './read-file.ts';

/** Paste codes or choose a CSV: all or nothing, with the refused lines listed by number. */
export function OfferCodesUpload({ benefitId }: { benefitId: string }) {
  const upload = useUploadCodes(benefitId);
  const [text, setText] = useState('');
  const [lines, setLines] = useState<OfferLineReport[]>([]);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const send = (body: string) => {
    setLines([]);
    setError(null);
    upload.mutate(
      { text: body },
      {
        onSuccess: (r) => {
          setText('');
          const promoted = r.promoted ? ` · ${r.promoted} waiting members got one` : '';
          toast({ title: 'Codes added', description: `${r.added} codes${promoted}` });
        },
        onError: (err) => {
          setLines(refusedLines(err));
          setError(serverMessageOr(err, 'The codes could not be added'));
        },
      },
    );
  };

  return (
    <section className="space-y-2" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-sm font-semibold text-zinc-100">
        Add codes
      </h3>
      <label htmlFor={`${id}-text`} className="block text-xs text-zinc-400">
        One code a line, or a CSV with a <code>code</code> column. Blank and repeated lines are refused.
      </label>
      <textarea
        id={`${id}-text`}
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={`${inputClass} font-mono text-sm`}
        data-testid="offer-upload-text"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => send(text)} disabled={upload.isPending || text.trim() === ''}>
          Add pasted codes
        </Button>
        <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-line px-3 text-sm font-semibold text-zinc-200 hover:border-gold hover:text-gold">
          Upload CSV
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            data-testid="offer-upload-file"
            onChange={async (e) => {
              const body = await readFileText(e.currentTarget);
              if (body !== null) send(body);
            }}
          />
        </label>
      </div>
      {error && (
        <div role="alert" className="text-sm text-red-400" data-testid="offer-upload-error">
          <p>{error}</p>
          {lines.length > 0 && (
            <ul className="mt-1 max-h-40 overflow-auto font-mono text-xs">
              {lines.map((l) => (
                <li key={`${l.line}-${l.problem}`}>
                  Line {l.line}
                  {l.code ? ` (${l.code})` : ''}: {OFFER_LINE_WORDS[l.problem]}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
