import { Link } from 'wouter';
import { useT } from '../../i18n/use-t.ts';
import { PATHS } from '../../paths.ts';
import { AddToCalendar, ManageBookingLink } from '../rsvp/booking-links.ts';
import { shortName, type TileBooking } from './tile-state.ts';

// As the calendar lines above it: at least 24 px high (WCAG 2.5.8 target size).
const manageClass =
  'inline-flex min-h-6 items-center text-xs font-semibold tracking-wider text-gold underline underline-offset-4 hover:text-gold-soft';
const manageable = (b: TileBooking) => ({
  id: b.id,
  canChange: b.manage.canChange,
  contactEmail: b.manage.contactEmail,
});

/** A booked tile's lines: Add To Calendar per confirmed booking, and where to change or cancel. */
export function TileBookings({
  bookings,
  calendars,
  benefitTitle,
}: {
  bookings: TileBooking[];
  calendars: TileBooking[];
  benefitTitle: string;
}) {
  const t = useT();
  const several = bookings.length > 1;
  const [single] = bookings;
  return (
    <div className="mt-1.5">
      {calendars.map((b) =>
        b.calendar ? (
          <AddToCalendar
            key={b.id}
            compact
            calendar={b.calendar}
            eventId={b.eventId}
            label={several ? shortName(b.eventTitle, benefitTitle) : undefined}
          />
        ) : null,
      )}
      {several ? (
        // One link for both: My bookings lists each with its own CHANGE/CANCEL BOOKING.
        <Link href={PATHS.myBookings} className={manageClass} data-testid="manage-bookings">
          {t('tile.manageAll')}
        </Link>
      ) : (
        <ManageBookingLink booking={single && manageable(single)} />
      )}
    </div>
  );
}
