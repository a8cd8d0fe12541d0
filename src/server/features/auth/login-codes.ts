import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count as countRows, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { normaliseEmail } from '#common/auth.ts';
import {
  LOGIN_CODE_DIGITS,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MINUTES,
  LOGIN_VERIFY_PATH,
} from '#common/constants.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { DEFAULT_LOCALE, isLocale } from '#common/locales.ts';
import type { Db, Tx } from '../../db/client.ts';
import { authorizedEmails, memberLoginCodes } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { count, enforce } from '../../lib/rate-limit.ts';
import { type GuardedSecret, guardedAttempt, type SignInLimits, slowDown } from '../../lib/sign-in-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../outbox/index.ts';
import { loginCodeMail } from './login-code-mail.ts';
import { findMember, type RequestMeta, startSession } from './member-sessions.ts';
import { tellMemberUnderAttack } from './sign-in-alerts.ts';

/** The httpOnly cookie that binds a code to the browser that asked for it, and the browser to the e-mail (044). */
export const loginBindingCookieName = (secure: boolean) => (secure ? '__Host-portal_login' : 'portal_login');
export const LOGIN_CODE_TTL_MS = LOGIN_CODE_TTL_MINUTES * 60_000;

type CodeOptions = {
  limits: SignInLimits;
  codesPerDay: number;
  mailsPerHour: number;
  publicUrl: string;
  /** Signs browser bindings and keys code hashes (SIGN_IN_DEVICE_SECRET): a leaked table alone guesses nothing. */
  secret: string;
};
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A per-address cap on code requests lasts a minute: a listed member at a busy venue waits no longer. */
const REQUESTS_PER_IP_WINDOW_MS = 60_000;
/**
 * Wrong codes are counted per e-mail and browser binding: a code only works in a browser that asked for its e-mail,
 * so strangers' guesses never slow the member's browser. The address cap (a minute, like code requests) only bounds
 * the load one address can make. Many wrong codes tell the member.
 */
const LOGIN_CODE: GuardedSecret = {
  kind: 'member-code',
  perIp: true,
  perIpWindowMs: REQUESTS_PER_IP_WINDOW_MS,
  onAttack: tellMemberUnderAttack,
};
const invalidCode = () => new HttpError(400, words('srv.auth.codeInvalid'), ERROR_CODE.invalidCode);
const otherBrowser = () => new HttpError(400, words('srv.auth.codeOtherBrowser'));

// The stored code_hash is '<code hmac>.<link sha256>': one row, one use. The code's MAC is keyed by the server's
// secret and salted by the row's link hash, so a leaked table cannot be brute-forced offline.
const codeMac = (secret: string, salt: string, code: string) =>
  createHmac('sha256', secret).update(`sign-in-code:v2\n${salt}\n${code}`).digest('hex');
const linkHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_DIGITS)).padStart(LOGIN_CODE_DIGITS, '0');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sameHex(a: string, b: string) {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

// A binding names the e-mail it was asked for inside its MAC, not in the cookie (like the device cookie).
const bindingMac = (secret: string, email: string, nonce: string, until: string) =>
  createHmac('sha256', secret).update(`sign-in-binding:v1\n${email}\n${nonce}\n${until}`).digest();

/** A browser's binding for one e-mail, `nonce.until.mac`, valid as long as a code. */
function newBinding(secret: string, email: string, now: number) {
  const nonce = newToken();
  const until = (now + LOGIN_CODE_TTL_MS).toString(36);
  return `${nonce}.${until}.${bindingMac(secret, email, nonce, until).toString('base64url')}`;
}

/** Whether this browser's binding was given to it, by this server, when it asked for `email`, and is still live. */
function boundTo(secret: string, email: string, binding: string) {
  const [nonce = '', until = '', sig = ''] = binding.split('.');
  const end = Number.parseInt(until, 36);
  if (!nonce || !Number.isFinite(end) || end <= Date.now()) return false;
  const given = Buffer.from(sig, 'base64url');
  const wanted = bindingMac(secret, email, nonce, until);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Step 1 of MEMBER_LOGIN=code. Everything that depends on whether the e-mail is listed happens in `issue`, which the
 * caller runs after its answer has gone out (decision 044): listed and unlisted e-mails get the same answer, the
 * same binding cookie, at the same speed. The only refusals here do not depend on the e-mail's being listed: the
 * per-address minute cap, and the own allowance of a browser holding the member's device cookie.
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
    await slowDown(db, `member-code-send:device:${device}`, opts.codesPerDay, DAY_MS, words('srv.auth.tooManyCodes'));
  } else {
    await enforce(
      db,
      `member-code-send:ip:${meta.ip}`,
      opts.limits.perIp,
      REQUESTS_PER_IP_WINDOW_MS,
      words('srv.auth.tooManyAttempts'),
    );
  }
  const now = Date.now();
  const binding = newBinding(opts.secret, email, now);
  const issue = () => issueLoginCode(db, email, { binding, replaces: browser.binding, device: Boolean(device) }, opts);
  return { binding, expiresAt: new Date(now + LOGIN_CODE_TTL_MS), issue };
}

/**
 * Mails a listed e-mail a new code bound to the asking browser, unless the e-mail already had `mailsPerHour` codes
 * in the last hour and the browser never signed in to it: then nothing new is sent, and the newest code gets a
 * fresh lifetime instead, since any browser that asked for the e-mail may use it (verifyLoginCode).
 */
async function issueLoginCode(
  db: Db,
  email: string,
  browser: { binding: string; replaces: string | undefined; device: boolean },
  opts: CodeOptions,
) {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_MS);
  await db.transaction(async (tx) => {
    // The member's row, locked: requests for one e-mail count the hour's codes one at a time, on every instance.
    const [member] = await tx
      .select({ id: authorizedEmails.id, locale: authorizedEmails.locale })
      .from(authorizedEmails)
      .where(eq(authorizedEmails.email, email))
      .for('update');
    if (!member) return;
    if (!browser.device && (await codesWithinHour(tx, email, now)) >= opts.mailsPerHour)
      return keepNewestAlive(tx, email, expiresAt);
    // Only this browser's earlier codes go: a stranger asking for the same e-mail cannot spoil the member's code.
    // They end as well as being used, which tells them from codes signed in with (codesWithinHour).
    await tx
      .update(memberLoginCodes)
      .set({ usedAt: now, expiresAt: now })
      .where(
        and(
          eq(memberLoginCodes.email, email),
          isNull(memberLoginCodes.usedAt),
          eq(memberLoginCodes.bindingHash, hashToken(browser.replaces ?? browser.binding)),
        ),
      );
    const code = newCode();
    const linkSecret = newToken();
    const salt = linkHash(linkSecret);
    const [row] = await tx
      .insert(memberLoginCodes)
      .values({
        email,
        codeHash: `${codeMac(opts.secret, salt, code)}.${salt}`,
        bindingHash: hashToken(browser.binding),
        expiresAt,
      })
      .returning({ id: memberLoginCodes.id });
    if (!row) throw new Error('login code not stored');
    const link = `${opts.publicUrl}${LOGIN_VERIFY_PATH}?token=${row.id}.${linkSecret}`;
    await enqueueMail(tx, {
      purpose: 'login-code',
      to: email,
      ...loginCodeMail(isLocale(member.locale) ? member.locale : DEFAULT_LOCALE, code, link),
    });
  });
  // Clean up after expired codes now and then; the table stays small.
  await db.delete(memberLoginCodes).where(lt(memberLoginCodes.expiresAt, new Date(now.getTime() - DAY_MS)));
}

/**
 * The e-mail's codes from the last hour, but for those the member signed in with (used before their end; a replaced
 * code ends when it is used up): mail the member asked for and used does not count against strangers' cap.
 */
async function codesWithinHour(tx: Tx, email: string, now: Date) {
  const [row] = await tx
    .select({ n: countRows() })
    .from(memberLoginCodes)
    .where(
      and(
        eq(memberLoginCodes.email, email),
        gt(memberLoginCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
        or(isNull(memberLoginCodes.usedAt), lte(memberLoginCodes.expiresAt, memberLoginCodes.usedAt)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Past the hour's cap: the newest unused code (the one in the member's newest mail) lives on from now. */
async function keepNewestAlive(tx: Tx, email: string, expiresAt: Date) {
  const [newest] = await tx
    .select({ id: memberLoginCodes.id })
    .from(memberLoginCodes)
    .where(and(eq(memberLoginCodes.email, email), isNull(memberLoginCodes.usedAt)))
    .orderBy(desc(memberLoginCodes.createdAt))
    .limit(1);
  if (newest) await tx.update(memberLoginCodes).set({ expiresAt }).where(eq(memberLoginCodes.id, newest.id));
}

export type VerifyInput = { email: string; code: string } | { token: string };

/**
 * Step 2: the code (with its e-mail) or the link's token, from a browser holding a binding cookie.
 * Every try uses up one of the code's attempts before it is compared, so parallel guesses get no
 * more than LOGIN_CODE_MAX_ATTEMPTS (in the asking browser, and as many elsewhere); marking it used
 * is a conditional UPDATE, so two racing verifies cannot both win.
 */
export async function verifyLoginCode(
  db: Db,
  input: VerifyInput,
  binding: string | undefined,
  meta: RequestMeta,
  opts: { sessionDays: number; limits: SignInLimits; secret: string },
) {
  if (!binding) throw otherBrowser();
  const account = 'token' in input ? `link:${input.token.split('.')[0] ?? ''}` : normaliseEmail(input.email);
  return guardedAttempt(
    db,
    LOGIN_CODE,
    { account, ip: meta.ip, limits: opts.limits, scope: hashToken(binding).slice(0, 16) },
    async () => {
      const now = new Date();
      const id =
        'token' in input
          ? await linkRow(db, input.token, binding, opts.secret)
          : await codeRow(db, input, binding, opts.secret, now);
      return signInWith(db, id, now, meta, opts.sessionDays);
    },
    (err) => err instanceof HttpError && err.code === ERROR_CODE.invalidCode,
  );
}

/**
 * The link's row, in the browser that asked for it or any browser that asked for its e-mail (decision 044): the
 * link's 256-bit secret cannot be guessed, so it has no tries to spend and strangers cannot use it up.
 */
async function linkRow(db: Db, token: string, binding: string, secret: string) {
  const [rowId = '', linkSecret = ''] = token.split('.');
  if (!UUID.test(rowId) || !linkSecret) throw invalidCode();
  const [row] = await db
    .select({
      email: memberLoginCodes.email,
      bindingHash: memberLoginCodes.bindingHash,
      hash: memberLoginCodes.codeHash,
    })
    .from(memberLoginCodes)
    .where(eq(memberLoginCodes.id, rowId));
  if (!row) throw invalidCode();
  if (row.bindingHash !== hashToken(binding) && !boundTo(secret, row.email, binding)) throw otherBrowser();
  if (!sameHex(row.hash.split('.')[1] ?? '', linkHash(linkSecret))) throw invalidCode();
  return rowId;
}

/**
 * The row a typed code signs in with: this browser's own newest code, with its LOGIN_CODE_MAX_ATTEMPTS tries that
 * only this browser spends; else the e-mail's newest code (the member's newest mail), which any browser that asked
 * for the e-mail may try, from LOGIN_CODE_MAX_ATTEMPTS tries of its own (decision 044).
 */
async function codeRow(db: Db, input: { email: string; code: string }, binding: string, secret: string, now: Date) {
  const email = normaliseEmail(input.email);
  const newestFirst = (own: boolean) =>
    db
      .select({ id: memberLoginCodes.id })
      .from(memberLoginCodes)
      .where(
        and(
          eq(memberLoginCodes.email, email),
          own ? eq(memberLoginCodes.bindingHash, hashToken(binding)) : undefined,
          isNull(memberLoginCodes.usedAt),
          gt(memberLoginCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(memberLoginCodes.createdAt))
      .limit(1);
  const [own] = await newestFirst(true);
  if (own && (await ownTry(db, own.id, input.code, secret, now))) return own.id;
  const [newest] = boundTo(secret, email, binding) ? await newestFirst(false) : [];
  if (newest && newest.id !== own?.id && (await sharedTry(db, newest.id, input.code, secret, now))) return newest.id;
  throw invalidCode();
}

const codeFits = (secret: string, stored: string, code: string) => {
  const [mac = '', salt = ''] = stored.split('.');
  return sameHex(mac, codeMac(secret, salt, code));
};

async function ownTry(db: Db, id: string, code: string, secret: string, now: Date) {
  const [tried] = await db
    .update(memberLoginCodes)
    .set({ attempts: sql`${memberLoginCodes.attempts} + 1` })
    .where(
      and(
        eq(memberLoginCodes.id, id),
        isNull(memberLoginCodes.usedAt),
        gt(memberLoginCodes.expiresAt, now),
        lt(memberLoginCodes.attempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ hash: memberLoginCodes.codeHash });
  return Boolean(tried && codeFits(secret, tried.hash, code));
}

/** A try at another browser's code, counted (before the compare) apart from that browser's own tries. */
async function sharedTry(db: Db, id: string, code: string, secret: string, now: Date) {
  if ((await count(db, `member-code:shared:${id}`, DAY_MS)).count > LOGIN_CODE_MAX_ATTEMPTS) return false;
  const [row] = await db
    .select({ hash: memberLoginCodes.codeHash })
    .from(memberLoginCodes)
    .where(and(eq(memberLoginCodes.id, id), isNull(memberLoginCodes.usedAt), gt(memberLoginCodes.expiresAt, now)));
  return Boolean(row && codeFits(secret, row.hash, code));
}

/** Uses the code once (a conditional UPDATE: of racing verifies one wins) and opens the member's session. */
function signInWith(db: Db, id: string, now: Date, meta: RequestMeta, sessionDays: number) {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(memberLoginCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(memberLoginCodes.id, id), isNull(memberLoginCodes.usedAt), gt(memberLoginCodes.expiresAt, now)))
      .returning({ email: memberLoginCodes.email });
    if (!used) throw invalidCode();
    // Removed from the list since the code was sent: no session.
    const member = await findMember(tx, used.email);
    if (!member) throw new HttpError(401, words('srv.auth.notAuthorized'), ERROR_CODE.notAuthorized);
    return startSession(tx, member, meta, sessionDays);
  });
}
