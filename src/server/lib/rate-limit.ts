import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { HttpError } from './http-error.ts';

/**
 * Fixed-window counter kept in the database so that every app instance shares it.
 * Returns false once `limit` hits have been counted inside the window.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  const resetAt = new Date(Date.now() + windowMs).toISOString();
  const rows = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      count = case when rate_limits.reset_at < now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at < now() then excluded.reset_at else rate_limits.reset_at end
    returning count`);
  const count = Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
  return count <= limit;
}

export async function enforce(db: Db, key: string, limit: number, windowMs: number, message: string) {
  if (!(await hit(db, key, limit, windowMs))) throw new HttpError(429, message);
}
