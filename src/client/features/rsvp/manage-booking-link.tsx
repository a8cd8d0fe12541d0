import { Link } from 'wouter';
import { useT } from '../../i18n/use-t.ts';
import { bookingPath } from '../../paths.ts';

export type ManageableBooking = { id: string; canChange: boolean; contactEmail: string | null };

// At least 24 px high (WCAG 2.5.8 target size): it sits on a tile's compact lines.
const linkClass =
  'inline-flex min-h-6 items-center text-xs font-semibold tracking-wider text-gold underline underline-offset-4 hover:text-gold-soft';

/**
 * CHANGE/CANCEL BOOKING below a booking button: the member's booking page while the editing window is open,
 * else an e-mail to the partner contact as the original did (nothing when there is no contact).
 */
export function ManageBookingLink({ booking }: { booking: ManageableBooking | null | undefined }) {
  const t = useT();
  if (!booking) return null;
  if (booking.canChange)
    return (
      <Link href={bookingPath(booking.id)} className={linkClass} data-testid="manage-booking">
        {t('booking.changeCancel')}
      </Link>
    );
  if (!booking.contactEmail) return null;
  return (
    <a href={`mailto:${booking.contactEmail}`} className={linkClass} data-testid="manage-booking">
      {t('booking.changeCancel')}
    </a>
  );
}
