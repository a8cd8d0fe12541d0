import type { Db } from '../db/client.ts';
import { type Words, words } from './member-words.ts';
import { claimOver, count, forget, hit, peek, restart, tooMany, unhit } from './rate-limit.ts';

/**
 * Limits on guessing a secret (an admin password, an e-mailed code) that slow strangers and lock nobody out
 * (docs/decisions/019, after OWASP's device cookies):
 * - an attempt from a browser holding a device cookie for the account is counted per device only, so what
 *   strangers do never reaches it;
 * - any other attempt is counted per account *and* address (or browser) before the secret is checked, so parallel
 *   guesses count too; past the allowance each further one waits out a pause twice as long as the last, at most
 *   15 minutes: slowed, never refused for a day;
 * - failures for one account from everywhere only make the allowance of *new* pairs smaller (under attack), and
 *   tell the account's owner and the audit log, at most once per account every six hours;
 * - failures per address are capped loosely (a venue's Wi-Fi is one address, docs/spec/DESIGN.md §4), device cookies exempt;
 * - a success clears its pair and is taken back from the address: signing in never counts.
 */
export type SignInLimits = { perAccountAndIp: number; perIp: number; windowMs: number };

export type GuardedSecret = {
  kind: string;
  message?: string | Words;
  /** Attempts at one address without a device cookie count toward LOGIN_LIMIT_PER_IP. */
  perIp: boolean;
  /** The address cap's window when not the sign-in window: a shorter one bounds how long a crowd can be held up. */
  perIpWindowMs?: number;
  /** Told, at most once per account every ALERT_EVERY_MS, when failures for one account reach the attack level. */
  onAttack?: (db: Db, account: string, failures: number) => Promise<void>;
};

export type Attempt = {
  account: string;
  ip: string;
  limits: SignInLimits;
  /** The device id of a valid device cookie for this account (lib/device-cookie.ts): counted per device only. */
  device?: string | null;
  /** Narrows the pair below the address (a code's browser binding): one browser's guesses never pause another's. */
  scope?: string;
};

export const FIRST_PAUSE_MS = 30_000;
export const MAX_PAUSE_MS = 15 * 60_000;
export const ATTACK_WINDOW_MS = 60 * 60_000;
export const ALERT_EVERY_MS = 6 * 60 * 60_000;

/** Failures for one account within ATTACK_WINDOW_MS from which it counts as under attack. */
export const attackLevel = (limits: SignInLimits) => 2 * limits.perAccountAndIp;
/** Under attack, a new pair of account and address gets this many attempts before its pauses begin. */
export const allowanceUnderAttack = (limits: SignInLimits) => Math.max(2, Math.ceil(limits.perAccountAndIp / 3));

const keys = (secret: GuardedSecret, who: Attempt) => ({
  pair: `${secret.kind}:try:${who.account}:${who.scope ? `${who.ip}:${who.scope}` : who.ip}`,
  device: `${secret.kind}:device:${who.device}`,
  ip: `${secret.kind}:ip:${who.ip}`,
  failures: `${secret.kind}:fail:${who.account}`,
  alerted: `${secret.kind}:alerted:${who.account}`,
});

/**
 * Growing delays on one key: `allowance` attempts in the window, then the next is refused and starts a pause of
 * 30 s; after each pause one more attempt gets through and starts a pause twice as long, up to MAX_PAUSE_MS.
 * An attempt refused during a pause is not counted. `by` > 1 starts a fresh key with part of its allowance used.
 */
export async function slowDown(
  db: Db,
  key: string,
  allowance: number,
  windowMs: number,
  message: string | Words,
  by = 1,
) {
  const pauseKey = `${key}:pause`;
  const paused = await peek(db, pauseKey);
  if (paused) throw tooMany(message, paused.resetAt);
  const pauseFor = (over: number) => Math.min(FIRST_PAUSE_MS * 2 ** (over - 1), MAX_PAUSE_MS);
  // The first attempt past the allowance starts the pause in the transaction that counted it: the counter's row stays
  // locked until the pause exists, so an attempt counted after it never finds the pause missing (a missing pause is
  // one swept after it ended, which claimOver lets through).
  const { over, firstPauseEnds } = await db.transaction(async (tx) => {
    const over = (await count(tx, key, windowMs, by)).count - allowance;
    return { over, firstPauseEnds: over === 1 ? await restart(tx, pauseKey, pauseFor(1)) : null };
  });
  if (over <= 0) return;
  if (firstPauseEnds) throw tooMany(message, firstPauseEnds);
  // Of attempts racing past an ended pause, the one that restarts it goes through; the rest wait for the new one.
  if (await claimOver(db, pauseKey, pauseFor(over))) return;
  const live = await peek(db, pauseKey);
  throw tooMany(message, live?.resetAt ?? new Date(Date.now() + FIRST_PAUSE_MS));
}

/** Counts an attempt, or refuses it with 429 and Retry-After while its device, address or pair must wait. */
export async function beginAttempt(db: Db, secret: GuardedSecret, who: Attempt) {
  const message = secret.message ?? words('srv.auth.tooManyAttempts');
  const { limits } = who;
  const k = keys(secret, who);
  if (who.device) return slowDown(db, k.device, limits.perAccountAndIp, limits.windowMs, message);
  if (secret.perIp) {
    const byIp = await count(db, k.ip, secret.perIpWindowMs ?? limits.windowMs);
    if (byIp.count > limits.perIp) throw tooMany(message, byIp.resetAt);
  }
  // Under attack a new pair starts with part of its allowance used; pairs already counting keep theirs.
  const attacked = ((await peek(db, k.failures))?.count ?? 0) >= attackLevel(limits);
  const head = attacked && !(await peek(db, k.pair)) ? limits.perAccountAndIp - allowanceUnderAttack(limits) : 0;
  await slowDown(db, k.pair, limits.perAccountAndIp, limits.windowMs, message, 1 + Math.max(0, head));
}

/** The secret was wrong: counts toward the account's attack level, and tells once when it is reached. */
export async function attemptFailed(db: Db, secret: GuardedSecret, who: Attempt) {
  const k = keys(secret, who);
  const failures = await count(db, k.failures, ATTACK_WINDOW_MS);
  if (!secret.onAttack || failures.count < attackLevel(who.limits)) return;
  if (await hit(db, k.alerted, 1, ALERT_EVERY_MS)) await secret.onAttack(db, who.account, failures.count);
}

/** The secret was right: its pair (or device) starts afresh, and the attempt is taken back from the address. */
export async function attemptSucceeded(db: Db, secret: GuardedSecret, who: Attempt) {
  const k = keys(secret, who);
  if (who.device) return forget(db, k.device, `${k.device}:pause`);
  await forget(db, k.pair, `${k.pair}:pause`);
  if (secret.perIp) await unhit(db, k.ip);
}

/** The sign-in limits from the settings (LOGIN_LIMIT_*). */
export const signInLimitsOf = (config: {
  loginLimitPerEmail: number;
  loginLimitPerIp: number;
  loginLimitWindowMs: number;
}): SignInLimits => ({
  perAccountAndIp: config.loginLimitPerEmail,
  perIp: config.loginLimitPerIp,
  windowMs: config.loginLimitWindowMs,
});

/** Runs a check of a secret between beginAttempt and its outcome: a refusal with `failed(err)` counts as a failure. */
export async function guardedAttempt<T>(
  db: Db,
  secret: GuardedSecret,
  who: Attempt,
  check: () => Promise<T>,
  failed: (err: unknown) => boolean,
): Promise<T> {
  await beginAttempt(db, secret, who);
  try {
    const result = await check();
    await attemptSucceeded(db, secret, who);
    return result;
  } catch (err) {
    if (failed(err)) await attemptFailed(db, secret, who);
    throw err;
  }
}
