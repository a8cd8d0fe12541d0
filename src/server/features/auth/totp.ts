import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '#common/two-factor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema.ts';
import { isSealed, openSecret, sealSecret } from '../../lib/secret-box.ts';
import { hashToken } from '../../lib/tokens.ts';

const ISSUER = 'Pass Portal';
// RFC 6238's defaults, the ones every authenticator app reads: SHA-1, 6 digits, 30 s.
const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

// Sealed for the account it belongs to (decision 060): a secret copied to another row does not open there.
const contextOf = (userId: string) => `totp:${userId}`;
/**
 * A stored secret (sealed, or plain in a row from before decision 060) as the authenticator app knows it; null when
 * it was sealed under another key (TOTP_ENCRYPTION_SECRET changed): its codes are then refused, never a 500.
 */
export function openTotp(key: Buffer, userId: string, stored: string): string | null {
  try {
    return openSecret(key, stored, contextOf(userId));
  } catch {
    return null;
  }
}

/** A new secret awaiting its first code (the account's confirmed one, if any, keeps working meanwhile). */
export async function beginTotp(db: Db, key: Buffer, userId: string, email: string) {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret(key, secret, contextOf(userId));
  await db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, userId));
  const uri = totpOf(secret, email).toString();
  return { secret, uri, qrDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 240 }) };
}

/** The 30-second step `code` belongs to, within one step either side of now (clock drift), or null. */
export function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/**
 * Takes a code once: only a step later than the last one accepted, and the conditional UPDATE makes two requests
 * racing with the same code see one success.
 */
export async function takeTotp(
  db: Db | Tx,
  key: Buffer,
  user: { id: string; totpSecret: string | null },
  code: string,
) {
  const secret = user.totpSecret && openTotp(key, user.id, user.totpSecret);
  if (!secret || !/^\d{6}$/.test(code)) return false;
  const step = stepOf(secret, code);
  if (step === null) return false;
  const taken = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length === 1;
}

/**
 * Seals the secrets rows from before decision 060 hold in plain text; run at start-up. Each row is rewritten only if
 * it still holds the plain value read, so a set-up racing it on another instance keeps its own.
 */
export async function sealPlainTotpSecrets(db: Db, key: Buffer) {
  const rows = await db
    .select({ id: users.id, secret: users.totpSecret, pending: users.totpPendingSecret })
    .from(users)
    .where(or(isNotNull(users.totpSecret), isNotNull(users.totpPendingSecret)));
  let sealed = 0;
  for (const row of rows) {
    for (const column of ['secret', 'pending'] as const) {
      const plain = row[column];
      if (!plain || isSealed(plain)) continue;
      const field = column === 'secret' ? users.totpSecret : users.totpPendingSecret;
      const value = sealSecret(key, plain, contextOf(row.id));
      const set = column === 'secret' ? { totpSecret: value } : { totpPendingSecret: value };
      const done = await db
        .update(users)
        .set(set)
        .where(and(eq(users.id, row.id), eq(field, plain)))
        .returning({ id: users.id });
      sealed += done.length;
    }
  }
  return sealed;
}

// Crockford-like alphabet without look-alikes; 12 characters ≈ 60 bits, so a plain SHA-256 is enough to keep.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = [...randomBytes(12)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
};
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Replaces an account's recovery codes with ten new ones; the plain codes are returned once, never stored. */
export async function replaceRecoveryCodes(tx: Db | Tx, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((c) => ({ userId, codeHash: hashToken(`recovery:${normaliseRecovery(c)}`) })));
  return codes;
}

/** Spends a recovery code: true once per code (the UPDATE's condition stops a second use, even a parallel one). */
export async function takeRecoveryCode(db: Db | Tx, userId: string, code: string) {
  const codeHash = hashToken(`recovery:${normaliseRecovery(code)}`);
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db | Tx, userId: string) {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
