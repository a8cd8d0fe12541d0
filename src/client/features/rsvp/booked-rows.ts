import type { MemberBooking } from '#common/bookings.ts';
import { formatTimeRange, localDate } from '#common/event-time.ts';
import { formatSlot, formatSlotClock, longDate } from '#common/time-range.ts';
import { i18n, type MessageId, t } from '../../i18n/i18n.ts';

/** 20251002T020000Z -> the instant. */
export const fromCompact = (c: string) =>
  new Date(`${c.slice(0, 4)}-${c.slice(4, 6)}-${c.slice(6, 8)}T${c.slice(9, 11)}:${c.slice(11, 13)}:00Z`);

/**
 * Events whose slot is something before the event, not its time: the evening's slot is the AP House tour
 * (docs/spec/member-portal.md), so its page says when the evening is and, apart, which tour.
 */
const EXTRA_WORDS: Record<string, { label: MessageId; none: MessageId }> = {
  'sap-night': { label: 'row.apHouseTour', none: 'row.noTour' },
};

/** The extra's words in the member's language, or undefined for an event whose slot is its time. */
export function slotIsExtra(eventId: string): { label: string; none: string } | undefined {
  const words = EXTRA_WORDS[eventId];
  return words && { label: t(words.label), none: t(words.none) };
}

export type BookedRow = { key: 'when' | 'date' | 'slot' | 'extra' | 'guests'; label: string; value: string };
type Booked = Pick<MemberBooking, 'eventId' | 'slot' | 'calendar' | 'timeZone' | 'guestCount'>;

/** What a booking holds, as the member reads it: the date and time slot (or when), the evening's tour, guests. */
export function bookedRows(b: Booked, opts: { guests?: boolean } = {}): BookedRow[] {
  const rows: BookedRow[] = [];
  const extra = slotIsExtra(b.eventId);
  const locale = i18n.locale; // the member's language, the one the rows' labels are in
  if (b.slot && !extra) {
    if (b.slot.date) rows.push({ key: 'date', label: t('row.date'), value: longDate(b.slot.date, locale) });
    // Labelled with the zone's name on the booked day (EST in December, EDT in July).
    const day = b.slot.date ?? (b.calendar ? localDate(fromCompact(b.calendar.startDate), b.timeZone) : null);
    rows.push({ key: 'slot', label: t('me.slot'), value: formatSlotClock(b.slot.time, day, b.timeZone, locale) });
  } else if (b.calendar) {
    const when = formatTimeRange(
      fromCompact(b.calendar.startDate),
      fromCompact(b.calendar.endDate),
      b.timeZone,
      locale,
    );
    rows.push({ key: 'when', label: t('me.when'), value: when });
  }
  if (extra)
    rows.push({
      key: 'extra',
      label: extra.label,
      value: b.slot ? formatSlot(b.slot.time, null, b.timeZone, locale) : extra.none,
    });
  if (opts.guests || b.guestCount > 0) rows.push({ key: 'guests', label: t('me.guests'), value: String(b.guestCount) });
  return rows;
}
