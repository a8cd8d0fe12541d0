import { eq } from 'drizzle-orm';
import type { StaffRole } from '#common/passes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit, signInPolicy } from '../../db/schema.ts';

const POLICY_ID = 1;

/** The roles the organiser requires a second factor of (decision 056); none until they choose. */
export async function twoFactorRoles(db: Db | Tx): Promise<StaffRole[]> {
  const [row] = await db.select().from(signInPolicy).where(eq(signInPolicy.id, POLICY_ID));
  return row?.twoFactorRoles ?? [];
}

export const twoFactorRequired = async (db: Db | Tx, role: StaffRole) => (await twoFactorRoles(db)).includes(role);

export async function setTwoFactorRoles(db: Db | Tx, roles: StaffRole[], by: string) {
  const twoFactorRoles = [...new Set(roles)];
  await db
    .insert(signInPolicy)
    .values({ id: POLICY_ID, twoFactorRoles, updatedBy: by })
    .onConflictDoUpdate({ target: signInPolicy.id, set: { twoFactorRoles, updatedBy: by, updatedAt: new Date() } });
  return twoFactorRoles;
}

/** The command line's change (`npm run cli -- two-factor require ...`), audited as the Security page's is. */
export async function setTwoFactorRolesFromCli(db: Db, roles: StaffRole[]) {
  return db.transaction(async (tx) => {
    const twoFactorRoles = await setTwoFactorRoles(tx, roles, 'cli');
    await tx.insert(adminAudit).values({
      adminEmail: 'cli',
      action: 'sign-in.policy',
      targetType: 'policy',
      targetId: 'two-factor',
      details: { twoFactorRoles },
    });
    return twoFactorRoles;
  });
}
