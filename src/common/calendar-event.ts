import { z } from 'zod';

/**
 * Add To Calendar data; dates in compact UTC form (20250930T110000Z). Kept apart from calendar.ts so the member
 * dashboard's Add To Calendar link (calendar.ts) does not pull zod into the initial bundle.
 */
export const calendarEventSchema = z.object({
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
