import type { QueryClient } from '@tanstack/react-query';
import { benefitKeys } from './query-keys.ts';
import { logoutPending, SESSION_KEY } from './session.ts';

// The server's first paint seeds its own query client with the same key (src/server/lib/first-paint.tsx).
export const BENEFITS_KEY = benefitKeys.list;

/**
 * The server puts what a page's first paint needs into its HTML (session, and on the dashboard the
 * benefits, as the API would answer them): the query cache starts with it instead of waiting on two
 * round trips. A page without the block (a cached or static index.html) simply asks the API.
 */
export function seedFromBootData(client: QueryClient) {
  const el = document.getElementById('boot-data');
  if (!el?.textContent) return;
  try {
    const boot = JSON.parse(el.textContent) as { session?: unknown; benefits?: unknown };
    // A LOGOUT the server has not heard of yet: the page it served still names the member (decision 047).
    if ('session' in boot && !logoutPending()) client.setQueryData(SESSION_KEY, boot.session ?? null);
    if (Array.isArray(boot.benefits)) client.setQueryData(BENEFITS_KEY, boot.benefits);
  } catch {
    // unreadable boot data: the queries fetch as usual
  }
  el.remove();
}
