import { z } from 'zod';

export const DATE_FORMAT_MSG = 'Dates are YYYY-MM-DD';

/** A real calendar day (2024-02-30 and 2024-13-45 are refused, leap years known), in years the database can hold. */
export const isoDate = (message = DATE_FORMAT_MSG) =>
  z.iso.date(message).refine((d) => d >= '1900-01-01' && d <= '9999-12-31', message);

/** A calendar day, or an instant with its UTC offset (2026-10-01T19:00:00+08:00). */
export const dayOrInstant = (message = 'Use a date (YYYY-MM-DD) or a date and time with its offset') =>
  z.union([isoDate(message), z.iso.datetime({ offset: true, error: message })], { error: message });

/** A time of day, HH:MM (24 h). */
export const isoTime = (message = 'Times are HH:MM') => z.iso.time({ precision: -1, error: message });
