import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BookingWindow } from '../../../common/bookings.ts';
import { BOOKING_MSG } from '../../../common/bookings.ts';
import { behaviorSchema, notificationsSchema, slotConfigSchema } from '../../../common/rsvp-config.ts';
import { EVENT_UTC_OFFSET_HOURS, slotToUtc } from '../../../common/time-range.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { eventSlots, events } from '../../db/schema.ts';
import { rsvpConfigurations } from '../../db/schema.ts';

export type EventRow = typeof events.$inferSelect;
export type SlotRow = typeof eventSlots.$inferSelect;
export type Notifications = z.output<typeof notificationsSchema>;

/** Every rule the engine and the mail follow for one event, read from its benefit's live configuration. */
export type BookingPolicy = {
  allowWaitlist: boolean;
  requiresApproval: boolean;
  singleBookingPerEmail: boolean;
  maxGuests: number | undefined;
  windowStart: Date | null;
  windowEnd: Date | null;
  allowEditing: boolean;
  editingWindowHours: number;
  notifications: Notifications;
};

/**
 * Events without a configuration (the fixed events, the evening, the tours) follow the spec's defaults (§9), with
 * reminders and member changes on: those are what a pass holder expects of any booking (docs/decisions/005).
 */
function defaultPolicy(): BookingPolicy {
  const notifications = notificationsSchema.parse({});
  return {
    allowWaitlist: false,
    requiresApproval: false,
    singleBookingPerEmail: true,
    maxGuests: undefined,
    windowStart: null,
    windowEnd: null,
    allowEditing: true,
    editingWindowHours: behaviorSchema.parse({}).editingWindowHours,
    notifications: { ...notifications, reminderEmails: { ...notifications.reminderEmails, enabled: true } },
  };
}

/** A window date: '2026-10-01' means that day in event-local time; a full ISO instant is taken as it is. */
export function windowInstant(value: string | null | undefined, edge: 'start' | 'end'): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00Z`) - EVENT_UTC_OFFSET_HOURS * 3_600_000;
    return new Date(edge === 'start' ? midnight : midnight + 86_400_000);
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

export async function loadPolicy(db: Db | Tx, event: EventRow): Promise<BookingPolicy> {
  if (!event.benefitId) return defaultPolicy();
  const [config] = await db
    .select()
    .from(rsvpConfigurations)
    .where(and(eq(rsvpConfigurations.benefitId, event.benefitId), eq(rsvpConfigurations.isActive, true)))
    .orderBy(desc(rsvpConfigurations.updatedAt))
    .limit(1);
  if (!config) return defaultPolicy();
  // Stored JSON predates some settings: parsing fills the spec's defaults in.
  const slot = slotConfigSchema.safeParse(config.slotConfig);
  const notes = notificationsSchema.safeParse(config.notifications);
  const behavior = behaviorSchema.safeParse(config.behavior);
  const s = slot.success ? slot.data : slotConfigSchema.parse({});
  const b = behavior.success ? behavior.data : behaviorSchema.parse({});
  return {
    allowWaitlist: s.allowWaitlist,
    requiresApproval: s.restrictions.requiresApproval,
    singleBookingPerEmail: s.restrictions.singleBookingPerEmail,
    maxGuests: s.restrictions.maxGuestsPerBooking,
    windowStart: windowInstant(s.bookingWindowStart, 'start'),
    windowEnd: windowInstant(s.bookingWindowEnd, 'end'),
    allowEditing: b.allowEditing,
    editingWindowHours: b.editingWindowHours,
    notifications: notes.success ? notes.data : notificationsSchema.parse({}),
  };
}

const LOCAL_DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Singapore',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** '1 October 2026, 09:00' in event-local time. */
export const localWhen = (d: Date) => LOCAL_DATE.format(d);

export function bookingWindow(policy: BookingPolicy, now = new Date()): BookingWindow {
  const opensAt = policy.windowStart?.toISOString() ?? null;
  const closesAt = policy.windowEnd?.toISOString() ?? null;
  if (policy.windowStart && now < policy.windowStart)
    return { state: 'not-yet', opensAt, closesAt, message: BOOKING_MSG.notYetOpen(localWhen(policy.windowStart)) };
  if (policy.windowEnd && now >= policy.windowEnd)
    return { state: 'closed', opensAt, closesAt, message: BOOKING_MSG.closed(localWhen(policy.windowEnd)) };
  return { state: 'open', opensAt, closesAt, message: null };
}

/** When the booked thing happens: the slot's own date and time when it has them, else the event's. */
export function bookingTimes(event: EventRow, slot: SlotRow | null): { start: Date; end: Date } | null {
  if (slot?.slotDate) {
    const utc = slotToUtc(slot.slotDate, slot.slotTime);
    if (utc) return utc;
  }
  if (slot && event.startsAt) {
    // A slot without a date (the evening's tour) is a time on the event's local day.
    const day = new Date(event.startsAt.getTime() + EVENT_UTC_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
    const utc = slotToUtc(day, slot.slotTime);
    if (utc) return utc;
  }
  if (!event.startsAt || !event.endsAt) return null;
  return { start: event.startsAt, end: event.endsAt };
}

/** The end of the member's editing window, or null when changes are off. */
export function changeUntil(policy: BookingPolicy, placedAt: Date | null, createdAt: Date): Date | null {
  if (!policy.allowEditing) return null;
  return new Date((placedAt ?? createdAt).getTime() + policy.editingWindowHours * 3_600_000);
}
