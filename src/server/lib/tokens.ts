import { createHash, randomBytes } from 'node:crypto';
import { passCodeFrom } from '#common/passes.ts';

/** 256 bits from the CSPRNG, URL-safe: well above the 128 bits a session token needs. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A pass code: 128 bits from the CSPRNG in 26 Crockford base32 characters (common/passes.ts). */
export const newPassCode = () => passCodeFrom(randomBytes(16));
