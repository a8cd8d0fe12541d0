import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { normaliseEmail } from '#common/auth.ts';
import {
  LOGIN_CODE_DIGITS,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_VERIFY_PATH,
} from '#common/constants.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import type { Db } from '../../db/client.ts';
import { memberLoginCodes } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { enforce } from '../../lib/rate-limit.ts';
import { type GuardedSecret, guardedAttempt, type SignInLimits, slowDown } from '../../lib/sign-in-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../outbox/index.ts';
import { findMember, type RequestMeta, startSession } from './member-sessions.ts';
import { tellMemberUnderAttack } from './sign-in-alerts.ts';

/** The httpOnly cookie that binds a code to the browser that asked for it. */
export const loginBindingCookieName = (secure: boolean) => (secure ? '__Host-portal_login' : 'portal_login');
export const LOGIN_CODE_TTL_MS = LOGIN_CODE_TTL_MINUTES * 60_000;

type CodeOptions = { limits: SignInLimits; codesPerDay: number; publicUrl: string };
const DAY_MS = 86_400_000;
/** A per-address cap on code requests lasts a minute: a listed member at a busy venue waits no longer. */
const REQUESTS_PER_IP_WINDOW_MS = 60_000;
/**
 * Wrong codes are counted per e-mail and browser binding: a code only works in the browser that asked for it, so
 * strangers' guesses at their own codes never slow the member's. The address cap (a minute, like code requests)
 * only bounds the load one address can make. Many wrong codes tell the member.
 */
const LOGIN_CODE: GuardedSecret = {
  kind: 'member-code',
  perIp: true,
  perIpWindowMs: REQUESTS_PER_IP_WINDOW_MS,
  onAttack: tellMemberUnderAttack,
};
const invalidCode = () => new HttpError(400, MSG.loginCodeInvalid, ERROR_CODE.invalidCode);

// The code is keyed by the browser's binding nonce, so a leaked table cannot be brute-forced
// offline without that cookie. The link's secret is a separate 256-bit token; both hashes share
// the row's code_hash as '<code hmac>.<link sha256>': one row, one use, one attempt counter.
const codeMac = (binding: string, code: string) => createHmac('sha256', binding).update(code).digest('hex');
const linkHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sameHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Step 1 of MEMBER_LOGIN=code. The caller answers the same (and sets the same binding cookie)
 * whether or not the e-mail is listed; only a listed one gets a stored code and an e-mail.
 * `browser`: the binding this browser had from an earlier request (its codes, and only those, are replaced), and
 * what its device cookie says for the e-mail.
 */
export async function requestLoginCode(
  db: Db,
  rawEmail: string,
  meta: RequestMeta,
  browser: { binding: string | undefined; device: (email: string) => string | null },
  opts: CodeOptions,
) {
  const email = normaliseEmail(rawEmail);
  const device = browser.device(email);
  if (device) {
    // A browser the member signed in with before: its own allowance, out of strangers' reach.
    await slowDown(db, `member-code-send:device:${device}`, opts.codesPerDay, DAY_MS, MSG.tooManyCodes);
  } else {
    await enforce(
      db,
      `member-code-send:ip:${meta.ip}`,
      opts.limits.perIp,
      REQUESTS_PER_IP_WINDOW_MS,
      MSG.tooManyAttempts,
    );
    // The same answer for listed and unlisted addresses, so the limit gives nothing away; past it, each further
    // code waits longer (at most 15 minutes): each code is 5 guesses, and strangers cannot lock the member out.
    await slowDown(db, `member-code-send:email:${email}`, opts.codesPerDay, DAY_MS, MSG.tooManyCodes);
  }

  const binding = newToken();
  const code = newCode();
  const linkSecret = newToken();
  const codeHash = `${codeMac(binding, code)}.${linkHash(linkSecret)}`;
  const now = new Date();
  await db.transaction(async (tx) => {
    // Every request does the same lookup and invalidation, so a listed e-mail is not given away by timing.
    // Only this browser's earlier codes go: a stranger asking for the same e-mail cannot spoil the member's code.
    await tx
      .update(memberLoginCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(memberLoginCodes.email, email),
          isNull(memberLoginCodes.usedAt),
          eq(memberLoginCodes.bindingHash, hashToken(browser.binding ?? binding)),
        ),
      );
    const member = await findMember(tx, email);
    if (!member) return;
    const [row] = await tx
      .insert(memberLoginCodes)
      .values({
        email,
        codeHash,
        bindingHash: hashToken(binding),
        expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS),
      })
      .returning({ id: memberLoginCodes.id });
    if (!row) throw new Error('login code not stored');
    const link = `${opts.publicUrl}${LOGIN_VERIFY_PATH}?token=${row.id}.${linkSecret}`;
    await enqueueMail(tx, {
      purpose: 'login-code',
      to: email,
      subject: `Your sign-in code: ${code}`,
      text: [
        `Your sign-in code for the Members Portal is ${code}.`,
        '',
        'Enter it on the sign-in page, or open this link in the same browser:',
        link,
        '',
        `The code works once and expires in ${LOGIN_CODE_TTL_MINUTES} minutes.`,
        'If you did not ask to sign in, you can ignore this e-mail.',
      ].join('\n'),
      html: [
        `<p>Your sign-in code for the Members Portal is <strong style="font-size:1.4em;letter-spacing:0.2em">${code}</strong>.</p>`,
        `<p>Enter it on the sign-in page, or <a href="${link}">sign in with this link</a> in the same browser.</p>`,
        `<p>The code works once and expires in ${LOGIN_CODE_TTL_MINUTES} minutes. If you did not ask to sign in, you can ignore this e-mail.</p>`,
      ].join('\n'),
    });
  });
  // Another listed e-mail may clean up after expired codes; the table stays small.
  await db.delete(memberLoginCodes).where(lt(memberLoginCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
  return { binding, expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MS) };
}

export type VerifyInput = { email: string; code: string } | { token: string };

/**
 * Step 2: the code (with its e-mail) or the link's token, from the browser holding the binding
 * cookie. Every try uses up one of the code's attempts before it is compared, so parallel guesses
 * get no more than LOGIN_CODE_MAX_ATTEMPTS; marking it used is a conditional UPDATE, so two
 * racing verifies cannot both win.
 */
export async function verifyLoginCode(
  db: Db,
  input: VerifyInput,
  binding: string | undefined,
  meta: RequestMeta,
  opts: { sessionDays: number; limits: SignInLimits },
) {
  if (!binding) throw new HttpError(400, MSG.loginCodeOtherBrowser);
  const account = 'token' in input ? `link:${input.token.split('.')[0] ?? ''}` : normaliseEmail(input.email);
  return guardedAttempt(
    db,
    LOGIN_CODE,
    { account, ip: meta.ip, limits: opts.limits, scope: hashToken(binding).slice(0, 16) },
    () => checkCode(db, input, binding, meta, opts.sessionDays),
    (err) => err instanceof HttpError && err.code === ERROR_CODE.invalidCode,
  );
}

async function checkCode(db: Db, input: VerifyInput, binding: string, meta: RequestMeta, sessionDays: number) {
  const bindingHash = hashToken(binding);
  const now = new Date();

  let id: string;
  let matches: (stored: string) => boolean;
  if ('token' in input) {
    const [rowId = '', secret = ''] = input.token.split('.');
    if (!UUID.test(rowId) || !secret) throw invalidCode();
    const [row] = await db
      .select({ bindingHash: memberLoginCodes.bindingHash })
      .from(memberLoginCodes)
      .where(eq(memberLoginCodes.id, rowId));
    if (!row) throw invalidCode();
    if (row.bindingHash !== bindingHash) throw new HttpError(400, MSG.loginCodeOtherBrowser);
    id = rowId;
    matches = (stored) => sameHex(stored.split('.')[1] ?? '', linkHash(secret));
  } else {
    const [row] = await db
      .select({ id: memberLoginCodes.id })
      .from(memberLoginCodes)
      .where(
        and(
          eq(memberLoginCodes.email, normaliseEmail(input.email)),
          eq(memberLoginCodes.bindingHash, bindingHash),
          isNull(memberLoginCodes.usedAt),
          gt(memberLoginCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(memberLoginCodes.createdAt))
      .limit(1);
    if (!row) throw invalidCode();
    id = row.id;
    matches = (stored) => sameHex(stored.split('.')[0] ?? '', codeMac(binding, input.code));
  }

  const live = and(
    eq(memberLoginCodes.id, id),
    isNull(memberLoginCodes.usedAt),
    gt(memberLoginCodes.expiresAt, now),
    lt(memberLoginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
  );
  const [tried] = await db
    .update(memberLoginCodes)
    .set({ attempts: sql`${memberLoginCodes.attempts} + 1` })
    .where(live)
    .returning({ codeHash: memberLoginCodes.codeHash });
  if (!tried || !matches(tried.codeHash)) throw invalidCode();

  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(memberLoginCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(memberLoginCodes.id, id), isNull(memberLoginCodes.usedAt), gt(memberLoginCodes.expiresAt, now)))
      .returning({ email: memberLoginCodes.email });
    if (!used) throw invalidCode();
    // Removed from the list since the code was sent: no session.
    const member = await findMember(tx, used.email);
    if (!member) throw new HttpError(401, MSG.notAuthorized, ERROR_CODE.notAuthorized);
    return startSession(tx, member, meta, sessionDays);
  });
}
