import { type ReactNode, useState } from 'react';
import type { AttendeeSlot } from '#common/attendees.ts';
import { SLOT_CAPACITY_MAX, slotCapacityBody } from '#common/slot-capacity.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { useSlotCapacity } from './api.ts';

/**
 * One slot's places held of its capacity, with the capacity editable in place; `children` go beside its Save (the
 * events screen's Remove), `onSaved` after a change (that screen's list reads again).
 */
export function SlotCapacityRow({
  eventId,
  slot,
  children,
  onSaved,
}: {
  eventId: string;
  slot: AttendeeSlot;
  children?: ReactNode;
  onSaved?: () => void;
}) {
  const save = useSlotCapacity(eventId);
  const [text, setText] = useState(String(slot.capacity));
  const [error, setError] = useState<string | null>(null);
  const id = `slot-capacity-${slot.id}`;
  const changed = text.trim() !== String(slot.capacity);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // The same bounds as the server's; a figure below the places held is the server's to refuse.
    const parsed = slotCapacityBody.safeParse({ capacity: text.trim() === '' ? Number.NaN : Number(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a whole number of places');
    setError(null);
    save.mutate(
      { slotId: slot.id, capacity: parsed.data.capacity },
      {
        onSuccess: (r) => {
          setText(String(r.capacity));
          const promoted = r.promoted ? ` · ${r.promoted} promoted from the waitlist` : '';
          toast({ title: 'Capacity saved', description: `${slot.label}: ${r.booked} of ${r.capacity}${promoted}` });
          onSaved?.();
        },
        onError: (err) => setError(serverMessageOr(err, 'The capacity could not be saved')),
      },
    );
  }

  return (
    <li data-testid="slot-capacity" data-slot-id={slot.id} className="py-2">
      <form onSubmit={submit} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <label htmlFor={id} className="min-w-40 flex-1 text-sm text-zinc-200">
          {slot.label}
          {!slot.isActive && <span className="text-zinc-500"> (no longer in the sheet)</span>}
        </label>
        <span data-testid="slot-held" className="text-sm tabular-nums text-zinc-400">
          {slot.booked} / {slot.capacity} held
        </span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={SLOT_CAPACITY_MAX}
          step={1}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClass, 'w-24')}
        />
        <Button type="submit" variant="outline" disabled={!changed || save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {children}
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

const FOLD_ABOVE = 6;

/** The event's slots and their capacities: the organiser changes them here rather than in Tab 2, which follows. */
export function SlotCapacities({ eventId, slots }: { eventId: string; slots: AttendeeSlot[] }) {
  if (slots.length === 0) return null;
  // A tour with dozens of slots starts folded, so the attendees stay near the top of the page.
  return (
    <details className="mb-4 rounded-md border border-line px-4 py-2" open={slots.length <= FOLD_ABOVE}>
      <summary className="cursor-pointer text-sm font-semibold text-zinc-200">Slot capacities ({slots.length})</summary>
      <ul className="divide-y divide-line">
        {slots.map((slot) => (
          <SlotCapacityRow key={`${slot.id}:${slot.capacity}`} eventId={eventId} slot={slot} />
        ))}
      </ul>
    </details>
  );
}
