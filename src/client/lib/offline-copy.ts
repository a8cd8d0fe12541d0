import { OFFLINE_CACHE, OFFLINE_KEY_COOKIE, OFFLINE_KEY_HEADER } from '#common/offline-copy.ts';

// The session's offline key (decision 047): the server's cookie, with or without the __Host- prefix.
const KEY_COOKIE = new RegExp(`(?:^|;\\s*)((?:__Host-)?${OFFLINE_KEY_COOKIE})=([^;]*)`);

/** This session's offline key, or undefined when there is no session here (or the cookie is gone). */
export function offlineKey(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return KEY_COOKIE.exec(document.cookie)?.[2] || undefined;
}

/** The header that lets the service worker seal and open this session's copy of an answer. */
export function offlineKeyHeader(): Record<string, string> {
  const key = offlineKey();
  return key ? { [OFFLINE_KEY_HEADER]: key } : {};
}

/**
 * Forgets the offline copy on this device at once, with no network: the key goes (nothing stored can be read) and
 * the stored pages and data with it.
 */
export async function forgetOfflineCopy() {
  const name = KEY_COOKIE.exec(document.cookie)?.[1];
  if (name) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser a member has
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
  }
  if ('caches' in window) await caches.delete(OFFLINE_CACHE).catch(() => undefined);
}
