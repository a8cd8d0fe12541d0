import { X } from 'lucide-react';
import { zoneLabel } from '#common/event-time.ts';
import { inputClass } from '../../components/ui/field.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { useOrganiserZone } from '../../lib/admin-http.ts';

const label = 'block text-xs font-medium uppercase tracking-wider text-zinc-400';

/** Search box and date range of the benefit report. */
export function ReportFiltersBar({
  search,
  onSearch,
  startDate,
  endDate,
  onStartDate,
  onEndDate,
  rangeError,
}: {
  search: string;
  onSearch: (v: string) => void;
  startDate: string;
  endDate: string;
  onStartDate: (v: string) => void;
  onEndDate: (v: string) => void;
  rangeError: string | null;
}) {
  const zone = useOrganiserZone();
  return (
    <div className="flex flex-1 flex-wrap items-end gap-3">
      <div className="w-full space-y-1 sm:w-72">
        <label htmlFor="analytics-search" className={label}>
          Search benefits
        </label>
        <SearchInput id="analytics-search" placeholder="Benefit name" value={search} onChange={onSearch} />
      </div>
      <div className="space-y-1">
        <label htmlFor="analytics-start" className={label}>
          Start date
        </label>
        <input
          id="analytics-start"
          type="date"
          value={startDate}
          max={endDate || undefined}
          onChange={(e) => onStartDate(e.target.value)}
          aria-invalid={rangeError ? true : undefined}
          className={`${inputClass} [color-scheme:dark]`}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="analytics-end" className={label}>
          End date
        </label>
        <input
          id="analytics-end"
          type="date"
          value={endDate}
          min={startDate || undefined}
          onChange={(e) => onEndDate(e.target.value)}
          aria-invalid={rangeError ? true : undefined}
          className={`${inputClass} [color-scheme:dark]`}
        />
      </div>
      {(startDate || endDate) && (
        <button
          type="button"
          onClick={() => {
            onStartDate('');
            onEndDate('');
          }}
          className="inline-flex items-center gap-1 px-2 py-2.5 text-sm text-zinc-400 hover:text-white"
        >
          <X size={14} aria-hidden />
          Clear dates
        </button>
      )}
      <p className="w-full text-xs text-zinc-400" data-testid="analytics-zone">
        Dates are whole days in {zone} time ({zoneLabel(new Date(), zone)}).
      </p>
      {rangeError && (
        <p role="alert" className="w-full text-sm text-red-400">
          {rangeError}
        </p>
      )}
    </div>
  );
}
