import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { EventDetails } from '#common/event-details.ts';
import { DEFAULT_TIME_ZONE, timeZoneChoices } from '#common/event-time.ts';
import { Field, inputClass } from '../../components/ui/field.tsx';

/** The form's when-and-where values: as the organiser types them, schedule '' meaning "leave it as it is". */
export type EventDetailsValues = Omit<EventDetails, 'schedule'> & { schedule: EventDetails['schedule'] | '' };

export const EMPTY_EVENT_DETAILS: EventDetailsValues = {
  schedule: 'timed',
  timeZone: DEFAULT_TIME_ZONE,
  startDate: '',
  startTime: '',
  endDate: '',
  endTime: '',
  venueName: '',
  venueAddress: '',
  mapUrl: '',
  capacity: '',
};

const SCHEDULES: { value: EventDetailsValues['schedule']; label: string }[] = [
  { value: 'timed', label: 'Date and time' },
  { value: 'all-day', label: 'All day (one or more days)' },
  { value: 'until', label: 'Offer open until a date' },
  { value: 'ongoing', label: 'Ongoing offer (no end date)' },
];

type Props = {
  register: UseFormRegister<EventDetailsValues>;
  watch: UseFormWatch<EventDetailsValues>;
  errors: FieldErrors<EventDetailsValues>;
  /** An existing benefit without an event may stay without one. */
  allowUnset: boolean;
};

/** When and where an event happens, in its own time zone (docs/decisions/008). */
export function EventDetailsFields({ register, watch, errors, allowUnset }: Props) {
  const zones = useMemo(timeZoneChoices, []);
  const schedule = watch('schedule');
  const timeZone = watch('timeZone') || DEFAULT_TIME_ZONE;
  const input = (
    name: keyof EventDetailsValues,
    label: string,
    opts: { type?: string; hint?: string; placeholder?: string; inputMode?: 'numeric' } = {},
  ) => (
    <Field id={name} label={label} hint={opts.hint} error={errors[name]?.message}>
      <input
        id={name}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        placeholder={opts.placeholder}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
        className={inputClass}
        {...register(name)}
      />
    </Field>
  );

  return (
    <fieldset className="space-y-6 rounded-lg border border-line p-4 sm:p-5">
      <legend className="px-2 text-sm font-semibold tracking-wide text-gold">When and where</legend>
      <div className="grid gap-6 md:grid-cols-2">
        <Field id="schedule" label="Schedule" error={errors.schedule?.message}>
          <select id="schedule" className={inputClass} {...register('schedule')}>
            {allowUnset && <option value="">Not set</option>}
            {SCHEDULES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="timeZone"
          label="Time zone"
          hint={`Dates and times below are in ${timeZone}.`}
          error={errors.timeZone?.message}
        >
          <select id="timeZone" className={inputClass} {...register('timeZone')}>
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {schedule === 'timed' && (
        <div className="grid gap-6 sm:grid-cols-2">
          {input('startDate', 'Start date', { type: 'date' })}
          {input('startTime', 'Start time', { type: 'time' })}
          {input('endDate', 'End date (optional)', { type: 'date', hint: 'Leave empty when it ends the same day.' })}
          {input('endTime', 'End time', { type: 'time' })}
        </div>
      )}
      {schedule === 'all-day' && (
        <div className="grid gap-6 sm:grid-cols-2">
          {input('startDate', 'First day', { type: 'date' })}
          {input('endDate', 'Last day (optional)', { type: 'date', hint: 'Leave empty for a single day.' })}
        </div>
      )}
      {schedule === 'until' && (
        <div className="grid gap-6 sm:grid-cols-2">{input('endDate', 'Last day', { type: 'date' })}</div>
      )}
      {schedule === 'ongoing' && (
        <p id="schedule-ongoing" className="text-sm text-zinc-400">
          Members see it as an ongoing offer, open until you change or delete it.
        </p>
      )}
      <div className="grid gap-6 md:grid-cols-2">
        {input('venueName', 'Venue', { placeholder: 'e.g. The Grill Room, Orchard Hotel' })}
        {input('venueAddress', 'Venue address (optional)')}
        {input('mapUrl', 'Map link (optional)', { type: 'url', placeholder: 'https://' })}
        {input('capacity', 'Capacity (optional)', {
          inputMode: 'numeric',
          hint: 'Places in total, guests included. Empty for no limit.',
        })}
      </div>
    </fieldset>
  );
}
