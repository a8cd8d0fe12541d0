import { hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const ARGON2ID = 2; // Algorithm.Argon2id; a const enum cannot be imported under isolatedModules
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS as never);
export const verifyPassword = (stored: string, password: string) => verify(stored, password).catch(() => false);
