import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { DEFAULT_TRANSFER_SETTINGS, type TransferMode, type TransferSettings } from '#common/transfers.ts';
import { Field, inputClass } from '../../components/ui/field.tsx';

export type TransferFormValues = { transfers: TransferSettings };
export const NEW_TRANSFER_SETTINGS: TransferFormValues = { transfers: DEFAULT_TRANSFER_SETTINGS };

const MODE_LABEL: Record<TransferMode, string> = {
  off: 'No: a place stays with whoever booked it',
  members: 'Yes, to other members',
  anyone: 'Yes, to anyone (they join as guest members)',
};

/** Whether members may hand a place on, to whom and until when (decision 057). */
export function TransferSettingsFields({
  register,
  errors,
}: {
  register: UseFormRegister<TransferFormValues>;
  errors: FieldErrors<TransferFormValues>;
}) {
  const e = errors.transfers;
  const number = (name: 'deadlineHours' | 'offerHours', label: string, hint: string) => (
    <Field id={`transfers-${name}`} label={label} hint={hint} error={e?.[name]?.message}>
      <input
        id={`transfers-${name}`}
        type="number"
        min={name === 'offerHours' ? 1 : 0}
        aria-invalid={Boolean(e?.[name])}
        className={inputClass}
        {...register(`transfers.${name}`, { valueAsNumber: true })}
      />
    </Field>
  );
  const check = (name: 'drawWins' | 'offerClaims', label: string) => (
    <label className="flex items-center gap-3 text-sm text-zinc-200">
      <input type="checkbox" className="size-4 accent-[#d4af37]" {...register(`transfers.${name}`)} />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-6 rounded-lg border border-line p-4 sm:p-5">
      <legend className="px-2 text-sm font-semibold tracking-wide text-gold">Giving a place to someone else</legend>
      <Field id="transfers-mode" label="Members may give their place to someone">
        <select id="transfers-mode" className={inputClass} {...register('transfers.mode')}>
          {(Object.keys(MODE_LABEL) as TransferMode[]).map((m) => (
            <option key={m} value={m}>
              {MODE_LABEL[m]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-6 md:grid-cols-2">
        {number('deadlineHours', 'No offers in the last (hours)', 'Never later than the change deadline anyway.')}
        {number('offerHours', 'An offer expires after (hours)', 'Unaccepted, the place stays with the member.')}
      </div>
      <div className="space-y-3">
        {check('drawWins', "A fair draw's winners may give their place")}
        {check('offerClaims', 'Claimed offer codes may be given')}
      </div>
    </fieldset>
  );
}
