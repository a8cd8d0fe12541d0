import { and, eq, gt, isNull } from 'drizzle-orm';
import { normaliseEmail } from '#common/auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { RESET_LINK_MINUTES, TWO_FACTOR_MSG } from '#common/two-factor.ts';
import type { Db } from '../../db/client.ts';
import { adminAudit, passwordResets, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../outbox/index.ts';
import { setPassword } from './account-sessions.ts';
import { endOtherSessions } from './admin-sessions.ts';

/** At most this many reset mails an hour per account: a stranger cannot fill the owner's mailbox. */
const MAILS_PER_HOUR = 3;

/**
 * Mails a single-use reset link to an account, if the address has one (decision 056). The caller runs it after its
 * answer (lib/after-reply.ts), so neither the answer nor its timing tells whether the address has an account.
 */
export async function mailResetLink(db: Db, rawEmail: string, publicUrl: string) {
  const email = normaliseEmail(rawEmail);
  await db.transaction(async (tx) => {
    // The account's row, locked: two requests at once count one after the other.
    const [user] = await tx.select().from(users).where(eq(users.username, email)).for('update');
    if (!user) return;
    const recent = await tx
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(Date.now() - 60 * 60_000))));
    if (recent.length >= MAILS_PER_HOUR) return;
    const token = newToken();
    await tx.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    await enqueueMail(tx, {
      purpose: 'password-reset',
      to: email,
      subject: 'Reset your Pass Portal admin password',
      text: [
        'Someone (we hope you) asked to reset the password of your Pass Portal admin account.',
        '',
        `Choose a new password here, within ${RESET_LINK_MINUTES} minutes; the link works once:`,
        `${publicUrl}/admin/reset-password?token=${token}`,
        '',
        'If you did not ask, ignore this mail: your password stays as it is.',
        'Your second factor, if you have one, is still asked for at sign-in.',
      ].join('\n'),
    });
  });
}

/** Sets a new password with a reset link's token: once, before it expires; every session of the account ends. */
export async function resetPassword(db: Db, token: string, password: string) {
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new HttpError(400, TWO_FACTOR_MSG.resetInvalid, ERROR_CODE.resetLinkInvalid);
    await setPassword(tx, reset.userId, password);
    // Older links of the account die with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    const sessionsEnded = await endOtherSessions(tx, reset.userId, null);
    const [user] = await tx.select({ email: users.username }).from(users).where(eq(users.id, reset.userId));
    await tx.insert(adminAudit).values({
      adminEmail: user?.email ?? '',
      action: 'account.password_reset',
      targetType: 'account',
      targetId: user?.email ?? null,
      details: { sessionsEnded },
    });
  });
}
