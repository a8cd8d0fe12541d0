import { createHash } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt, type SQL } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { PASSKEY_MSG } from '#common/two-factor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { passkeys, webauthnChallenges } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Whose passkeys: a staff account's (by id) or a member's (by e-mail). */
export type PasskeyOwner = { userId: string; memberEmail?: undefined } | { memberEmail: string; userId?: undefined };
/** The relying party: PUBLIC_URL's host and origin (decision 056); `origins` are the ones a response may come from. */
export type RelyingParty = { id: string; origins: string[] };

const CHALLENGE_MS = 5 * 60_000;

/** PUBLIC_URL names the site; without it (a machine's own run) any localhost port is this portal. */
export function relyingPartyOf(
  config: { publicUrl: string; publicUrlIsLocal: boolean },
  origin?: string,
): RelyingParty {
  const url = new URL(config.publicUrl);
  const local = config.publicUrlIsLocal && origin && /^http:\/\/localhost(:\d+)?$/.test(origin) ? [origin] : [];
  return { id: url.hostname, origins: [url.origin, ...local] };
}

const ownedBy = (owner: PasskeyOwner): SQL =>
  owner.userId ? eq(passkeys.userId, owner.userId) : eq(passkeys.memberEmail, owner.memberEmail ?? '');

export async function listPasskeys(db: Db | Tx, owner: PasskeyOwner) {
  const rows = await db.select().from(passkeys).where(ownedBy(owner)).orderBy(asc(passkeys.createdAt));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

async function storeChallenge(
  db: Db | Tx,
  challenge: string,
  purpose: 'register' | 'sign-in',
  owner: PasskeyOwner | null,
) {
  // Challenges nobody answered go as new ones come: the table holds a few minutes' worth.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId: owner?.userId ?? null,
    memberEmail: owner?.memberEmail ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  });
}

/** The check @simplewebauthn runs on the response's challenge: one we handed out, for this purpose and owner, once. */
const takeChallenge =
  (db: Db | Tx, purpose: 'register' | 'sign-in', owner: PasskeyOwner | null) => async (c: string) => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, c),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, new Date()),
          owner?.userId ? eq(webauthnChallenges.userId, owner.userId) : isNull(webauthnChallenges.userId),
          owner?.memberEmail
            ? eq(webauthnChallenges.memberEmail, owner.memberEmail)
            : isNull(webauthnChallenges.memberEmail),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length === 1;
  };

/** Every refusal of a passkey answers alike: nobody learns which check it failed. */
export const invalid = () => new HttpError(400, PASSKEY_MSG.invalid, ERROR_CODE.passkeyInvalid);

/** Options for adding a passkey: a discoverable one (it can start a sign-in), none the owner already has. */
export async function registrationOptions(db: Db, rp: RelyingParty, owner: PasskeyOwner, userName: string) {
  const existing = await db.select().from(passkeys).where(ownedBy(owner));
  const userId = owner.userId ?? createHash('sha256').update(`member:${owner.memberEmail}`).digest('hex').slice(0, 32);
  const options = await generateRegistrationOptions({
    rpName: 'Pass Portal',
    rpID: rp.id,
    userName,
    userID: new TextEncoder().encode(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, 'register', owner);
  return { ...options };
}

export async function registerPasskey(
  db: Db | Tx,
  rp: RelyingParty,
  owner: PasskeyOwner,
  input: { name: string; response: RegistrationResponseJSON },
) {
  const verified = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: takeChallenge(db, 'register', owner),
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw invalid();
  const { credential } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: owner.userId ?? null,
      memberEmail: owner.memberEmail ?? null,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name: input.name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (!row) throw invalid();
  return row.id;
}

/** Options for signing in with a passkey: the owner's (a second factor), or any discoverable one (the sign-in itself). */
export async function signInOptions(db: Db, rp: RelyingParty, owner: PasskeyOwner | null) {
  const allowed = owner ? await db.select().from(passkeys).where(ownedBy(owner)) : [];
  if (owner && allowed.length === 0) throw new HttpError(404, PASSKEY_MSG.none, ERROR_CODE.notFound);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: p.transports ?? undefined })),
    userVerification: owner ? 'preferred' : 'required',
  });
  await storeChallenge(db, options.challenge, 'sign-in', owner);
  return { ...options };
}

/**
 * Verifies a passkey's signature. With `owner` (a second factor) the passkey must be theirs; without, the passkey
 * is the whole sign-in, so the authenticator must have verified its user (PIN or biometrics), and `kind` says whose
 * passkeys may start one. Answers the passkey's row.
 */
export async function verifyPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  who: { owner: PasskeyOwner | null; kind: 'staff' | 'member' },
) {
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key) throw invalid();
  const mine = who.owner
    ? who.owner.userId
      ? key.userId === who.owner.userId
      : key.memberEmail === who.owner.memberEmail
    : who.kind === 'staff'
      ? key.userId !== null
      : key.memberEmail !== null;
  if (!mine) throw invalid();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takeChallenge(db, 'sign-in', who.owner),
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(key.publicKey),
      counter: key.counter,
      transports: key.transports ?? [],
    },
    requireUserVerification: !who.owner,
  }).catch(() => null);
  if (!verified?.verified) throw invalid();
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return key;
}

export async function removePasskey(tx: Tx, owner: PasskeyOwner, id: string) {
  const gone = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), ownedBy(owner)))
    .returning({ name: passkeys.name });
  if (gone.length === 0) throw new HttpError(404, PASSKEY_MSG.unknown, ERROR_CODE.notFound);
  return gone[0]?.name ?? '';
}

/** How many passkeys an owner keeps (a member's are capped). */
export async function countPasskeys(db: Db | Tx, owner: PasskeyOwner) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(ownedBy(owner));
  return Number(row?.n ?? 0);
}

/** The member a passkey belongs to, by its credential id (not secret): what a sign-in's limits count against. */
export async function memberOfPasskey(db: Db, credentialId: string) {
  const [row] = await db
    .select({ email: passkeys.memberEmail })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId));
  return row?.email ?? null;
}

export async function hasPasskeys(db: Db | Tx, owner: PasskeyOwner) {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(ownedBy(owner)).limit(1);
  return Boolean(row);
}
