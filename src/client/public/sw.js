// The member portal offline (decision 025): My bookings and its passes keep working without a network
// once opened. Hand-written (no build plugin): network first for the pages and the member's data, so nothing is
// ever older than it must be; the hashed build assets from the cache.
// The member's data belongs to one session (decision 047): stored encrypted (AES-GCM) under the session's key, which
// the server sets as a cookie beside the session and the page sends with each data request; another session's key,
// or none (the cookie expired, was cleared, or LOGOUT), reads nothing, and the unreadable copy is deleted.
// The names repeat src/common/offline-copy.ts (this file is served as written, not built).
// Served as written, it cannot import the route contract (src/common/api/): its API paths are built on this one
// prefix, and tests/unit checks they are the contract's (bookings.mine, auth.session, auth.logout).
const API = '/api/';
const BOOKINGS = `${API}me/bookings`;
const CACHE = 'portal-offline-v2';
const KEY_HEADER = 'x-portal-offline-key';
/** What My bookings needs: answered from the cache only when the network fails (not on 401: signed out is out). */
const DATA = [BOOKINGS, `${API}auth/session`];
const CACHED_AT = 'x-portal-cached-at';
const SEALED_IV = 'x-portal-iv';

self.addEventListener('install', () => self.skipWaiting());
// v1 kept the member's data in clear: every cache but this one goes.
const dropOldCaches = async () => {
  for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
};
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches().then(() => self.clients.claim())));

const fromBase64url = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

/** The session's AES key from the cookie's text, or undefined (no cookie, or not a 256-bit key). */
async function sessionKey(text) {
  if (!text || !/^[\w-]{43}$/.test(text)) return undefined;
  return crypto.subtle.importKey('raw', fromBase64url(text), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The page's copy keeps no boot data: it names the member whose session served it (the page asks the API). */
const withoutBootData = (html) =>
  html.replace(/<script id="boot-data" type="application\/json">[\s\S]*?<\/script>/, '');

/**
 * A copy of a good answer, stamped with when it was stored; a data answer sealed with the session's key (none, none
 * stored). `keyText` is the cookie's value the page sent.
 */
async function store(cache, key, response, keyText) {
  if (!response.ok || response.type !== 'basic') return;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, new Date().toISOString());
  // The body is stored decoded: its transfer headers no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  let body = await response.clone().arrayBuffer();
  if (DATA.includes(key)) {
    const aes = await sessionKey(keyText);
    if (!aes) return void (await cache.delete(key));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    body = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, body);
    headers.set(SEALED_IV, toBase64(iv));
  } else if (key === '/me') {
    body = withoutBootData(new TextDecoder().decode(body));
  }
  await cache.put(key, new Response(body, { status: response.status, headers }));
}

/** The member's data stored here goes: it belongs to a session that is not this one. */
const forgetData = (cache) => Promise.all(DATA.map((key) => cache.delete(key)));

/**
 * The stored answer of a data call, opened with this session's key, or undefined (and deleted) when the key does
 * not open it. Bookings say they are a copy: My bookings shows "Offline — as of <time>".
 */
async function fromCache(cache, key, keyText) {
  const hit = await cache.match(key);
  if (!hit) return undefined;
  if (!DATA.includes(key)) return hit;
  const aes = await sessionKey(keyText);
  let body;
  try {
    const iv = fromBase64url(hit.headers.get(SEALED_IV) ?? '');
    body = aes && new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, aes, await hit.arrayBuffer()));
  } catch {
    body = undefined; // another session's key
  }
  if (!body) return void (await forgetData(cache));
  const headers = new Headers(hit.headers);
  headers.delete('content-length');
  headers.delete(SEALED_IV);
  if (key !== BOOKINGS) return new Response(body, { headers });
  return new Response(JSON.stringify({ ...JSON.parse(body), offlineAsOf: hit.headers.get(CACHED_AT) }), { headers });
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  const keyText = request.headers.get(KEY_HEADER);
  try {
    const response = await fetch(request);
    if (key && response.status === 401) await forgetData(cache);
    else if (key) await store(cache, key, response.clone(), keyText);
    return response;
  } catch (err) {
    const hit =
      (key && (await fromCache(cache, key, keyText))) ||
      (request.mode === 'navigate' ? await cache.match('/me') : undefined);
    if (hit) return hit;
    throw err;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  await store(cache, request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Signing out empties the cache: a shared phone keeps no one's passes (the page has emptied it already).
  if (request.method === 'POST' && new URL(request.url).pathname === `${API}auth/logout`) {
    event.respondWith(caches.delete(CACHE).then(() => fetch(request)));
    return;
  }
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Only My bookings' page is kept; others fall back to it offline (the SPA routes from there).
    event.respondWith(networkFirst(request, url.pathname === '/me' ? '/me' : null));
  } else if (DATA.includes(url.pathname)) {
    event.respondWith(networkFirst(request, url.pathname));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request)); // hashed names: a file never changes
  } else if (!url.pathname.startsWith(API)) {
    event.respondWith(networkFirst(request, url.pathname));
  }
});

// The page lists what it loaded before this worker took over (the first visit), to be stored now.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'warm' || !Array.isArray(event.data.urls)) return;
  const work = caches.open(CACHE).then((cache) =>
    Promise.all(
      event.data.urls.map(async (path) => {
        try {
          const response = await fetch(path, { credentials: 'same-origin' });
          await store(cache, path, response, event.data.key);
        } catch {
          // offline already: the next visit tries again
        }
      }),
    ),
  );
  event.waitUntil(work.then(() => event.source?.postMessage({ type: 'warmed' })));
});
