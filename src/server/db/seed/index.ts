import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { memberActionWordingSchema } from '#common/member-action-wording.ts';
import { partnerPageContentSchema } from '#common/partner-pages.ts';
import { adminExists, upsertAdmin, upsertMember } from '../../features/auth/index.ts';
import type { Db } from '../client.ts';
import { benefits, eventSlots, events, partnerPages } from '../schema.ts';
import { SEEDED_ACTION_WORDING } from './action-wording.ts';
import { demoCatalogue } from './catalogue.ts';
import { demoShiftDays, SPEC_CONFERENCE_MONDAY } from './demo-dates.ts';
import { demoPartnerPages } from './partner-pages.ts';

export const DEMO_MEMBER = { email: 'member@example.com', firstName: 'Demo', lastName: 'Member' };
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * Inserts the catalogue where it is missing, its dates moved so the conference week starts on or after `asOf`
 * (the spec's own dates by default). Idempotent, and never overwrites what staff have since changed: a second
 * run changes nothing, whatever its `asOf`.
 */
export async function seedCatalogue(db: Db, opts: { asOf?: string } = {}) {
  const shiftDays = demoShiftDays(opts.asOf ?? SPEC_CONFERENCE_MONDAY);
  const catalogue = demoCatalogue(shiftDays);
  await db.transaction(async (tx) => {
    for (const b of catalogue.benefits) await tx.insert(benefits).values(b).onConflictDoNothing();
    const added = new Set<string>();
    for (const e of catalogue.events) {
      const [row] = await tx.insert(events).values(e).onConflictDoNothing().returning({ id: events.id });
      if (row) added.add(row.id);
    }
    // The spec's button and toast wording (decision 033), through the schema an admin's passes; an event seeded
    // before the wording was data gets it once (null: never set; an admin's cleared wording is {}, and stays).
    for (const [eventId, wording] of Object.entries(SEEDED_ACTION_WORDING))
      await tx
        .update(events)
        .set({ actionWording: memberActionWordingSchema.parse(wording) })
        .where(and(eq(events.id, eventId), isNull(events.actionWording)));
    // Slots come with their event: an event seeded earlier (perhaps in another week) keeps the slots it has.
    for (const s of catalogue.slots)
      if (added.has(s.eventId)) await tx.insert(eventSlots).values(s).onConflictDoNothing();
    // Stored as the schema reads them back: the seed's pages pass the same rules as an admin's.
    for (const p of demoPartnerPages(shiftDays))
      await tx
        .insert(partnerPages)
        .values({ ...p, content: partnerPageContentSchema.parse(p.content) })
        .onConflictDoNothing();
  });
}

/** Demo accounts for a first run outside production; returns the admin password once, when created. */
export async function seedDemoAccounts(db: Db): Promise<{ adminPassword: string | null }> {
  await upsertMember(db, DEMO_MEMBER);
  if (await adminExists(db, DEMO_ADMIN_EMAIL)) return { adminPassword: null };
  const adminPassword = randomBytes(12).toString('base64url');
  await upsertAdmin(db, { email: DEMO_ADMIN_EMAIL, password: adminPassword });
  return { adminPassword };
}
