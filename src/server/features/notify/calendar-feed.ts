import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { createEvents, type EventAttributes } from 'ics';
import { benefitTitle } from '#common/benefit-title.ts';
import { DEFAULT_LOCALE } from '#common/locales.ts';
import type { Db } from '../../db/client.ts';
import { bookings, calendarFeeds, eventSlots, events } from '../../db/schema.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import { newToken } from '../../lib/tokens.ts';
import { memberLocales } from '../auth/index.ts';
import { bookingTimes, venueOf } from '../booking-rules/index.ts';
import { bookingEvent, foldOctets, PRODUCT_ID } from './calendar-invite.ts';
import { BRAND } from './templates.ts';

/** The feed's address: https for a browser, webcal:// for calendar apps that subscribe to it. */
export function feedUrls(publicUrl: string, token: string) {
  const url = `${publicUrl}/api/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://') };
}

/** The member's feed token, made on first ask. */
export async function feedToken(db: Db, email: string): Promise<string> {
  await db.insert(calendarFeeds).values({ email, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.email, email));
  if (!row) throw new Error('calendar feed not stored');
  return row.token;
}

/** A new secret for the feed: the old link stops working at once. */
export async function renewFeedToken(db: Db, email: string): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ email, token })
    .onConflictDoUpdate({ target: calendarFeeds.email, set: { token, createdAt: new Date() } });
  return token;
}

/**
 * The member's admitted bookings as an iCalendar feed (RFC 5545) that calendar apps poll: one VEVENT per
 * booking, UTC times, LOCATION and the booking's UID (the same as its e-mailed invite), so a moved booking updates
 * its entry; a cancelled one that held a place stays as STATUS:CANCELLED so apps remove it. Null for an unknown token.
 */
export async function calendarFeed(db: Db, token: string, portalUrl: string): Promise<string | null> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  const rows = await db
    .select({ booking: bookings, event: events, slot: eventSlots })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
    .where(
      and(
        eq(bookings.email, feed.email),
        or(
          eq(bookings.status, 'confirmed'),
          and(inArray(bookings.status, ['cancelled', 'declined', 'transferred']), isNotNull(bookings.placedAt)),
        ),
      ),
    )
    .orderBy(asc(bookings.createdAt));
  // In the member's language (decision 061): the feed is theirs alone.
  const locale = (await memberLocales(db, [feed.email])).get(feed.email) ?? DEFAULT_LOCALE;
  const t = mailT(locale);
  const entries: EventAttributes[] = [];
  for (const { booking, event, slot } of rows) {
    const times = bookingTimes(event, slot);
    if (!times) continue;
    entries.push(
      bookingEvent({
        bookingId: booking.id,
        sequence: booking.calendarSequence,
        start: times.start,
        end: times.end,
        title: benefitTitle(event, locale),
        description: [event.description.trim(), t('ics.myBookings', { url: `${portalUrl}/me` })]
          .filter(Boolean)
          .join('\n\n'),
        location: venueOf(event),
        cancelled: booking.status !== 'confirmed',
      }),
    );
  }
  const header = { productId: PRODUCT_ID, method: 'PUBLISH', calName: t('ics.calendarName', { brand: BRAND }) };
  const { error, value } = createEvents(entries, header);
  if (error || !value) throw error ?? new Error('calendar feed not written');
  return foldOctets(value);
}
