import type { DynamicField } from '#common/dynamic-form.ts';
import { fieldLang } from '#common/served-lang.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useT } from '../../i18n/use-t.ts';
import { Field, inputClass, RadioGroup } from '../ui/field.tsx';

type Props = {
  field: DynamicField;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
  /** Choices that come from slot logic (dates or time slots) instead of the field's own options. */
  choices?: { value: string; label: string; lang?: string }[];
};

/** One field of a dynamic form, drawn by its type (docs/spec/admin-and-rsvp.md §3 field types). */
export function DynamicFieldInput({ field, value, error, onChange, choices }: Props) {
  const t = useT();
  // The field's words are the organiser's, English where the server says they fell back (decision 073); slot
  // choices are the portal's own.
  const textLang = useTextLang();
  const words = (path: string) => textLang(fieldLang(field.fallback, path));
  const lang = words('displayName');
  const hintLang = words('helpText');
  const id = `f-${field.fieldName}`;
  const label = `${field.displayName}${field.isRequired ? ' *' : ''}`;
  const common = { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined };
  const text = value === undefined || value === null ? '' : String(value);
  const options =
    choices ??
    (field.options ?? []).map((o, i) => ({
      value: o,
      label: field.optionLabels?.[i] || o,
      lang: words(`options.${i}`),
    }));

  if (field.fieldType === 'checkbox') {
    return (
      <div className="space-y-1.5">
        <label className="flex items-start gap-3 text-sm text-zinc-200" lang={lang}>
          <input
            type="checkbox"
            {...common}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
            className="mt-1 accent-[#d4af37]"
          />
          <span>{label}</span>
        </label>
        {field.helpText && (
          <p className="text-xs text-zinc-400" lang={hintLang}>
            {field.helpText}
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
  if (field.fieldType === 'radio') {
    return (
      <RadioGroup
        name={field.fieldName}
        legend={label}
        options={options}
        value={text}
        onChange={onChange}
        error={error}
        hint={field.helpText ?? undefined}
        lang={lang}
        hintLang={hintLang}
      />
    );
  }
  return (
    <Field id={id} label={label} error={error} hint={field.helpText ?? undefined} lang={lang} hintLang={hintLang}>
      {field.fieldType === 'select' || choices ? (
        <select {...common} className={inputClass} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="" lang={field.placeholder ? words('placeholder') : undefined}>
            {field.placeholder || t('form.choose')}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value} lang={o.lang}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.fieldType === 'textarea' ? (
        <textarea
          {...common}
          className={inputClass}
          rows={4}
          placeholder={field.placeholder ?? ''}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          {...common}
          className={inputClass}
          type={field.fieldType === 'number' ? 'number' : field.fieldType}
          min={field.validation?.min}
          max={field.validation?.max}
          placeholder={field.placeholder ?? ''}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
