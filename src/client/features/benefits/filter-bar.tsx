import { FILTERS, type Filter } from '#common/benefit-filters.ts';
import { goldFocusRing } from '../../components/ui/focus-ring.ts';
import { useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';

export function FilterBar({ value, onChange }: { value: Filter; onChange: (f: Filter) => void }) {
  const t = useT();
  return (
    <fieldset className="flex flex-wrap justify-center gap-2">
      <legend className="sr-only">{t('filter.legend')}</legend>
      {FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={value === f}
          onClick={() => onChange(f)}
          className={cx(
            'rounded-full border px-5 py-2 text-xs font-semibold tracking-[0.2em] transition-colors',
            value === f
              ? `border-gold bg-gold text-ink ${goldFocusRing}`
              : 'border-line text-zinc-300 hover:border-gold/60 hover:text-white',
          )}
        >
          {t(`filter.${f}`)}
        </button>
      ))}
    </fieldset>
  );
}
