import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';

/** A labelled form control with its error, wired for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  lang,
  hintLang = lang,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The label's (and by default the hint's) language when not the page's (an organiser's words, decision 063). */
  lang?: string;
  hintLang?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-200" lang={lang}>
        {label}
      </label>
      {children}
      {hint && (
        <p className="text-xs text-zinc-400" lang={hintLang}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text field's look (`.ui-input` in styles.css, a layer below utilities: classes added after it win). */
export const inputClass = 'ui-input';

/** A value the member sees but cannot change (their sign-in e-mail): no field border, so it does not invite typing. */
export const readOnlyInputClass =
  'w-full cursor-default rounded-md border border-transparent bg-white/[0.04] px-3 py-2.5 text-zinc-300 focus:outline-none';

/**
 * Radio buttons under a legend; an error is tied to the group (described by it) and to each radio (invalid), so a
 * screen reader says it on entering the group.
 */
export function RadioGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  lang,
  hintLang = lang,
}: {
  name: string;
  legend: string;
  /** Each option says its own label's language when not the page's (an organiser's option left in English). */
  options: readonly { value: V; label: string; lang?: string }[];
  value: string | undefined;
  onChange: (v: V) => void;
  error?: string;
  hint?: string;
  /** The legend's (and by default the hint's) language when not the page's (decision 063). */
  lang?: string;
  hintLang?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-zinc-200" lang={lang}>
        {legend}
      </legend>
      <div className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label
            key={o.value}
            lang={o.lang}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-4 py-2 text-sm has-[:checked]:border-gold has-[:checked]:text-gold"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              aria-invalid={error ? true : undefined}
              className="accent-[#d4af37]"
            />
            {o.label}
          </label>
        ))}
      </div>
      {hint && (
        <p className="text-xs text-zinc-400" lang={hintLang}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Yes / No as two radio buttons. */
export function YesNo(props: {
  name: string;
  value: string | undefined;
  onChange: (v: 'yes' | 'no') => void;
  legend: string;
  error?: string;
}) {
  const t = useT();
  const options = [
    { value: 'yes', label: t('form.yes') },
    { value: 'no', label: t('form.no') },
  ] as const;
  return <RadioGroup {...props} options={options} />;
}
