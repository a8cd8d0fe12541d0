import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useAdminBenefits } from '../api.ts';
import { BenefitOptions } from '../benefit-options.tsx';

/** The benefit the form belongs to: pick one by name, or type its id (docs/spec/admin-and-rsvp.md §2, default 'default'). */
export function BenefitIdInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const benefits = useAdminBenefits();
  const rows = benefits.data ?? [];
  const known = rows.find((b) => b.id === value.trim());
  const hint = known
    ? `The form will be live at /rsvp/${known.id}.`
    : benefits.isError
      ? 'The benefit list could not be loaded; type the benefit id.'
      : 'Not one of the existing benefits: deploying needs a real benefit id.';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="benefit-choice" label="Existing Benefit">
        <select
          id="benefit-choice"
          className={inputClass}
          value={known?.id ?? ''}
          disabled={benefits.isLoading || rows.length === 0}
          onChange={(e) => e.target.value && onChange(e.target.value)}
        >
          <option value="">{benefits.isLoading ? 'Loading benefits...' : 'Choose a benefit...'}</option>
          <BenefitOptions rows={rows} />
        </select>
      </Field>
      <Field id="benefitId" label="Benefit ID" error={error} hint={error ? undefined : hint}>
        <input
          id="benefitId"
          className={inputClass}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'benefitId-error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
    </div>
  );
}
