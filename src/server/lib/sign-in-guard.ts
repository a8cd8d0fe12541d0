import { MSG } from '../../common/messages.ts';
import type { Db } from '../db/client.ts';
import { count, forget, peek, tooMany, unhit } from './rate-limit.ts';

/**
 * Limits on guessing a secret (an admin password, an e-mailed code) that an outsider cannot turn into a
 * lockout of the real person (docs/decisions/007):
 * - attempts are counted per account *and* address, before the secret is checked (so parallel guesses
 *   count too); past `perAccountAndIp` in the window, each further one pauses that pair twice as long;
 * - failures per account over a day have a separate, higher cap: the defence against many addresses;
 * - failures per address are capped loosely (a venue's Wi-Fi is one address, docs/spec/DESIGN.md §4);
 * - a success clears its pair and is taken back from the address: signing in never counts.
 */
export type SignInLimits = { perAccountAndIp: number; perIp: number; windowMs: number };
export type GuardedSecret = { kind: string; failuresPerDay: number; message?: string };

const DAY_MS = 86_400_000;
const FIRST_PAUSE_MS = 30_000;

const keys = (secret: GuardedSecret, account: string, ip: string) => ({
  pair: `${secret.kind}:try:${account}:${ip}`,
  pause: `${secret.kind}:pause:${account}:${ip}`,
  ip: `${secret.kind}:ip:${ip}`,
  day: `${secret.kind}:fail-day:${account}`,
});

/** Counts an attempt, or refuses it with 429 and Retry-After while its pair or its account is paused. */
export async function beginAttempt(db: Db, secret: GuardedSecret, account: string, ip: string, limits: SignInLimits) {
  const message = secret.message ?? MSG.tooManyAttempts;
  const k = keys(secret, account, ip);
  const pause = await peek(db, k.pause);
  if (pause) throw tooMany(message, pause.resetAt);
  const day = await peek(db, k.day);
  if (day && day.count >= secret.failuresPerDay) throw tooMany(message, day.resetAt);
  const byIp = await count(db, k.ip, limits.windowMs);
  if (byIp.count > limits.perIp) throw tooMany(message, byIp.resetAt);
  const tries = await count(db, k.pair, limits.windowMs);
  const over = tries.count - limits.perAccountAndIp;
  if (over > 0) {
    const pauseMs = Math.min(FIRST_PAUSE_MS * 2 ** (over - 1), limits.windowMs);
    const until = await count(db, k.pause, pauseMs);
    throw tooMany(message, until.resetAt);
  }
}

/** The secret was wrong: counts toward the account's daily cap (the attempt itself is already counted). */
export async function attemptFailed(db: Db, secret: GuardedSecret, account: string, ip: string) {
  await count(db, keys(secret, account, ip).day, DAY_MS);
}

/** The secret was right: this pair starts afresh, and the attempt is taken back from the address. */
export async function attemptSucceeded(db: Db, secret: GuardedSecret, account: string, ip: string) {
  const k = keys(secret, account, ip);
  await forget(db, k.pair, k.pause);
  await unhit(db, k.ip);
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
  who: { account: string; ip: string; limits: SignInLimits },
  check: () => Promise<T>,
  failed: (err: unknown) => boolean,
): Promise<T> {
  await beginAttempt(db, secret, who.account, who.ip, who.limits);
  try {
    const result = await check();
    await attemptSucceeded(db, secret, who.account, who.ip);
    return result;
  } catch (err) {
    if (failed(err)) await attemptFailed(db, secret, who.account, who.ip);
    throw err;
  }
}
