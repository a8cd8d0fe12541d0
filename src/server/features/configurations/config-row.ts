import { behaviorSchema, notificationsSchema, sheetMappingSchema, slotConfigSchema } from '#common/rsvp-config.ts';
import type { rsvpConfigurations } from '../../db/schema.ts';

// A configuration row and how it is read: apart from configurations.ts so config-versions.ts needs it one-way.

export type ConfigRow = typeof rsvpConfigurations.$inferSelect;

/** A stored configuration read through its schemas: settings saved before a rule or default existed fill in. */
export function readConfig(row: ConfigRow): ConfigRow {
  const read = <T>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, value: unknown, empty: T) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? (parsed.data as T) : empty;
  };
  return {
    ...row,
    slotConfig: read(slotConfigSchema, row.slotConfig, slotConfigSchema.parse({})),
    notifications: read(notificationsSchema, row.notifications, notificationsSchema.parse({})),
    behavior: read(behaviorSchema, row.behavior, behaviorSchema.parse({})),
    sheetMapping: read(sheetMappingSchema, row.sheetMapping, sheetMappingSchema.parse({})),
  };
}
