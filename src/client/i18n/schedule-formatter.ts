import type { formatSchedule } from '#common/event-time.ts';

// The one formatter (with its zone library) is a chunk of its own: English members read the server's words and
// never fetch it; another language fetches it with its catalogue, before the first render (i18n.ts).
let formatter: typeof formatSchedule | null = null;

export async function loadScheduleFormatter(): Promise<void> {
  formatter ??= (await import('#common/event-time.ts')).formatSchedule;
}

/** The formatter once loaded, else null (English, or not yet). */
export const scheduleFormatter = () => formatter;
