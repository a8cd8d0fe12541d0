import { useTextLang } from '../../i18n/text-lang.ts';
import { useT } from '../../i18n/use-t.ts';

/** The form's terms, shown in full, and the tick the server requires before it books. */
export function TermsBox({
  text,
  checked,
  error,
  onChange,
}: {
  text: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  const lang = useTextLang();
  return (
    <div className="space-y-2">
      {text.trim() && (
        <div
          data-testid="terms-text"
          lang={lang()}
          className="max-h-48 overflow-y-auto whitespace-pre-line rounded-lg border border-line bg-ink/60 p-3 text-sm text-zinc-300"
        >
          {text}
        </div>
      )}
      <label className="flex items-start gap-2 text-sm text-zinc-100">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-[#d4af37]"
          checked={checked}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'accept-terms-error' : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {t('dyn.termsLabel')}
      </label>
      {error && (
        <p id="accept-terms-error" role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
