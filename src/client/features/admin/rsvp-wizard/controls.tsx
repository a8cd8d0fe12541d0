import { type ReactNode, useState } from 'react';
import { Field, inputClass } from '../../../components/ui/field.tsx';

/** Small labelled controls shared by the wizard's tabs. */
export function Check({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 text-sm text-zinc-200">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4 accent-[#d4af37]"
        />
        {label}
      </label>
      {hint && <p className="pl-7 text-xs text-zinc-400">{hint}</p>}
    </div>
  );
}

export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  placeholder,
  disabled,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  placeholder?: string;
  disabled?: boolean;
  multiline?: boolean;
}) {
  const common = {
    id,
    value,
    placeholder,
    disabled,
    className: inputClass,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {multiline ? (
        <textarea rows={4} {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input type={type} {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/**
 * A whole number within [min, max]. The text is the user's while they type; only valid
 * numbers reach the model, and leaving the box shows the model's value again.
 */
export function NumberInput({
  id,
  label,
  value,
  onChange,
  min,
  max,
  hint,
  disabled,
  optional,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  min?: number;
  max?: number;
  hint?: string;
  disabled?: boolean;
  /** Blank is allowed and means "no value". */
  optional?: boolean;
}) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === undefined ? '' : String(value));
  const parse = (t: string): number | undefined | null => {
    if (t.trim() === '') return optional ? undefined : null;
    const n = Number(t);
    if (!Number.isInteger(n)) return null;
    if ((min !== undefined && n < min) || (max !== undefined && n > max)) return null;
    return n;
  };
  const invalid = text !== null && parse(text) === null;
  const range = min !== undefined && max !== undefined ? `a whole number from ${min} to ${max}` : 'a whole number';
  return (
    <Field id={id} label={label} hint={hint} error={invalid ? `Enter ${range}` : undefined}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        disabled={disabled}
        value={shown}
        aria-invalid={invalid}
        className={inputClass}
        onChange={(e) => {
          setText(e.target.value);
          const n = parse(e.target.value);
          if (n !== null) onChange(n);
        }}
        onBlur={() => setText(null)}
      />
    </Field>
  );
}

export function Select({
  id,
  label,
  value,
  onChange,
  hint,
  disabled,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} hint={hint}>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      >
        {children}
      </select>
    </Field>
  );
}

/** A titled group of settings inside a tab. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-lg border border-line p-4">
      <h3 className="text-sm font-semibold uppercase tracking-wider text-gold">{title}</h3>
      {children}
    </section>
  );
}
