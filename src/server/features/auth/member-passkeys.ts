import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MEMBER_PASSKEY_MSG, MEMBER_PASSKEYS_MAX } from '#common/member-passkeys.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type GuardedSecret, guardedAttempt, type SignInLimits } from '../../lib/sign-in-guard.ts';
import { findMember, type RequestMeta, startSession } from './member-sessions.ts';
import {
  countPasskeys,
  invalid,
  memberOfPasskey,
  type RelyingParty,
  registerPasskey,
  registrationOptions,
  removePasskey,
  verifyPasskey,
} from './passkeys.ts';

/**
 * Passkey sign-ins are limited as codes are (decisions 019, 044): per member and address (or the member's device
 * cookie), and per address for a minute; a signature cannot be guessed, so the limits only bound the load.
 */
const MEMBER_PASSKEY: GuardedSecret = { kind: 'member-passkey', perIp: true, perIpWindowMs: 60_000 };

type MemberPasskeyAction = 'member.passkey_add' | 'member.passkey_remove' | 'member.passkey_sign_in';

/** A member's own step, in the audit log beside the organiser's (the actor is the member's address). */
async function auditMember(tx: Tx, email: string, action: MemberPasskeyAction, details: Record<string, unknown>) {
  await tx.insert(adminAudit).values({ adminEmail: email, action, targetType: 'member', targetId: email, details });
}

const tooMany = () => new HttpError(409, MEMBER_PASSKEY_MSG.tooMany, ERROR_CODE.conflict);

/** Options for the member's next passkey, unless they already keep the most a member may. */
export async function memberRegistrationOptions(db: Db, rp: RelyingParty, email: string) {
  if ((await countPasskeys(db, { memberEmail: email })) >= MEMBER_PASSKEYS_MAX) throw tooMany();
  return registrationOptions(db, rp, { memberEmail: email }, email);
}

export function addMemberPasskey(
  db: Db,
  rp: RelyingParty,
  email: string,
  input: { name: string; response: RegistrationResponseJSON },
) {
  return db.transaction(async (tx) => {
    if ((await countPasskeys(tx, { memberEmail: email })) >= MEMBER_PASSKEYS_MAX) throw tooMany();
    const id = await registerPasskey(tx, rp, { memberEmail: email }, input);
    await auditMember(tx, email, 'member.passkey_add', { passkey: id, name: input.name });
    return id;
  });
}

export function removeMemberPasskey(db: Db, email: string, id: string) {
  return db.transaction(async (tx) => {
    const name = await removePasskey(tx, { memberEmail: email }, id);
    await auditMember(tx, email, 'member.passkey_remove', { passkey: id, name });
  });
}

/**
 * A sign-in with a member's passkey: the authenticator verified its user, and the allow-list still decides. A key
 * that is unknown, forged or of an address no longer listed gets the same answer.
 */
export async function signInWithMemberPasskey(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  who: RequestMeta & { limits: SignInLimits; device: (email: string) => string | null; sessionDays: number },
) {
  const email = await memberOfPasskey(db, response.id);
  return guardedAttempt(
    db,
    MEMBER_PASSKEY,
    { account: email ?? 'unknown-passkey', ip: who.ip, limits: who.limits, device: email ? who.device(email) : null },
    async () => {
      const key = await verifyPasskey(db, rp, response, { owner: null, kind: 'member' });
      return db.transaction(async (tx) => {
        const member = key.memberEmail ? await findMember(tx, key.memberEmail) : null;
        if (!member) throw invalid();
        const session = await startSession(tx, member, who, who.sessionDays);
        await auditMember(tx, member.email, 'member.passkey_sign_in', { passkey: key.id, name: key.name });
        return session;
      });
    },
    (err) => err instanceof HttpError && err.code === ERROR_CODE.passkeyInvalid,
  );
}
