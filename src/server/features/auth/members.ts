import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normaliseEmail } from '../../../common/auth.ts';
import type { Db } from '../../db/client.ts';
import { authorizedEmails, sessions, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';

const memberSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('not a valid e-mail address')),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
});
export type MemberInput = z.input<typeof memberSchema>;

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
  return row?.inserted ? 'added' : 'updated';
}

export type ImportReport = { added: number; updated: number; rejected: { line: number; reason: string }[] };

/** CSV with header `email,firstName,lastName`; each bad row is reported, good rows still land. */
export async function importMembers(db: Db, csv: string): Promise<ImportReport> {
  const report: ImportReport = { added: 0, updated: 0, rejected: [] };
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = parseCsvLine(lines[0] ?? '').map((h) => h.trim());
  const col = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const [iEmail, iFirst, iLast] = [col('email'), col('firstName'), col('lastName')];
  if (iEmail < 0) throw new Error('The CSV needs a header line: email,firstName,lastName');
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n] ?? '';
    if (!line.trim()) continue;
    const cells = parseCsvLine(line);
    const input = { email: cells[iEmail] ?? '', firstName: cells[iFirst] ?? '', lastName: cells[iLast] ?? '' };
    const parsed = memberSchema.safeParse(input);
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'invalid row';
      report.rejected.push({ line: n + 1, reason: `${reason} (${input.email || 'empty e-mail'})` });
      continue;
    }
    report[await upsertMember(db, parsed.data)]++;
  }
  return report;
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      cells.push(cur);
      cur = '';
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

export const listMembers = (db: Db) => db.select().from(authorizedEmails).orderBy(asc(authorizedEmails.email));

/** Removing a member also ends their sessions at once. */
export async function removeMember(db: Db, rawEmail: string): Promise<boolean> {
  const email = normaliseEmail(rawEmail);
  return db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.email, email));
    const gone = await tx.delete(authorizedEmails).where(eq(authorizedEmails.email, email)).returning();
    return gone.length > 0;
  });
}

const adminSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('not a valid e-mail address')),
  password: z.string().min(12, 'the password needs at least 12 characters').max(200),
});

export async function upsertAdmin(db: Db, input: { email: string; password: string }) {
  const a = adminSchema.parse(input);
  const password = await hashPassword(a.password);
  await db
    .insert(users)
    .values({ username: a.email, password })
    .onConflictDoUpdate({ target: users.username, set: { password } });
  return a.email;
}

export async function adminExists(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, normaliseEmail(email)));
  return Boolean(row);
}
