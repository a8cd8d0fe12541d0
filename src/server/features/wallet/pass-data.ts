import { and, eq } from 'drizzle-orm';
import { benefitTitle } from '#common/benefit-title.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { hasDoor } from '#common/passes.ts';
import type { Db } from '../../db/client.ts';
import { bookings } from '../../db/schema.ts';
import { memberLocales } from '../auth/index.ts';
import { bookingTimes, venueOf } from '../booking-rules/index.ts';
import { bookingWhen, readRows } from '../rsvp/index.ts';

/** What a wallet pass shows of one booking, read fresh each time: a move or a cancellation shows on the next pass. */
export type WalletPassData = {
  /** The booking's id: the pass's serial number in both wallets. */
  serial: string;
  eventId: string;
  title: string;
  code: string;
  /** Still admitted at the door: a cancelled (or declined) booking's pass is voided, as is a removed member's. */
  admitted: boolean;
  /** As My bookings writes it, in the event's zone (common/event-time.ts), in the member's language. */
  when: string | null;
  /** The member's language (decision 061): the pass's labels and times are written in it. */
  locale: Locale;
  start: Date;
  end: Date;
  timeZone: string;
  venue: string;
  guests: number;
  checkedIn: boolean;
  /** The booking's calendar sequence: it grows with every change, so a moved booking's Google pass is a new one. */
  version: number;
  /** The booked slot, if any: its time is the pass's time. */
  slotId: string | null;
  /** The booking's latest change (Wallet asks what changed since; events keep no time of change, decision 025). */
  updatedAt: Date;
};

/** The booking's pass, if it has one: a pass code and a door (an offer without a time has none). */
export async function walletPassData(db: Db, bookingId: string, email?: string): Promise<WalletPassData | null> {
  const where = email ? and(eq(bookings.id, bookingId), eq(bookings.email, email)) : eq(bookings.id, bookingId);
  const [row] = await readRows(db, where);
  const code = row?.booking.passCode;
  if (!row || !code || !hasDoor(row.event)) return null;
  const { booking, event, slot } = row;
  const times = bookingTimes(event, slot);
  if (!times) return null;
  const locale = (await memberLocales(db, [booking.email])).get(booking.email) ?? DEFAULT_LOCALE;
  return {
    serial: booking.id,
    eventId: event.id,
    title: benefitTitle(event, locale),
    code,
    admitted: booking.status === 'confirmed' && !booking.memberRemovedAt,
    when: bookingWhen(event, slot, locale),
    locale,
    start: times.start,
    end: times.end,
    timeZone: event.timeZone,
    venue: venueOf(event),
    guests: booking.guestCount,
    checkedIn: booking.checkedInAt !== null,
    version: booking.calendarSequence,
    slotId: slot?.id ?? null,
    updatedAt: booking.updatedAt,
  };
}
