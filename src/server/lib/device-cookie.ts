import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies (OWASP's "device cookie" against lockout, decision 019): a browser that signed in to an
 * account gets a signed token naming that account; an attempt that shows one is counted per device instead of
 * by the limits strangers fill. The cookie holds the tokens of the last few accounts signed in from the browser.
 */
export type DeviceKind = 'admin' | 'member';

export const DEVICE_COOKIE_DAYS = 365;
const DEVICE_MS = DEVICE_COOKIE_DAYS * 86_400_000;
const MAX_ACCOUNTS = 4;

export const deviceCookieName = (kind: DeviceKind, secure: boolean) =>
  secure ? `__Host-portal_device_${kind}` : `portal_device_${kind}`;

export const deviceCookieOptions = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  maxAge: DEVICE_COOKIE_DAYS * 86_400,
});

// The account is inside the MAC, not the token: the cookie names no e-mail.
const mac = (secret: string, kind: DeviceKind, account: string, device: string, issued: string) =>
  createHmac('sha256', secret).update(`sign-in-device:v1\n${kind}\n${account}\n${device}\n${issued}`).digest();

/** The device id of a token in `cookie` that was issued to `account` within the last year, or null. */
export function deviceOf(secret: string, kind: DeviceKind, account: string, cookie: string | undefined) {
  for (const token of (cookie ?? '').split('~').slice(0, MAX_ACCOUNTS)) {
    const [device = '', issued = '', sig = ''] = token.split('.');
    const at = Number.parseInt(issued, 36);
    if (!device || !Number.isFinite(at) || Date.now() - at > DEVICE_MS || at > Date.now() + 60_000) continue;
    const given = Buffer.from(sig, 'base64url');
    const wanted = mac(secret, kind, account, device, issued);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return device;
  }
  return null;
}

/** The cookie's new value after a sign-in to `account`: a fresh token first, then the other accounts' tokens. */
export function withDevice(secret: string, kind: DeviceKind, account: string, cookie: string | undefined) {
  const device = randomBytes(16).toString('base64url');
  const issued = Date.now().toString(36);
  const token = `${device}.${issued}.${mac(secret, kind, account, device, issued).toString('base64url')}`;
  const others = (cookie ?? '')
    .split('~')
    .filter((t) => /^[\w-]+\.[0-9a-z]+\.[\w-]+$/.test(t) && !deviceOf(secret, kind, account, t));
  return [token, ...others].slice(0, MAX_ACCOUNTS).join('~');
}
