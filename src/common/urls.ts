/** An absolute http(s) URL: the only kind an admin may store (no javascript:, data:, file:...). */
export function isWebUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.host !== '';
  } catch {
    return false;
  }
}

/** Where a form may send a member after submitting: a path in the portal (not //host) or an http(s) URL. */
export function isRedirectTarget(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  return isWebUrl(value);
}

export const REDIRECT_TARGET_MSG = 'Enter a portal path such as /benefits or a full https:// address';
export const WEB_URL_MSG = 'Please enter a valid URL';
