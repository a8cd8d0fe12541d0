import { eq } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type GuardedSecret, guardedAttempt } from '../../lib/sign-in-guard.ts';
import { type AnySession, endOtherSessions, type SignInWho } from './admin-sessions.ts';
import { hasPasskeys, listPasskeys } from './passkeys.ts';
import { verifyPassword } from './passwords.ts';
import { twoFactorRequired } from './sign-in-policy.ts';
import { openTotp, recoveryCodesLeft, replaceRecoveryCodes, stepOf, takeRecoveryCode, takeTotp } from './totp.ts';

/** Second-factor codes are limited as passwords are (decisions 019, 044): slowed per address, never locked. */
const SECOND_FACTOR: GuardedSecret = { kind: 'admin-2fa', perIp: true, message: TWO_FACTOR_MSG.tooManyAttempts };

const wrongCode = () => new HttpError(401, TWO_FACTOR_MSG.invalidCode, ERROR_CODE.invalidCode);
const isWrongCode = (err: unknown) => err instanceof HttpError && err.code === ERROR_CODE.invalidCode;

async function userOf(db: Db | Tx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, TWO_FACTOR_MSG.invalidCode, ERROR_CODE.notSignedIn);
  return user;
}

/**
 * Checks the second factor of a half-signed-in session: an authenticator code (six digits, once each) or a
 * recovery code (single use). Answers which one it was, for the audit log.
 */
export async function checkSecondFactor(db: Db, session: AnySession, code: string, who: SignInWho) {
  return guardedAttempt(
    db,
    SECOND_FACTOR,
    { account: session.email, ip: who.ip, limits: who.limits, device: who.device(session.email) },
    async () => {
      const user = await userOf(db, session.userId);
      if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
        if (await takeTotp(db, who.totpKey, user, code.replace(/\s/g, ''))) return 'totp' as const;
      } else if (await takeRecoveryCode(db, user.id, code)) return 'recovery' as const;
      throw wrongCode();
    },
    isWrongCode,
  );
}

/** Confirms a new authenticator secret with its first code: it becomes the account's, with ten recovery codes. */
export async function confirmTotp(db: Db, userId: string, code: string, who: SignInWho & { email: string }) {
  return guardedAttempt(
    db,
    SECOND_FACTOR,
    { account: who.email, ip: who.ip, limits: who.limits, device: who.device(who.email) },
    async () => {
      const user = await userOf(db, userId);
      const pending = user.totpPendingSecret && openTotp(who.totpKey, userId, user.totpPendingSecret);
      if (!pending) throw new HttpError(409, TWO_FACTOR_MSG.noSetup, ERROR_CODE.conflict);
      const step = stepOf(pending, code.replace(/\s/g, ''));
      if (step === null) throw wrongCode();
      return db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
          .where(eq(users.id, userId));
        return replaceRecoveryCodes(tx, userId);
      });
    },
    isWrongCode,
  );
}

/** Passwords typed again on the Security page: a stolen session guesses no faster than a stranger (decision 019). */
const PASSWORD_AGAIN: GuardedSecret = { kind: 'admin-confirm', perIp: false };

/**
 * Asks for the account's password again before a change that weakens or replaces a factor, or the password itself.
 * Run it before the change's transaction: its counters are written on `db`.
 */
export async function confirmPassword(db: Db, session: AnySession, password: string, who: SignInWho) {
  return guardedAttempt(
    db,
    PASSWORD_AGAIN,
    { account: session.email, ip: who.ip, limits: who.limits },
    async () => {
      const user = await userOf(db, session.userId);
      if (!(await verifyPassword(user.password, password)))
        throw new HttpError(403, TWO_FACTOR_MSG.wrongPassword, ERROR_CODE.invalidCredentials);
      return user;
    },
    (err) => err instanceof HttpError && err.code === ERROR_CODE.invalidCredentials,
  );
}

/** Refuses to take away an account's last factor while the organiser requires one. */
export async function keepOneFactor(tx: Tx, session: AnySession, left: { totp: boolean; passkeys: boolean }) {
  if (!left.totp && !left.passkeys && (await twoFactorRequired(tx, session.role)))
    throw new HttpError(409, TWO_FACTOR_MSG.stillRequired, ERROR_CODE.twoFactorRequired);
}

/** Removes the authenticator and recovery codes, and ends the account's other sessions. */
export async function removeTotp(tx: Tx, session: AnySession) {
  await keepOneFactor(tx, session, { totp: false, passkeys: await hasPasskeys(tx, { userId: session.userId }) });
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(users.id, session.userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, session.userId));
  return endOtherSessions(tx, session.userId, session.sessionId);
}

export async function securityStatus(db: Db, session: AnySession) {
  const user = await userOf(db, session.userId);
  return {
    totp: Boolean(user.totpSecret),
    passkeys: await listPasskeys(db, { userId: user.id }),
    recoveryCodesLeft: await recoveryCodesLeft(db, user.id),
    required: await twoFactorRequired(db, session.role),
  };
}
