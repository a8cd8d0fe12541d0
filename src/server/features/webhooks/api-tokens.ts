import { and, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { API_TOKEN_MSG, type ApiToken, type apiTokenBody } from '#common/api-tokens.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { apiTokens, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { ownedBy, type Viewer } from './endpoints.ts';

// A token says what it is at a glance (and to secret scanners): `ppt_` and 256 random bits.
const TOKEN_PREFIX = 'ppt_';

type TokenRow = typeof apiTokens.$inferSelect;
const view = (row: TokenRow, owner: string): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  owner,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

const visibleTo = (viewer: Viewer) => ownedBy(apiTokens.ownerId, viewer);

export async function listTokens(db: Db, viewer: Viewer): Promise<ApiToken[]> {
  const rows = await db
    .select({ token: apiTokens, owner: users.username })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.ownerId))
    .where(visibleTo(viewer))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map((r) => view(r.token, r.owner));
}

/** A new token, answered once: only its SHA-256 is kept, so a lost token is revoked and replaced. */
export async function createToken(tx: Tx, viewer: Viewer, body: z.output<typeof apiTokenBody>) {
  const token = `${TOKEN_PREFIX}${newToken()}`;
  const [row] = await tx
    .insert(apiTokens)
    .values({
      name: body.name,
      scopes: body.scopes,
      tokenHash: hashToken(token),
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      ownerId: viewer.userId,
      expiresAt: body.expiresInDays ? new Date(Date.now() + body.expiresInDays * 24 * 3600_000) : null,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return { ...view(row, viewer.email), token };
}

export async function revokeToken(tx: Tx, viewer: Viewer, id: string) {
  const [row] = await tx
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt), visibleTo(viewer)))
    .returning({ id: apiTokens.id });
  if (!row) throw new HttpError(404, API_TOKEN_MSG.notFound, ERROR_CODE.notFound);
}

/** The live token a bearer value names (not revoked, not expired), with its owner; null otherwise. */
export async function tokenFor(db: Db, bearer: string) {
  const [row] = await db
    .select({ token: apiTokens, owner: users.username, role: users.role })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.ownerId))
    .where(eq(apiTokens.tokenHash, hashToken(bearer)));
  if (!row || row.token.revokedAt || (row.token.expiresAt && row.token.expiresAt <= new Date())) return null;
  return row;
}
