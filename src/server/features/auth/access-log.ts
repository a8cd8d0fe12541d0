import type { Db, Tx } from '../../db/client.ts';
import { portalAccessLogs } from '../../db/schema.ts';

export async function recordPortalAccess(
  db: Db | Tx,
  entry: { userEmail: string; userAgent: string | undefined; ipAddress: string },
) {
  await db.insert(portalAccessLogs).values({
    userEmail: entry.userEmail,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
    ipAddress: entry.ipAddress,
  });
}
