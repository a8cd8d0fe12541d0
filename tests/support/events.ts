import type { z } from 'zod';
import { createConfigSchema } from '#common/rsvp-config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { benefits, eventSlots, events } from '../../src/server/db/schema.ts';
import { createConfig } from '../../src/server/features/configurations/configurations.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

type ConfigInput = z.input<typeof createConfigSchema>;

export type TestEventSetup = {
  /** The benefit's title (default: the id) and description (default: "<id> benefit"). */
  benefitTitle?: string;
  description?: string;
  /** The event's title (default: "Event <id>"). */
  title?: string;
  capacity?: number | null;
  bookingForm?: string;
  location?: string;
  timeZone?: string;
  /** Default: in 30 days; it lasts `hours` (default 2). */
  startsAt?: Date;
  hours?: number;
  /** A partner contact, partner-<id>@example.com, who is told of bookings. */
  withPartner?: boolean;
  /** Slots in this order; `date` null or left out makes a time-only slot. */
  slots?: { time: string; capacity: number; date?: string | null }[];
  /** An RSVP configuration for the benefit (created live), when given. */
  config?: Omit<ConfigInput, 'benefitId' | 'configName'> & { configName?: string };
};

/** A benefit with an event of the same id, its slots and, when asked, its configuration: what most tests book. */
export async function createTestEvent(db: Db, id: string, s: TestEventSetup = {}) {
  const startsAt = s.startsAt ?? new Date(Date.now() + 30 * DAY);
  const endsAt = new Date(startsAt.getTime() + (s.hours ?? 2) * HOUR);
  await db
    .insert(benefits)
    .values({ id, title: s.benefitTitle ?? id, slug: id, description: s.description ?? `${id} benefit` });
  await db.insert(events).values({
    id,
    benefitId: id,
    title: s.title ?? `Event ${id}`,
    capacity: s.capacity ?? null,
    startsAt,
    endsAt,
    ...(s.bookingForm ? { bookingForm: s.bookingForm } : {}),
    ...(s.location ? { location: s.location } : {}),
    ...(s.timeZone ? { timeZone: s.timeZone } : {}),
    ...(s.withPartner ? { partnerContactEmail: `partner-${id}@example.com` } : {}),
  });
  const slotIds: string[] = [];
  for (const [i, slot] of (s.slots ?? []).entries()) {
    const [row] = await db
      .insert(eventSlots)
      .values({ eventId: id, slotTime: slot.time, slotDate: slot.date ?? null, capacity: slot.capacity, sortKey: i })
      .returning();
    if (row) slotIds.push(row.id);
  }
  if (s.config) {
    const { configName, ...config } = s.config;
    await createConfig(
      db,
      createConfigSchema.parse({ benefitId: id, configName: configName ?? `${id} config`, ...config }),
    );
  }
  return { startsAt, endsAt, slotIds };
}
