import { useState } from 'react';
import { ATTENDEE_ACTIONS, type Attendee, type AttendeeAction, type BulkResult } from '#common/attendees.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { ACTION_LABEL, nameOf } from './actions.ts';

/** The selection's action bar: one action for every selected booking. */
export function BulkBar({
  count,
  pending,
  onApply,
  onClear,
}: {
  count: number;
  pending: boolean;
  onApply: (action: AttendeeAction) => void;
  onClear: () => void;
}) {
  const [action, setAction] = useState<AttendeeAction>('resend');
  return (
    <div
      data-testid="bulk-bar"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-gold/40 bg-gold/5 px-3 py-2"
    >
      <span className="text-sm text-zinc-100">{count} selected</span>
      <label htmlFor="bulk-action" className="sr-only">
        Action for the selection
      </label>
      <select
        id="bulk-action"
        className={`${inputClass} h-10 w-auto min-w-0 flex-1 py-1.5 sm:flex-none`}
        value={action}
        onChange={(e) => setAction(e.target.value as AttendeeAction)}
      >
        {ATTENDEE_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {ACTION_LABEL[a]}
          </option>
        ))}
      </select>
      <Button className="h-10 py-1.5" disabled={pending} onClick={() => onApply(action)}>
        {pending ? 'Working...' : 'Apply'}
      </Button>
      <Button variant="ghost" className="h-10 py-1.5" onClick={onClear}>
        Clear
      </Button>
    </div>
  );
}

/** What a bulk action did: how many were done, and each refusal with its reason. */
export function BulkReport({ result, rows, onClose }: { result: BulkResult; rows: Attendee[]; onClose: () => void }) {
  const done = result.results.filter((r) => r.ok).length;
  const refused = result.results.filter((r) => !r.ok);
  const who = (id: string) => {
    const a = rows.find((r) => r.id === id);
    return a ? nameOf(a) : id;
  };
  return (
    <section
      data-testid="bulk-report"
      aria-live="polite"
      className="mb-3 rounded-lg border border-line bg-panel px-4 py-3 text-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <p className="text-zinc-100">
          {done} done{refused.length > 0 ? `, ${refused.length} refused` : ''}
        </p>
        <button type="button" className="text-zinc-400 hover:text-white" onClick={onClose}>
          Dismiss
        </button>
      </div>
      {refused.length > 0 && (
        <ul className="mt-2 space-y-1">
          {refused.map((r) => (
            <li key={r.bookingId} className="text-red-300">
              <span className="font-medium">{who(r.bookingId)}</span>: {r.error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
