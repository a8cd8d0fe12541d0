import { eq } from 'drizzle-orm';
import { placeLabel } from '#common/place.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit, users } from '../../db/schema.ts';
import { placeOf } from '../../lib/ip-place.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import { ATTACK_WINDOW_MS } from '../../lib/sign-in-guard.ts';
import { enqueueMail } from '../outbox/index.ts';
import { deviceLabel } from './device-label.ts';
import { findMember } from './member-sessions.ts';

type Target = { type: 'admin' | 'member'; subject: string; lines: string[] };

/**
 * Tells the owner of an account under attack (by mail) and the admins (in the audit log), once the sign-in guard
 * decides it is (lib/sign-in-guard.ts). Only an account that exists is told of, so nothing is sent for guesses at
 * e-mails nobody has.
 */
const minutes = ATTACK_WINDOW_MS / 60_000;

async function tell(db: Db, email: string, failures: number, target: Target) {
  await db.transaction(async (tx) => {
    await tx.insert(adminAudit).values({
      adminEmail: '',
      action: 'sign-in.attack',
      targetType: target.type,
      targetId: email,
      details: { failures, withinMinutes: minutes },
    });
    await enqueueMail(tx, {
      purpose: 'sign-in-alert',
      to: email,
      subject: target.subject,
      text: target.lines.join('\n'),
    });
  });
}

export async function tellAdminUnderAttack(db: Db, email: string, failures: number) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, email));
  if (!admin) return;
  await tell(db, email, failures, {
    type: 'admin',
    subject: 'Someone is trying to sign in to your account',
    lines: [
      `There were ${failures} failed attempts to sign in to your Pass Portal admin account in the last ${minutes} minutes.`,
      '',
      'Your account is not locked: these attempts are slowed down, and you can still sign in as usual.',
      'From a browser you have signed in with before, your right password always works.',
      '',
      'If these attempts were not yours, you do not need to do anything; the portal has told its administrators.',
    ],
  });
}

export async function tellMemberUnderAttack(db: Db, email: string, failures: number) {
  const member = await findMember(db, email);
  if (!member) return;
  // In the member's language (decision 061); the admin's alert stays English, as the admin's screens do.
  const t = mailT(member.locale);
  await tell(db, email, failures, {
    type: 'member',
    subject: t('alert.subject'),
    lines: [
      t('alert.failures', { failures, minutes }),
      '',
      t('alert.notLocked'),
      t('alert.howToSignIn'),
      '',
      t('alert.notYours'),
    ],
  });
}

/** "Singapore (203.116.1.1)", "the local network (10.0.0.5)", or the address alone when its place is unknown. */
function whereFrom(ip: string) {
  const place = placeOf(ip);
  if (!place) return `address ${ip}`;
  if (!('network' in place)) return `${placeLabel(place)} (${ip})`;
  return `${place.network === 'this' ? 'this network' : 'the local network'} (${ip})`;
}

/** A full sign-in from a browser without the account's device cookie (decision 056): the owner hears of it. */
export async function tellNewDevice(tx: Tx, email: string, from: { userAgent: string | undefined; ip: string }) {
  await enqueueMail(tx, {
    purpose: 'new-device',
    to: email,
    subject: 'New sign-in to your Pass Portal admin account',
    text: [
      'Your Pass Portal admin account was just signed in to from a browser it had not been used from before:',
      '',
      `  ${deviceLabel(from.userAgent)}, from ${whereFrom(from.ip)}, at ${new Date().toISOString()}`,
      '',
      'If this was you, there is nothing to do.',
      'If not, sign in, change your password and end the other sessions on the Security page.',
    ].join('\n'),
  });
}
