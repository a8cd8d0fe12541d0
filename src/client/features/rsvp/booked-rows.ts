import type { MemberBooking } from '#common/bookings.ts';
import { formatTimeRange, localDate } from '#common/event-time.ts';
import { formatSlot, formatSlotClock, longDate } from '#common/time-range.ts';

/** 20251002T020000Z -> the instant. */
export const fromCompact = (c: string) =>
  new Date(`${c.slice(0, 4)}-${c.slice(4, 6)}-${c.slice(6, 8)}T${c.slice(9, 11)}:${c.slice(11, 13)}:00Z`);

/**
 * Events whose slot is something before the event, not its time: the evening's slot is the AP House tour (issue
 * 18), so its page says when the evening is and, apart, which tour.
 */
export const SLOT_IS_EXTRA: Record<string, { label: string; none: string }> = {
  'sap-night': { label: 'AP House tour', none: 'No tour' },
};

export type BookedRow = { key: 'when' | 'date' | 'slot' | 'extra' | 'guests'; label: string; value: string };
type Booked = Pick<MemberBooking, 'eventId' | 'slot' | 'calendar' | 'timeZone' | 'guestCount'>;

/** What a booking holds, as the member reads it: the date and time slot (or when), the evening's tour, guests. */
export function bookedRows(b: Booked, opts: { guests?: boolean } = {}): BookedRow[] {
  const rows: BookedRow[] = [];
  const extra = SLOT_IS_EXTRA[b.eventId];
  if (b.slot && !extra) {
    if (b.slot.date) rows.push({ key: 'date', label: 'Date', value: longDate(b.slot.date) });
    // Labelled with the zone's name on the booked day (EST in December, EDT in July).
    const day = b.slot.date ?? (b.calendar ? localDate(fromCompact(b.calendar.startDate), b.timeZone) : null);
    rows.push({ key: 'slot', label: 'Time slot', value: formatSlotClock(b.slot.time, day, b.timeZone) });
  } else if (b.calendar) {
    const when = formatTimeRange(fromCompact(b.calendar.startDate), fromCompact(b.calendar.endDate), b.timeZone);
    rows.push({ key: 'when', label: 'When', value: when });
  }
  if (extra)
    rows.push({
      key: 'extra',
      label: extra.label,
      value: b.slot ? formatSlot(b.slot.time, null, b.timeZone) : extra.none,
    });
  if (opts.guests || b.guestCount > 0) rows.push({ key: 'guests', label: 'Guests', value: String(b.guestCount) });
  return rows;
}
