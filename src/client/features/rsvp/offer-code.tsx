import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';

/**
 * An offer's code (decision 029) in large type with a copy button: the member pastes it at the partner's checkout. No QR
 * code: an offer has no door to show it at (decision 026).
 */
export function OfferCodes({ codes }: { codes: string[] }) {
  if (codes.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="offer-codes">
      {codes.map((code) => (
        <OfferCode key={code} code={code} />
      ))}
    </div>
  );
}

function OfferCode({ code }: { code: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false); // no clipboard (an insecure page): the code stays selectable
    }
  };
  return (
    <div className="flex items-center gap-3 rounded-xl border border-gold/40 bg-white/5 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold tracking-widest text-zinc-400">{t('code.yours')}</p>
        <p className="mt-1 font-mono text-lg font-bold break-all text-zinc-50 select-all" data-testid="offer-code">
          {code}
        </p>
      </div>
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-line px-3 text-sm font-semibold text-zinc-100 hover:border-gold hover:text-gold"
        aria-label={copied ? t('code.copiedLabel') : t('code.copyLabel', { code })}
        data-testid="copy-offer-code"
      >
        {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        {copied ? t('code.copied') : t('code.copy')}
      </button>
      <span className="sr-only" aria-live="polite">
        {copied ? t('code.copiedLabel') : ''}
      </span>
    </div>
  );
}
