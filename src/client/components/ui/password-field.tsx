import { Field, inputClass } from './field.tsx';

/**
 * A password input with its label, hint and error: `isNew` tells the browser's password manager to suggest one
 * rather than fill the saved one in.
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  isNew = false,
  value,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  isNew?: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error ?? undefined}>
      <input
        id={id}
        type="password"
        autoComplete={isNew ? 'new-password' : 'current-password'}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </Field>
  );
}
