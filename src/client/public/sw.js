// The member portal offline (issue 36, decision 025): My bookings and its passes keep working without a network
// once opened. Hand-written (no build plugin): network first for the pages and the member's data, so nothing is
// ever older than it must be; the hashed build assets from the cache.
const CACHE = 'portal-offline-v1';
/** What My bookings needs: answered from the cache only when the network fails (not on 401: signed out is out). */
const DATA = ['/api/me/bookings', '/api/auth/session'];
const CACHED_AT = 'x-portal-cached-at';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A copy of a good answer, stamped with when it was stored. */
async function store(cache, key, response) {
  if (!response.ok || response.type !== 'basic') return;
  const headers = new Headers(response.headers);
  headers.set(CACHED_AT, new Date().toISOString());
  // The body is stored decoded: its transfer headers no longer describe it.
  headers.delete('content-encoding');
  headers.delete('content-length');
  const body = await response.clone().blob();
  await cache.put(key, new Response(body, { status: response.status, headers }));
}

/** The stored answer of a data call, saying it is one: My bookings shows "Offline — as of <time>". */
async function fromCache(cache, key) {
  const hit = await cache.match(key);
  if (!hit) return undefined;
  if (key !== '/api/me/bookings') return hit;
  const data = await hit.json();
  const headers = new Headers(hit.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...data, offlineAsOf: hit.headers.get(CACHED_AT) }), { headers });
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (key && response.status === 401) await cache.delete(key);
    else if (key) await store(cache, key, response.clone());
    return response;
  } catch (err) {
    const hit = (key && (await fromCache(cache, key))) || (request.mode === 'navigate' ? await cache.match('/me') : undefined);
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
  // Signing out empties the cache: a shared phone keeps no one's passes.
  if (request.method === 'POST' && new URL(request.url).pathname === '/api/auth/logout') {
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
  } else if (!url.pathname.startsWith('/api/')) {
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
          await store(cache, path, response);
        } catch {
          // offline already: the next visit tries again
        }
      }),
    ),
  );
  event.waitUntil(work.then(() => event.source?.postMessage({ type: 'warmed' })));
});
