import { type FormEvent, useState } from 'react';
import { type BenefitEvent, eventSlotInputSchema } from '#common/benefit-events.ts';
import { SLOT_CAPACITY_MAX, slotCapacityBody } from '#common/slot-capacity.ts';
import { longDate } from '#common/time-range.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { useSlotCapacity } from '../attendees/api.ts';
import { refreshBenefitEvents, useAddSlots, useRemoveSlot } from './api.ts';

type Slot = BenefitEvent['slots'][number];
const slotLabel = (s: Pick<Slot, 'date' | 'time'>) => (s.date ? `${longDate(s.date)}, ${s.time}` : s.time);

/** One slot: its places held of its capacity, the capacity editable, removable while nothing is booked in it. */
function SlotRow({ benefitId, eventId, slot }: { benefitId: string; eventId: string; slot: Slot }) {
  const save = useSlotCapacity(eventId);
  const remove = useRemoveSlot(benefitId);
  const [text, setText] = useState(String(slot.capacity));
  const [error, setError] = useState<string | null>(null);
  const id = `slot-${slot.id}`;
  const booked = slot.booked ?? 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    // The server's bounds; a capacity below the places held is the server's to refuse.
    const parsed = slotCapacityBody.safeParse({ capacity: text.trim() === '' ? Number.NaN : Number(text) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a whole number of places');
    setError(null);
    save.mutate(
      { slotId: slot.id ?? '', capacity: parsed.data.capacity },
      {
        onSuccess: (r) =>
          toast({ title: 'Capacity saved', description: `${slotLabel(slot)}: ${r.booked} of ${r.capacity}` }),
        onError: (err) => setError(serverMessageOr(err, 'The capacity could not be saved')),
        onSettled: () => refreshBenefitEvents(benefitId),
      },
    );
  }

  const drop = () =>
    remove.mutate(
      { eventId, slotId: slot.id ?? '' },
      {
        onSuccess: () => toast({ title: 'Slot removed', description: slotLabel(slot) }),
        onError: (err) => setError(serverMessageOr(err, 'The slot could not be removed')),
      },
    );

  return (
    <li data-testid="event-slot" className="py-2">
      <form onSubmit={submit} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <label htmlFor={id} className="min-w-40 flex-1 text-sm text-zinc-200">
          {slotLabel(slot)}
        </label>
        <span className="text-sm tabular-nums text-zinc-400">
          {booked} / {slot.capacity} held
        </span>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={SLOT_CAPACITY_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(inputClass, 'w-24')}
        />
        <Button type="submit" variant="outline" disabled={text.trim() === String(slot.capacity) || save.isPending}>
          Save
        </Button>
        <Button
          variant="ghost"
          onClick={drop}
          disabled={booked > 0 || remove.isPending}
          title={booked > 0 ? 'Places are held in this slot' : undefined}
        >
          Remove
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}

/** Adds one slot: a tour's day and time, or an evening's time, with its places. */
function AddSlot({ benefitId, event }: { benefitId: string; event: BenefitEvent }) {
  const add = useAddSlots(benefitId);
  const tour = event.bookedThrough === 'concierge';
  const [slot, setSlot] = useState({ date: '', time: '', capacity: '10' });
  const [error, setError] = useState<string | null>(null);
  const prefix = `add-slot-${event.id}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (tour && !slot.date) return setError('Choose the tour’s day');
    const parsed = eventSlotInputSchema.safeParse({
      date: tour ? slot.date : null,
      time: slot.time,
      capacity: Number(slot.capacity),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the slot');
    setError(null);
    add.mutate(
      { eventId: event.id, slots: [parsed.data] },
      {
        onSuccess: () => {
          toast({ title: 'Slot added', description: slotLabel(parsed.data as Slot) });
          setSlot((s) => ({ ...s, time: '' }));
        },
        onError: (err) => setError(serverMessageOr(err, 'The slot could not be added')),
      },
    );
  }

  return (
    <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
      {tour && (
        <Field id={`${prefix}-date`} label="Day">
          <input
            id={`${prefix}-date`}
            type="date"
            className={inputClass}
            value={slot.date}
            onChange={(e) => setSlot({ ...slot, date: e.target.value })}
          />
        </Field>
      )}
      <Field id={`${prefix}-time`} label="Time" hint="As members read it, e.g. 10:00am-11:00am">
        <input
          id={`${prefix}-time`}
          className={inputClass}
          value={slot.time}
          onChange={(e) => setSlot({ ...slot, time: e.target.value })}
        />
      </Field>
      <Field id={`${prefix}-capacity`} label="Places">
        <input
          id={`${prefix}-capacity`}
          type="number"
          inputMode="numeric"
          min={1}
          className={inputClass}
          value={slot.capacity}
          onChange={(e) => setSlot({ ...slot, capacity: e.target.value })}
        />
      </Field>
      <Button type="submit" disabled={add.isPending}>
        Add slot
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-400 sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}

/** A built-in form's slots (a Sheet's form takes its own from Tab 2). */
export function EventSlots({ benefitId, event }: { benefitId: string; event: BenefitEvent }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-zinc-200">Slots ({event.slots.length})</h3>
      {event.slots.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-400">No slots yet: members cannot book it until you add one.</p>
      ) : (
        <ul className="divide-y divide-line">
          {event.slots.map((s) => (
            <SlotRow key={`${s.id}:${s.capacity}`} benefitId={benefitId} eventId={event.id} slot={s} />
          ))}
        </ul>
      )}
      <AddSlot benefitId={benefitId} event={event} />
    </div>
  );
}
