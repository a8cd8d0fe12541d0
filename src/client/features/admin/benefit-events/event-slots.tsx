import { type FormEvent, useState } from 'react';
import { type BenefitEvent, eventSlotInputSchema } from '#common/benefit-events.ts';
import { longDate } from '#common/time-range.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { SlotCapacityRow } from '../attendees/slot-capacities.tsx';
import { refreshBenefitEvents, useAddSlots, useRemoveSlot } from './api.ts';

type Slot = BenefitEvent['slots'][number];
const slotLabel = (s: Pick<Slot, 'date' | 'time'>) => (s.date ? `${longDate(s.date)}, ${s.time}` : s.time);

/** A slot's Remove, offered while nothing is booked in it (the server refuses it otherwise: 409 slot_held). */
function RemoveSlot({ benefitId, eventId, slot }: { benefitId: string; eventId: string; slot: Slot }) {
  const remove = useRemoveSlot(benefitId);
  const booked = (slot.booked ?? 0) > 0;
  const drop = () =>
    remove.mutate(
      { eventId, slotId: slot.id ?? '' },
      {
        onSuccess: () => toast({ title: 'Slot removed', description: slotLabel(slot) }),
        onError: (err) =>
          toast({
            title: 'Error',
            description: serverMessageOr(err, 'The slot could not be removed'),
            variant: 'destructive',
          }),
      },
    );
  return (
    <Button
      variant="ghost"
      onClick={drop}
      disabled={booked || remove.isPending}
      title={booked ? 'Places are held in this slot' : undefined}
    >
      Remove
    </Button>
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
            <SlotCapacityRow
              key={`${s.id}:${s.capacity}`}
              eventId={event.id}
              slot={{
                id: s.id ?? '',
                date: s.date,
                time: s.time,
                label: slotLabel(s),
                capacity: s.capacity,
                booked: s.booked ?? 0,
                isActive: true,
              }}
              onSaved={() => refreshBenefitEvents(benefitId)}
            >
              <RemoveSlot benefitId={benefitId} eventId={event.id} slot={s} />
            </SlotCapacityRow>
          ))}
        </ul>
      )}
      <AddSlot benefitId={benefitId} event={event} />
    </div>
  );
}
