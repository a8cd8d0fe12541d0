import { z } from 'zod';
import { DATE_FORMAT_MSG, isoDate } from './dates.ts';
import {
  allDayInstants,
  DEFAULT_TIME_ZONE,
  type EventSchedule,
  isTimeZone,
  lastDayOf,
  localDate,
  localMinutes,
  parseTime24,
  SCHEDULE_KINDS,
  type ScheduleKind,
  zonedInstant,
} from './event-time.ts';
import { isWebUrl, WEB_URL_MSG } from './urls.ts';

/**
 * When and where an organiser's event happens, as the admin form sends it: days and clock times as typed, in the
 * event's zone. The server turns them into instants (eventTimes) and stores them on the benefit's event.
 */
export const EVENT_MSG = {
  scheduleRequired: 'Choose when it happens',
  startRequired: 'Start date and time are required',
  firstDayRequired: 'The first day is required',
  lastDayRequired: 'The last day is required',
  endBeforeStart: 'The end must be after the start',
  endRequired: 'The end time is required (the end date defaults to the start date)',
  timeZone: 'Choose a time zone from the list',
  capacity: 'Capacity is a whole number of places (1 to 100,000), or empty for no limit',
  time: 'Times are HH:MM',
} as const;

/**
 * What the admin form and API may choose: the stored kinds plus 'ongoing', an offer without an end, which is stored
 * as 'until' with no end (the seeded XO tile's "Ongoing"). A benefit sent without a schedule is ongoing.
 */
export const SCHEDULE_CHOICES = [...SCHEDULE_KINDS, 'ongoing'] as const;
export type ScheduleChoice = (typeof SCHEDULE_CHOICES)[number];
export const DEFAULT_SCHEDULE: ScheduleChoice = 'ongoing';

const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();
const time = z.string().refine((v) => parseTime24(v) !== null, EVENT_MSG.time);
// An all-day event ends at the midnight after its last day, which must still be a four-digit year.
const eventDay = isoDate().refine((d) => d < '9999-12-31', DATE_FORMAT_MSG);

export const eventDetailsFields = {
  // '' (or absent): leave the schedule as it is; a new benefit without one is ongoing (addBenefitSchema).
  schedule: blankOr(z.enum(SCHEDULE_CHOICES)),
  timeZone: z.string().trim().max(64).refine(isTimeZone, EVENT_MSG.timeZone).optional(),
  startDate: blankOr(eventDay),
  startTime: blankOr(time),
  endDate: blankOr(eventDay),
  endTime: blankOr(time),
  venueName: z.string().trim().max(300).optional(),
  venueAddress: z.string().trim().max(500).optional(),
  mapUrl: blankOr(z.string().trim().max(2000).refine(isWebUrl, WEB_URL_MSG)),
  capacity: z
    .union([z.literal(''), z.null(), z.coerce.number().int()], { error: EVENT_MSG.capacity })
    .refine((v) => typeof v !== 'number' || (v >= 1 && v <= 100_000), EVENT_MSG.capacity)
    .optional(),
};

type Details = { [K in keyof typeof eventDetailsFields]?: z.output<(typeof eventDetailsFields)[K]> };

/** What the details mean as stored: instants in UTC, the zone, the venue; null when no schedule was sent. */
export type EventTimes = EventSchedule & {
  venueName: string;
  venueAddress: string;
  mapUrl: string | null;
  capacity: number | null;
};

export function eventTimes(d: Details): EventTimes | null {
  if (!d.schedule) return null;
  const timeZone = d.timeZone || DEFAULT_TIME_ZONE;
  const schedule: ScheduleKind = d.schedule === 'ongoing' ? 'until' : d.schedule;
  const at = (date?: string, clock?: string) =>
    date && clock ? zonedInstant(date, parseTime24(clock) ?? 0, timeZone) : null;
  let startsAt: Date | null = null;
  let endsAt: Date | null = null;
  if (d.schedule === 'timed') {
    startsAt = at(d.startDate, d.startTime);
    endsAt = at(d.endDate || d.startDate, d.endTime);
  } else if (d.schedule === 'all-day' && d.startDate) {
    ({ startsAt, endsAt } = allDayInstants(d.startDate, d.endDate || d.startDate, timeZone));
  } else if (d.schedule === 'until' && d.endDate) {
    endsAt = allDayInstants(d.endDate, d.endDate, timeZone).endsAt;
  }
  return {
    schedule,
    timeZone,
    startsAt,
    endsAt,
    venueName: d.venueName ?? '',
    venueAddress: d.venueAddress ?? '',
    mapUrl: d.mapUrl || null,
    capacity: typeof d.capacity === 'number' ? d.capacity : null,
  };
}

/** The rules across fields (a schema's superRefine): what each schedule needs, and an end after its start. */
export function checkEventDetails(d: Details, ctx: z.RefinementCtx) {
  const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (d.schedule === 'timed') {
    // Each message sits on the field to fix, so it clears as that field is filled.
    if (!d.startDate || !d.startTime) return fail(d.startDate ? 'startTime' : 'startDate', EVENT_MSG.startRequired);
    if (!d.endTime) return fail('endTime', EVENT_MSG.endRequired);
  }
  if (d.schedule === 'all-day' && !d.startDate) return fail('startDate', EVENT_MSG.firstDayRequired);
  if (d.schedule === 'until' && !d.endDate) return fail('endDate', EVENT_MSG.lastDayRequired);
  // A field that failed its own check is reported there; the rules across fields wait for it.
  if (d.timeZone !== undefined && !isTimeZone(d.timeZone)) return;
  if (![d.startDate, d.endDate].every((v) => !v || eventDay.safeParse(v).success)) return;
  if (![d.startTime, d.endTime].every((v) => !v || time.safeParse(v).success)) return;
  const times = eventTimes(d);
  if (times?.startsAt && times.endsAt && times.endsAt <= times.startsAt)
    fail(d.schedule === 'timed' ? 'endTime' : 'endDate', EVENT_MSG.endBeforeStart);
}

/** A stored event as the admin form shows it again (days and clock times in its zone). */
export function eventDetailsOf(e: {
  schedule: ScheduleKind;
  timeZone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  location: string;
  venueAddress: string;
  mapUrl: string | null;
  capacity: number | null;
}) {
  const tz = e.timeZone;
  const clock = (at: Date) => {
    const m = localMinutes(at, tz);
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  const timed = e.schedule === 'timed';
  return {
    schedule: (e.schedule === 'until' && !e.endsAt ? 'ongoing' : e.schedule) as ScheduleChoice,
    timeZone: tz,
    startDate: e.startsAt ? localDate(e.startsAt, tz) : '',
    startTime: timed && e.startsAt ? clock(e.startsAt) : '',
    endDate: e.endsAt ? (timed ? localDate(e.endsAt, tz) : lastDayOf(e.endsAt, tz)) : '',
    endTime: timed && e.endsAt ? clock(e.endsAt) : '',
    venueName: e.location,
    venueAddress: e.venueAddress,
    mapUrl: e.mapUrl ?? '',
    capacity: e.capacity === null ? '' : String(e.capacity),
  };
}
export type EventDetails = ReturnType<typeof eventDetailsOf>;

/** A new benefit says when it happens; without a schedule (a spec client sends none) it is an ongoing offer. */
export const newBenefitSchedule = z
  .union([z.literal(''), z.enum(SCHEDULE_CHOICES)], { error: EVENT_MSG.scheduleRequired })
  .optional()
  .transform((v): ScheduleChoice => v || DEFAULT_SCHEDULE);

export const eventDetailsSchema = z.object({
  schedule: z.enum(SCHEDULE_CHOICES),
  timeZone: z.string(),
  startDate: z.string(),
  startTime: z.string(),
  endDate: z.string(),
  endTime: z.string(),
  venueName: z.string(),
  venueAddress: z.string(),
  mapUrl: z.string(),
  capacity: z.string(),
});
