import type { z } from 'zod';
import type { BookingWindow } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { type EventSchedule, hasEnded, localDate, toWireSchedule, zonedInstant } from '#common/event-time.ts';
import { behaviorSchema, notificationsSchema } from '#common/rsvp-config.ts';
import { slotToUtc } from '#common/time-range.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { eventSlots, events } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { say, type Words, words } from '../../lib/member-words.ts';
import { type ConfigRow, liveConfigFor } from '../configurations/index.ts';

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
  /** The event's zone: window dates are its days, and messages say its times. */
  timeZone: string;
  /** The event's end: after it nothing is booked, changed or cancelled. */
  eventEndsAt: Date | null;
};

/**
 * Events without a configuration (the fixed events, the evening, the tours) follow the spec's defaults (docs/spec/admin-and-rsvp.md §9), with
 * reminders and member changes on: those are what a pass holder expects of any booking (docs/decisions/005).
 */
function defaultPolicy({ timeZone, endsAt }: EventRow): BookingPolicy {
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
    timeZone,
    eventEndsAt: endsAt,
  };
}

/** A window date: '2026-10-01' means that day in event-local time; a full ISO instant is taken as it is. */
export function windowInstant(value: string | null | undefined, edge: 'start' | 'end', timeZone: string): Date | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const midnight = zonedInstant(value, 0, timeZone);
    // The end of a day is the next day's midnight there (23 or 25 hours later on a clock change).
    return edge === 'start' ? midnight : zonedInstant(value, 24 * 60, timeZone);
  }
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

/** The event's booking rules from its benefit's live configuration; `configOf` lets a crowd's reads share a query. */
export async function loadPolicy(
  db: Db | Tx,
  event: EventRow,
  configOf: (db: Db | Tx, benefitId: string) => Promise<ConfigRow | null> = liveConfigFor,
): Promise<BookingPolicy> {
  if (!event.benefitId) return defaultPolicy(event);
  const config = await configOf(db, event.benefitId);
  if (!config) return defaultPolicy(event);
  const s = config.slotConfig;
  const b = config.behavior;
  return {
    allowWaitlist: s.allowWaitlist,
    requiresApproval: s.restrictions.requiresApproval,
    singleBookingPerEmail: s.restrictions.singleBookingPerEmail,
    maxGuests: s.restrictions.maxGuestsPerBooking,
    windowStart: windowInstant(s.bookingWindowStart, 'start', event.timeZone),
    windowEnd: windowInstant(s.bookingWindowEnd, 'end', event.timeZone),
    allowEditing: b.allowEditing,
    editingWindowHours: b.editingWindowHours,
    notifications: config.notifications,
    timeZone: event.timeZone,
    eventEndsAt: event.endsAt,
  };
}

export function bookingWindow(policy: BookingPolicy, now = new Date()): BookingWindow {
  const opensAt = policy.windowStart?.toISOString() ?? null;
  const closesAt = policy.windowEnd?.toISOString() ?? null;
  const { timeZone } = policy;
  const state = windowState(policy, now);
  if (state === 'open') return { state, opensAt, closesAt, message: null };
  return { state, opensAt, closesAt, timeZone, message: say(windowWords(policy, state)) };
}

type WindowState = BookingWindow['state'];

function windowState(policy: BookingPolicy, now: Date): WindowState {
  if (policy.eventEndsAt && now >= policy.eventEndsAt) return 'ended';
  if (policy.windowStart && now < policy.windowStart) return 'not-yet';
  if (policy.windowEnd && now >= policy.windowEnd) return 'closed';
  return 'open';
}

function windowWords(policy: BookingPolicy, state: Exclude<WindowState, 'open'>): Words {
  const { timeZone } = policy;
  if (state === 'not-yet' && policy.windowStart)
    return words('srv.booking.notYetOpen', { when: { at: policy.windowStart, timeZone } });
  if (state === 'closed' && policy.windowEnd)
    return words('srv.booking.closed', { when: { at: policy.windowEnd, timeZone } });
  return words('srv.booking.ended');
}

/** A booking outside its window: 409, in the reader's language (decision 072); null while the window is open. */
export function windowRefusal(policy: BookingPolicy, now = new Date()): HttpError | null {
  const state = windowState(policy, now);
  if (state === 'open') return null;
  return new HttpError(
    409,
    windowWords(policy, state),
    state === 'ended' ? ERROR_CODE.eventEnded : ERROR_CODE.bookingWindow,
  );
}

/** Where it happens, as calendars and mails write it: the venue's name, then its address. */
export const venueOf = (event: Pick<EventRow, 'location' | 'venueAddress'>) =>
  [event.location.trim(), event.venueAddress.trim()].filter(Boolean).join(', ');

/** When the booked thing happens: the slot's own date and time when it has them, else the event's. */
export function bookingTimes(event: EventRow, slot: SlotRow | null): { start: Date; end: Date } | null {
  // The evening's slot is the optional tour before it: what the member booked (and their calendar holds) is the
  // evening itself.
  const own = slot && event.bookingForm !== 'evening' ? slotTimes(event, slot) : null;
  if (own) return own;
  if (!event.startsAt || !event.endsAt) return null;
  return { start: event.startsAt, end: event.endsAt };
}

/** What a booking's when is written from: its slot's times when it has one, else its event's schedule. */
export function bookingSchedule(event: EventRow, slot: SlotRow | null): EventSchedule {
  const times = bookingTimes(event, slot);
  if (slot && times) return { schedule: 'timed', startsAt: times.start, endsAt: times.end, timeZone: event.timeZone };
  return event;
}

/** `{schedule}` beside an answer's when (decision 071), nothing when it has no time. */
export function wireOf(s: EventSchedule) {
  const schedule = toWireSchedule(s);
  return schedule ? { schedule } : {};
}

/** A slot's own instants: its date and time, or (the evening's tour) its time on the event's local day. */
export function slotTimes(event: EventRow, slot: SlotRow): { start: Date; end: Date } | null {
  if (slot.slotDate) return slotToUtc(slot.slotDate, slot.slotTime, event.timeZone);
  if (event.startsAt) return slotToUtc(localDate(event.startsAt, event.timeZone), slot.slotTime, event.timeZone);
  return null;
}

/**
 * When the member's editing window closes: `editingWindowHours` before what was booked starts (the slot when it has
 * a time, else the event: a tour on 4 December counts from 4 December, not from its tour week's Monday); without a
 * start, at the event's end. Null when changes are off, or when nothing bounds them.
 */
export function changeUntil(policy: BookingPolicy, event: EventRow, slot: SlotRow | null): Date | null {
  if (!policy.allowEditing) return null;
  const start = (slot ? slotTimes(event, slot)?.start : undefined) ?? event.startsAt;
  if (start) return new Date(start.getTime() - policy.editingWindowHours * 3_600_000);
  return event.endsAt;
}

/** Whether the event is over: nothing about it may be booked, changed or cancelled any more (409). */
export function refuseIfEnded(event: EventRow, now = new Date()) {
  if (hasEnded(event, now)) throw new HttpError(409, words('srv.booking.ended'), ERROR_CODE.eventEnded);
}

/** A slot is offered and booked only before it starts (a slot without readable times always is). */
export function slotStarted(event: EventRow, slot: SlotRow, now = new Date()): boolean {
  const start = slotTimes(event, slot)?.start;
  return start !== undefined && start <= now;
}

export function refuseIfSlotStarted(event: EventRow, slot: SlotRow | null, now = new Date()) {
  if (slot && slotStarted(event, slot, now))
    throw new HttpError(409, words('srv.booking.slotPassed'), ERROR_CODE.slotPassed);
}
