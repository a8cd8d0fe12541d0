import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  ACCOUNT_MSG,
  type AdminAccountRow,
  adminAccountSchema,
  type ImportRow,
  type MemberInput,
  type MemberList,
  memberInputSchema,
} from '#common/admin.ts';
import { normaliseEmail } from '#common/auth.ts';
import type { StaffRole } from '#common/passes.ts';
import { afterCommit, inTransaction } from '../../db/after-commit.ts';
import type { Db } from '../../db/client.ts';
import {
  adminSessions,
  authorizedEmails,
  bookings,
  partnerBenefits,
  passkeys,
  sessions,
  users,
  webauthnChallenges,
} from '../../db/schema.ts';
import { parseCsvLine } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-error.ts';
import { forgetSessions } from './member-sessions.ts';
import { assignBenefits, assignmentsByEmail } from './partner-accounts.ts';
import { hashPassword } from './passwords.ts';

const memberSchema = memberInputSchema;

export type { MemberInput };

/** Adds or updates an authorised member; returns whether the row was new. */
export async function upsertMember(db: Db, input: MemberInput): Promise<'added' | 'updated'> {
  const m = memberSchema.parse(input);
  const values = { email: m.email, firstName: m.firstName || null, lastName: m.lastName || null };
  const [row] = await db
    .insert(authorizedEmails)
    .values(values)
    .onConflictDoUpdate({
      target: authorizedEmails.email,
      set: { firstName: values.firstName, lastName: values.lastName, lastUpdated: new Date() },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (row?.inserted) await restorePasses(db, [values.email]);
  return row?.inserted ? 'added' : 'updated';
}

/** A member added again gets their passes back (decision 046), and their wallets hear of it. */
async function restorePasses(db: Db, emails: string[]) {
  if (emails.length === 0) return;
  const now = new Date();
  await db
    .update(bookings)
    .set({ memberRemovedAt: null, updatedAt: now })
    .where(and(inArray(bookings.email, emails), isNotNull(bookings.memberRemovedAt)));
}

export type ImportReport = { added: number; updated: number; rejected: { line: number; reason: string }[] };
const HEADER_ERROR = 'The CSV needs a header line: email,firstName,lastName';

/** What an import would do, row by row, without writing anything. */
export async function previewImport(db: Db, csv: string): Promise<{ rows: ImportRow[]; headerError: string | null }> {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = parseCsvLine(lines[0] ?? '').map((h) => h.trim().toLowerCase());
  const [iEmail, iFirst, iLast] = ['email', 'firstname', 'lastname'].map((name) => header.indexOf(name));
  if (iEmail === undefined || iEmail < 0) return { rows: [], headerError: HEADER_ERROR };
  const existing = new Set(
    (await db.select({ email: authorizedEmails.email }).from(authorizedEmails)).map((r) => r.email),
  );
  const seen = new Set<string>();
  const rows: ImportRow[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n] ?? '';
    if (!line.trim()) continue;
    const cells = parseCsvLine(line);
    const cell = (i: number | undefined) => (i !== undefined && i >= 0 ? (cells[i] ?? '').trim() : '');
    const raw = { email: cell(iEmail), firstName: cell(iFirst), lastName: cell(iLast) };
    const parsed = memberSchema.safeParse(raw);
    const email = parsed.success ? parsed.data.email : raw.email;
    let error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid row');
    if (!error && seen.has(email)) error = 'Duplicate of an earlier row';
    seen.add(email);
    const outcome = error ? 'reject' : existing.has(email) ? 'update' : 'add';
    rows.push({ line: n + 1, email, firstName: raw.firstName, lastName: raw.lastName, error, outcome });
  }
  return { rows, headerError: null };
}

const IMPORT_CHUNK = 1000;

/** CSV with header `email,firstName,lastName`; each bad row is reported, good rows still land. */
export async function importMembers(db: Db, csv: string): Promise<ImportReport> {
  const { rows, headerError } = await previewImport(db, csv);
  if (headerError) throw new HttpError(400, headerError);
  const report: ImportReport = { added: 0, updated: 0, rejected: [] };
  const good: { email: string; firstName: string | null; lastName: string | null }[] = [];
  for (const row of rows) {
    if (row.outcome === 'reject')
      report.rejected.push({ line: row.line, reason: `${row.error} (${row.email || 'empty e-mail'})` });
    else good.push({ email: row.email, firstName: row.firstName || null, lastName: row.lastName || null });
  }
  // One statement per chunk (duplicates were refused above, so no row is touched twice): a list of thousands
  // lands in a second or so, where a statement per row took several.
  for (let i = 0; i < good.length; i += IMPORT_CHUNK) {
    const written = await db
      .insert(authorizedEmails)
      .values(good.slice(i, i + IMPORT_CHUNK))
      .onConflictDoUpdate({
        target: authorizedEmails.email,
        set: { firstName: sql`excluded.first_name`, lastName: sql`excluded.last_name`, lastUpdated: new Date() },
      })
      .returning({ email: authorizedEmails.email, inserted: sql<boolean>`(xmax = 0)` });
    for (const w of written) report[w.inserted ? 'added' : 'updated']++;
    await restorePasses(
      db,
      written.filter((w) => w.inserted).map((w) => w.email),
    );
  }
  return report;
}

/** One page of the allow-list, searched by e-mail or name. */
export async function pageMembers(db: Db, q: { search?: string; page: number; pageSize: number }): Promise<MemberList> {
  const term = q.search ? `%${q.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = term
    ? or(
        ilike(authorizedEmails.email, term),
        ilike(authorizedEmails.firstName, term),
        ilike(authorizedEmails.lastName, term),
      )
    : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(authorizedEmails).where(where);
  const rows = await db
    .select()
    .from(authorizedEmails)
    .where(where)
    .orderBy(asc(authorizedEmails.email))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    members: rows.map((m) => ({
      email: m.email,
      firstName: m.firstName,
      lastName: m.lastName,
      lastUpdated: m.lastUpdated.toISOString(),
    })),
    page: q.page,
    pageSize: q.pageSize,
    total: Number(total),
    totalPages: Math.max(1, Math.ceil(Number(total) / q.pageSize)),
  };
}

export const listMembers = (db: Db) => db.select().from(authorizedEmails).orderBy(asc(authorizedEmails.email));

/**
 * Removing a member also ends their sessions at once, removes their passkeys (decision 060) and voids their passes
 * (decision 046): the door refuses them, and the changed `updatedAt` makes Apple Wallet fetch the voided pass the
 * next time it asks.
 */
export async function removeMember(db: Db, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  const removed = await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.email, email));
    await tx.delete(passkeys).where(eq(passkeys.memberEmail, email));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.memberEmail, email));
    const gone = await tx.delete(authorizedEmails).where(eq(authorizedEmails.email, email)).returning();
    if (gone.length === 0) return false;
    const now = new Date();
    await tx
      .update(bookings)
      .set({ memberRemovedAt: now, updatedAt: now })
      .where(and(eq(bookings.email, email), isNull(bookings.memberRemovedAt)));
    return true;
  });
  afterCommit(db, (root) => forgetSessions(root, { email }));
  return removed;
}

/**
 * Adds an admin account (role admin, staff for the door, or partner with its benefits), or sets an existing one's
 * password and role; a partner's benefits replace its old ones, another role keeps none. One transaction.
 */
export async function upsertAdmin(
  db: Db,
  input: { email: string; password: string; role?: StaffRole; benefitIds?: string[] },
) {
  const a = adminAccountSchema.parse({ ...input, role: input.role ?? 'admin' });
  const password = await hashPassword(a.password);
  const role = a.role;
  await inTransaction(db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: a.email, password, role })
      .onConflictDoUpdate({ target: users.username, set: { password, role } })
      .returning({ id: users.id });
    if (role === 'partner') await assignBenefits(tx, a.email, a.benefitIds ?? []);
    else if (user) await tx.delete(partnerBenefits).where(eq(partnerBenefits.userId, user.id));
  });
  return a.email;
}

export async function adminExists(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, normaliseEmail(email)));
  return Boolean(row);
}

/** Admin, door staff and partner accounts, admins first; partners with their benefits. */
export async function listAccounts(db: Db): Promise<AdminAccountRow[]> {
  const rows = await db.select().from(users).orderBy(asc(users.role), asc(users.username));
  const assigned = await assignmentsByEmail(db);
  return rows.map((u) => ({
    email: u.username,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    ...(u.role === 'partner' ? { benefitIds: assigned.get(u.username) ?? [] } : {}),
  }));
}

/** Removes an account and ends its sessions; nobody removes their own (an admin area with no admin left). */
export async function removeAccount(db: Db, rawEmail: string, by: string) {
  const email = normaliseEmail(rawEmail);
  if (email === normaliseEmail(by)) throw new HttpError(409, ACCOUNT_MSG.notYourself);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, email));
  if (!user) throw new HttpError(404, ACCOUNT_MSG.notFound);
  await db.delete(adminSessions).where(eq(adminSessions.userId, user.id));
  await db.delete(users).where(eq(users.id, user.id));
}
