import { createHash, randomBytes } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: well above the 128 bits a session token needs. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
