import { type AttendeeSlot, NO_SLOT } from '#common/attendees.ts';
import { BOOKING_STATUSES } from '#common/bookings.ts';
import { inputClass } from '../../../components/ui/field.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { STATUS_LABEL } from './actions.ts';
import type { AttendeeFilters } from './api.ts';

const SORTS = [
  ['bookedAt', 'Booked at'],
  ['name', 'Name'],
  ['email', 'E-mail'],
  ['status', 'Status'],
  ['slot', 'Slot'],
  ['guests', 'Guests'],
  ['checkedInAt', 'Check-in time'],
] as const;

const labelClass = 'block text-sm font-medium text-zinc-200';

function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  disabled = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
  disabled?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass} h-11`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Search, the three filters and the sort, in one grid that stacks on a phone. */
export function AttendeesFilters({
  filters,
  slots,
  onChange,
}: {
  filters: AttendeeFilters;
  slots: AttendeeSlot[];
  onChange: (next: AttendeeFilters) => void;
}) {
  const set = <K extends keyof AttendeeFilters>(key: K, value: AttendeeFilters[K]) =>
    onChange({ ...filters, [key]: value });
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]">
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <label htmlFor="attendee-search" className={labelClass}>
          Search
        </label>
        <SearchInput
          id="attendee-search"
          placeholder="Name, e-mail or pass code"
          value={filters.q}
          onChange={(v) => set('q', v)}
          className="h-11"
        />
      </div>
      <SelectField
        id="attendee-status"
        label="Status"
        value={filters.status}
        onChange={(v) => set('status', v as AttendeeFilters['status'])}
        options={[['all', 'All statuses'], ...BOOKING_STATUSES.map((st) => [st, STATUS_LABEL[st]] as const)]}
      />
      <SelectField
        id="attendee-slot"
        label="Slot"
        value={filters.slotId}
        onChange={(v) => set('slotId', v)}
        disabled={slots.length === 0}
        options={[
          ['', 'All slots'],
          ...slots.map((sl) => [sl.id, sl.label] as const),
          ...(slots.length > 0 ? [[NO_SLOT, 'No slot'] as const] : []),
        ]}
      />
      <SelectField
        id="attendee-checked-in"
        label="Checked in"
        value={filters.checkedIn}
        onChange={(v) => set('checkedIn', v as AttendeeFilters['checkedIn'])}
        options={[
          ['all', 'Everyone'],
          ['yes', 'Checked in'],
          ['no', 'Not checked in'],
        ]}
      />
      <div className="space-y-1.5">
        <label htmlFor="attendee-sort" className={labelClass}>
          Sort by
        </label>
        <div className="flex gap-2">
          <select
            id="attendee-sort"
            className={`${inputClass} h-11 min-w-0`}
            value={filters.sort}
            onChange={(e) => set('sort', e.target.value as AttendeeFilters['sort'])}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="h-11 shrink-0 rounded-md border border-line px-3 text-sm text-zinc-200 hover:border-gold"
            aria-label={filters.dir === 'asc' ? 'Ascending; switch to descending' : 'Descending; switch to ascending'}
            onClick={() => set('dir', filters.dir === 'asc' ? 'desc' : 'asc')}
          >
            {filters.dir === 'asc' ? '↑' : '↓'}
          </button>
        </div>
      </div>
    </div>
  );
}
