import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (authenticator apps' TOTP seeds, decision 060), sealed at rest with AES-256-GCM:
 * `enc1.<iv>.<tag>.<ciphertext>` (base64url). `context` (e.g. the account's id) is bound as associated data, so a
 * sealed value copied to another row does not open there. Older rows hold the plain value: `openSecret` reads both.
 */
const PREFIX = 'enc1.';

/** The 32-byte AES key for a setting's text (at least 32 characters): its HMAC under a fixed label. */
export const secretBoxKey = (setting: string) => createHmac('sha256', setting).update('secret-box:v1').digest();

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealSecret(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')}`;
}

/** The plain secret; a value sealed under another key or for another context throws (never a wrong secret). */
export function openSecret(key: Buffer, stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  const [iv = '', tag = '', body = ''] = stored.slice(PREFIX.length).split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
