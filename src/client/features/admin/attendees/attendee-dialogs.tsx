import { type FormEvent, useId, useState } from 'react';
import type { AttendeeSlot } from '../../../../common/attendees.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useMemberSuggestions } from './api.ts';

const slotText = (s: AttendeeSlot) => `${s.label} (${Math.max(0, s.capacity - s.booked)} of ${s.capacity} left)`;

function SlotSelect({
  id,
  slots,
  value,
  onChange,
  exclude,
}: {
  id: string;
  slots: AttendeeSlot[];
  value: string;
  onChange: (v: string) => void;
  exclude?: string | null;
}) {
  return (
    <select id={id} className={`${inputClass} h-11`} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose a slot</option>
      {slots
        .filter((s) => s.isActive && s.id !== exclude)
        .map((s) => (
          <option key={s.id} value={s.id}>
            {slotText(s)}
          </option>
        ))}
    </select>
  );
}

/** Moves one booking (or a selection) to another slot; the engine refuses a full one. */
export function MoveDialog({
  open,
  onOpenChange,
  title,
  slots,
  currentSlotId,
  pending,
  onMove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  slots: AttendeeSlot[];
  currentSlotId: string | null;
  pending: boolean;
  onMove: (slotId: string) => void;
}) {
  const [slotId, setSlotId] = useState('');
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (slotId) onMove(slotId);
        }}
      >
        <Field id={id} label="New slot">
          <SlotSelect id={id} slots={slots} value={slotId} onChange={setSlotId} exclude={currentSlotId} />
        </Field>
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!slotId || pending}>
            {pending ? 'Moving...' : 'Move'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Books a listed member: the e-mail suggests members as it is typed; the engine's rules apply. */
export function AddAttendeeDialog({
  open,
  onOpenChange,
  slots,
  pending,
  error,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slots: AttendeeSlot[];
  pending: boolean;
  error: string | null;
  onAdd: (body: { email: string; slotId?: string; guestCount: number }) => void;
}) {
  const [email, setEmail] = useState('');
  const [slotId, setSlotId] = useState('');
  const [guests, setGuests] = useState(0);
  const suggestions = useMemberSuggestions(useDebounced(email, 250));
  const listId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd({ email, guestCount: guests, ...(slotId ? { slotId } : {}) });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a booking">
      <form className="mt-4 space-y-4" onSubmit={submit}>
        <Field id="add-attendee-email" label="Member's e-mail" hint="A listed member (Members page).">
          <input
            id="add-attendee-email"
            type="email"
            required
            list={listId}
            autoComplete="off"
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <datalist id={listId}>
            {(suggestions.data?.members ?? []).map((m) => (
              <option key={m.email} value={m.email}>
                {[m.firstName, m.lastName].filter(Boolean).join(' ')}
              </option>
            ))}
          </datalist>
        </Field>
        {slots.length > 0 && (
          <Field id="add-attendee-slot" label="Slot">
            <SlotSelect id="add-attendee-slot" slots={slots} value={slotId} onChange={setSlotId} />
          </Field>
        )}
        <Field id="add-attendee-guests" label="Guests">
          <input
            id="add-attendee-guests"
            type="number"
            min={0}
            max={10}
            className={inputClass}
            value={guests}
            onChange={(e) => setGuests(Math.max(0, Math.min(10, Number(e.target.value) || 0)))}
          />
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Adding...' : 'Add booking'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
