import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminAudit } from '../../db/schema.ts';

// Rows are written by `audited` (src/server/lib/audited.ts), in the transaction of the change they record.
export const listAudit = (db: Db, limit = 200) =>
  db.select().from(adminAudit).orderBy(desc(adminAudit.at)).limit(limit);
