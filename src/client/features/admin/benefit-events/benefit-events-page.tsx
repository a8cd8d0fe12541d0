import { Link } from 'wouter';
import type { BenefitEvent } from '#common/benefit-events.ts';
import { BENEFIT_TYPE_LABEL, BOOKED_THROUGH_LABEL } from '#common/benefit-type.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { attendeesPath } from '../../../paths.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminBenefit } from '../api.ts';
import { editBenefitPath } from '../paths.ts';
import { AddEventForm } from './add-event-form.tsx';
import { useBenefitEvents, useRemoveEvent } from './api.ts';
import { EventSlots } from './event-slots.tsx';

/** When an event happens, as the organiser typed it, in its own zone. */
function whenOf({ event: e }: BenefitEvent): string {
  const zone = e.timeZone ? ` (${e.timeZone.replace(/_/g, ' ')})` : '';
  if (e.schedule === 'timed')
    return `${e.startDate} ${e.startTime}–${e.endDate && e.endDate !== e.startDate ? `${e.endDate} ` : ''}${e.endTime}${zone}`;
  if (e.schedule === 'all-day')
    return `${e.startDate}${e.endDate && e.endDate !== e.startDate ? ` to ${e.endDate}` : ''}`;
  if (e.schedule === 'until' && e.endDate) return `Until ${e.endDate}`;
  return 'Ongoing';
}

/** A further event goes while nothing names it (the server says what does: bookings, a draw, a page's button). */
function RemoveEvent({ benefitId, event }: { benefitId: string; event: BenefitEvent }) {
  const remove = useRemoveEvent(benefitId);
  const drop = () =>
    remove.mutate(event.id, {
      onSuccess: () => toast({ title: 'Event removed', description: event.title }),
      onError: (err) =>
        toast({
          title: 'Error',
          description: serverMessageOr(err, 'The event could not be removed'),
          variant: 'destructive',
        }),
    });
  return (
    <Button variant="ghost" onClick={drop} disabled={remove.isPending}>
      Remove event
    </Button>
  );
}

function EventCard({ benefitId, event }: { benefitId: string; event: BenefitEvent }) {
  const builtIn = event.bookedThrough === 'evening' || event.bookedThrough === 'concierge';
  return (
    <li data-testid="benefit-event" className="rounded-lg border border-line p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-base font-semibold text-white">
          {event.title}
          {event.primary && <span className="ml-2 text-xs font-normal text-gold">the benefit's own</span>}
        </h2>
        <span className="flex items-center gap-3">
          {!event.primary && <RemoveEvent benefitId={benefitId} event={event} />}
          <Link href={attendeesPath(event.id)} className="text-sm text-gold underline underline-offset-4">
            Attendees
          </Link>
        </span>
      </div>
      <p className="mt-1 text-sm text-zinc-300">{whenOf(event)}</p>
      <p className="text-sm text-zinc-400">
        {BENEFIT_TYPE_LABEL[event.benefitType]} · {BOOKED_THROUGH_LABEL[event.bookedThrough]}
        {event.event.venueName ? ` · ${event.event.venueName}` : ''}
      </p>
      {builtIn && <EventSlots benefitId={benefitId} event={event} />}
    </li>
  );
}

/** /admin/edit-benefit/:id/events: a benefit's events (a second date, an opening night) and its tours' slots. */
export function BenefitEventsPage({ id }: { id: string }) {
  const benefit = useAdminBenefit(id);
  const events = useBenefitEvents(id);
  const primary = events.data?.[0];
  return (
    <AdminLayout title={benefit.data ? `Events and slots: ${benefit.data.title}` : 'Events and slots'}>
      <p className="mb-6 text-sm text-zinc-300">
        <Link href={editBenefitPath(id)} className="text-gold underline underline-offset-4">
          Back to the benefit
        </Link>
      </p>
      {events.isError ? (
        <p className="py-16 text-center text-zinc-300">Failed to load the benefit's events.</p>
      ) : !events.data ? (
        <p className="py-16 text-center text-zinc-400">Loading...</p>
      ) : (
        <div className="space-y-10">
          <ul className="space-y-4">
            {events.data.map((e) => (
              <EventCard key={e.id} benefitId={id} event={e} />
            ))}
          </ul>
          <section aria-labelledby="add-event" className="space-y-4">
            <h2 id="add-event" className="text-lg font-semibold text-gold">
              Add an event
            </h2>
            <AddEventForm
              key={primary?.id ?? 'none'}
              benefitId={id}
              like={primary && { timeZone: primary.event.timeZone, type: primary.benefitType }}
            />
          </section>
        </div>
      )}
    </AdminLayout>
  );
}
