import { z } from 'zod';
import { SCHEDULE_KINDS } from './event-time.ts';

/**
 * An event's or a booking's when as data (ISO instants and the zone), beside the server's English words, so a member
 * reading another language gets it written in theirs (decisions 059, 071). Never in the spec's answers as written.
 */
export const wireScheduleSchema = z.object({
  schedule: z.enum(SCHEDULE_KINDS),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
});
