import type { MemberBooking } from '#common/bookings.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { bookedRows } from './booked-rows.ts';

/** After an RSVP: what the member booked and, once it holds a confirmed place, Add To Calendar. */
export function BookedSummary({ booking, guests }: { booking: MemberBooking; guests?: boolean }) {
  const rows = bookedRows(booking, { guests });
  return (
    <div className="space-y-3" data-testid="booked-summary">
      {rows.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-line p-4 text-sm">
          {rows.map((r) => (
            <div key={r.key} className="contents">
              <dt className="text-zinc-400">{r.label}</dt>
              <dd className="break-words text-zinc-100" data-testid={`booked-${r.key}`}>
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {booking.status === 'confirmed' && booking.calendar && (
        <AddToCalendar calendar={booking.calendar} eventId={booking.eventId} />
      )}
    </div>
  );
}
