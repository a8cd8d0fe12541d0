import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { AttendeeSlot } from '#common/attendees.ts';
import { identityAnswers } from '#common/dynamic-form.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { AddAttendeeAnswers } from './add-attendee-answers.tsx';
import { useAttendeeForm, useMemberSuggestions } from './api.ts';

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

type Suggestions = ReturnType<typeof useMemberSuggestions>;

/** The member's e-mail, suggesting listed members as it is typed. */
function MemberEmail({
  email,
  setEmail,
  suggestions,
}: {
  email: string;
  setEmail: (v: string) => void;
  suggestions: Suggestions;
}) {
  const listId = useId();
  return (
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
  );
}

export type AddBody = {
  email: string;
  slotId?: string;
  guestCount?: number;
  formData?: Record<string, unknown>;
  acceptTerms?: boolean;
};

/**
 * Books a listed member; the engine's rules apply. Where members book through a live form, the admin answers its
 * questions for the member (the same form, checked again by the server), and the answers choose slot and guests.
 */
export function AddAttendeeDialog({
  eventId,
  open,
  onOpenChange,
  slots,
  pending,
  error,
  onAdd,
}: {
  eventId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  slots: AttendeeSlot[];
  pending: boolean;
  error: string | null;
  onAdd: (body: AddBody) => void;
}) {
  const [email, setEmail] = useState('');
  // With a form, the member is chosen first: the form opens with their e-mail and name filled in, as theirs does.
  const [chosen, setChosen] = useState<string | null>(null);
  const suggestions = useMemberSuggestions(useDebounced(email, 250));
  // The chosen member's own record (name), looked up by their e-mail before the form opens with it.
  const member = useMemberSuggestions(chosen ?? '');
  const live = useAttendeeForm(eventId, open);
  const form = live.data?.form;
  const alert = error && (
    <p role="alert" className="text-sm text-red-400">
      {error}
    </p>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a booking">
      <div className="mt-4 space-y-4">
        {form && chosen ? (
          <>
            <p className="text-sm text-zinc-300">
              Booking for <span className="font-semibold text-white">{chosen}</span>{' '}
              <Button variant="ghost" className="px-2 py-1" onClick={() => setChosen(null)}>
                Change
              </Button>
            </p>
            {alert}
            {member.isPending ? (
              <p className="text-sm text-zinc-400">Loading the member...</p>
            ) : (
              <AddAttendeeAnswers
                form={form}
                slots={live.data?.slots ?? null}
                initialValues={identityAnswers(form.formFields, listedMember(chosen, member))}
                pending={pending}
                onCancel={() => onOpenChange(false)}
                onAnswers={(formData, acceptTerms) => onAdd({ email: chosen, formData, acceptTerms })}
              />
            )}
          </>
        ) : (
          <MemberEmail email={email} setEmail={setEmail} suggestions={suggestions} />
        )}
        {live.isPending ? (
          <p className="text-sm text-zinc-400">Loading the event's form...</p>
        ) : form ? (
          !chosen && (
            <form
              className="flex justify-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (email.trim()) setChosen(email.trim().toLowerCase());
              }}
            >
              <Button variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!email.trim()}>
                Next: the form
              </Button>
            </form>
          )
        ) : (
          <PlainAdd
            slots={slots}
            pending={pending}
            alert={alert}
            onCancel={() => onOpenChange(false)}
            onAdd={(body) => onAdd({ email, ...body })}
          />
        )}
      </div>
    </Dialog>
  );
}

/** The chosen e-mail with the listed member's name, when the members list has them (e-mails compare in any case). */
function listedMember(email: string, found: Suggestions) {
  const m = found.data?.members.find((x) => x.email.toLowerCase() === email);
  return { email, firstName: m?.firstName, lastName: m?.lastName };
}

/** Slot and guests, for an event members book without a form. */
function PlainAdd({
  slots,
  pending,
  alert,
  onCancel,
  onAdd,
}: {
  slots: AttendeeSlot[];
  pending: boolean;
  alert: ReactNode;
  onCancel: () => void;
  onAdd: (body: { slotId?: string; guestCount: number }) => void;
}) {
  const [slotId, setSlotId] = useState('');
  const [guests, setGuests] = useState(0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onAdd({ guestCount: guests, ...(slotId ? { slotId } : {}) });
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
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
      {alert}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Adding...' : 'Add booking'}
        </Button>
      </div>
    </form>
  );
}
