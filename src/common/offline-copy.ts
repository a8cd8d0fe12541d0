/**
 * The offline copy of My bookings belongs to one session (decision 047): the server sets a random key beside the
 * session cookie, readable by the page, and the service worker (src/client/public/sw.js, which repeats these
 * names) encrypts the member's stored data with it. A session that ends, or another that starts, takes the key.
 */
export const OFFLINE_KEY_COOKIE = 'portal_offline';
/** The name in a production (Secure) portal, as the session cookie's. */
export const offlineKeyCookieName = (secure: boolean) => (secure ? `__Host-${OFFLINE_KEY_COOKIE}` : OFFLINE_KEY_COOKIE);
/** How the page hands the key to the worker with the requests whose answers it keeps. */
export const OFFLINE_KEY_HEADER = 'x-portal-offline-key';
/** The worker's Cache Storage name; v1 kept the data unencrypted and is deleted when v2 takes over. */
export const OFFLINE_CACHE = 'portal-offline-v2';
