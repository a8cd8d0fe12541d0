import { randomBytes } from 'node:crypto';
import { adminExists, upsertAdmin, upsertMember } from '../../features/auth/members.ts';
import type { Db } from '../client.ts';
import { benefits, eventSlots, events } from '../schema.ts';
import { catalogueBenefits, catalogueEvents, catalogueSlots } from './catalogue.ts';

export const DEMO_MEMBER = { email: 'member@example.com', firstName: 'Demo', lastName: 'Member' };
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * Inserts the catalogue where it is missing. Idempotent, and never overwrites what staff
 * have since changed: a second run changes nothing.
 */
export async function seedCatalogue(db: Db) {
  await db.transaction(async (tx) => {
    for (const b of catalogueBenefits) await tx.insert(benefits).values(b).onConflictDoNothing();
    for (const e of catalogueEvents) await tx.insert(events).values(e).onConflictDoNothing();
    for (const s of catalogueSlots) await tx.insert(eventSlots).values(s).onConflictDoNothing();
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
