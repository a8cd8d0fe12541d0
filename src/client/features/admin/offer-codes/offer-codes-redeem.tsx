import { useId, useState } from 'react';
import { OFFER_REDEEM_WORDS, type OfferRedeemReport } from '#common/offer-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { useRedeem, useRedeemFile, useUnredeem } from './api.ts';
import { readFileText } from './read-file.ts';

/**
 * Undoes one code's redemption from the code itself (no retyping), in the redeem verdict and the list.
 */
export function UndoRedemption({
  benefitId,
  code,
  onDone,
}: {
  benefitId: string;
  code: string;
  onDone?: (ok: boolean, text: string) => void;
}) {
  const unredeem = useUnredeem(benefitId);
  return (
    <Button
      variant="outline"
      className="min-h-8 px-2 py-0.5 text-xs"
      disabled={unredeem.isPending}
      aria-label={`Undo the redemption of ${code}`}
      data-testid="offer-undo"
      onClick={() =>
        unredeem.mutate(
          { code },
          {
            onSuccess: (r) => onDone?.(true, `${r.code.code}: redemption undone`),
            onError: (err) => onDone?.(false, serverMessageOr(err, 'Refused')),
          },
        )
      }
    >
      Undo
    </Button>
  );
}

/** Type, paste or scan a code (or the member's pass code) to mark it redeemed; or upload the partner's file. */
export function OfferCodesRedeem({ benefitId }: { benefitId: string }) {
  const redeem = useRedeem(benefitId);
  const file = useRedeemFile(benefitId);
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string; redeemed?: string } | null>(null);
  const [report, setReport] = useState<OfferRedeemReport | null>(null);
  const id = useId();

  const act = (e: React.FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    redeem.mutate(
      { code: code.trim() },
      {
        onSuccess: (r) => {
          setVerdict({ ok: true, text: `${r.code.code}: redeemed (${r.code.claimedBy})`, redeemed: r.code.code });
          setCode('');
        },
        onError: (err) => setVerdict({ ok: false, text: serverMessageOr(err, 'Refused') }),
      },
    );
  };

  return (
    <section className="space-y-2" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-sm font-semibold text-zinc-100">
        Redeem a code
      </h3>
      <form onSubmit={act} className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-code`} className="sr-only">
          Code to redeem
        </label>
        <input
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Type or paste a code"
          autoComplete="off"
          className={`${inputClass} min-w-0 flex-1 basis-48 font-mono`}
          data-testid="offer-redeem-input"
        />
        <Button type="submit" disabled={redeem.isPending || !code.trim()}>
          Redeem
        </Button>
      </form>
      {verdict && (
        <p
          role="status"
          className={`flex flex-wrap items-center gap-2 text-sm ${verdict.ok ? 'text-emerald-400' : 'text-red-400'}`}
          data-testid="offer-redeem-verdict"
        >
          {verdict.text}
          {verdict.redeemed && (
            <UndoRedemption
              benefitId={benefitId}
              code={verdict.redeemed}
              onDone={(ok, text) => setVerdict({ ok, text })}
            />
          )}
        </p>
      )}
      <label className="inline-flex min-h-10 cursor-pointer items-center rounded-md border border-line px-3 text-sm font-semibold text-zinc-200 hover:border-gold hover:text-gold">
        Upload redeemed codes (CSV)
        <input
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="sr-only"
          onChange={async (e) => {
            const text = await readFileText(e.currentTarget);
            if (text !== null) file.mutate({ text }, { onSuccess: setReport });
          }}
        />
      </label>
      {report && (
        <div className="text-sm text-zinc-300" data-testid="offer-redeem-report">
          <p>{report.redeemed} redeemed.</p>
          {report.problems.length > 0 && (
            <ul className="mt-1 max-h-40 overflow-auto font-mono text-xs text-amber-300">
              {report.problems.map((p) => (
                <li key={`${p.line}`}>
                  Line {p.line} ({p.code}): {OFFER_REDEEM_WORDS[p.problem]}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
