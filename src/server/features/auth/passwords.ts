import { hash, verify } from '@node-rs/argon2';
import { OWASP_PASSWORD_MEMORY_KIB } from '../../config.ts';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const ARGON2ID = 2; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
const options = { algorithm: ARGON2ID, memoryCost: OWASP_PASSWORD_MEMORY_KIB, timeCost: 2, parallelism: 1 };

/**
 * The memory cost of new hashes, from the configuration (buildApp, the CLI): the tests' is tiny (decision 067). A
 * stored hash names its own cost, so verifying never depends on it.
 */
export function setPasswordHashMemory(kib: number) {
  options.memoryCost = kib;
}

export const hashPassword = (password: string) => hash(password, options as never);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);

const dummies = new Map<number, Promise<string>>();

/** A hash of no one's password at the configured cost, made once: an unknown account costs one check too. */
export function dummyHash(): Promise<string> {
  let dummy = dummies.get(options.memoryCost);
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-for-timing');
    dummies.set(options.memoryCost, dummy);
  }
  return dummy;
}
