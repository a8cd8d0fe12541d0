import { useEffect } from 'react';
import * as authApi from '#common/api/auth.ts';
import * as bookingsApi from '#common/api/bookings.ts';
import { isApiPath } from '#common/api-paths.ts';
import { useT } from '../../i18n/use-t.ts';
import { offlineKey } from '../../lib/offline-copy.ts';

/**
 * Makes My bookings work offline (decision 025): registers the service worker and has it store what this
 * page loaded before it took over (the first visit's scripts, styles, page and data).
 */
export function useOfflinePasses() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let live = true;
    const warm = async () => {
      await navigator.serviceWorker.register('/sw.js');
      const ready = await navigator.serviceWorker.ready;
      if (!live) return;
      const here = (url: string) => new URL(url, location.href).origin === location.origin;
      const loaded = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => here(url) && !isApiPath(new URL(url).pathname));
      const urls = [...new Set(['/me', bookingsApi.mine.path, authApi.session.path, ...loaded])];
      // The data is sealed with this session's key (decision 047).
      ready.active?.postMessage({ type: 'warm', urls, key: offlineKey() });
    };
    warm().catch(() => undefined); // no worker (private mode, an old browser): the page works online as before
    return () => {
      live = false;
    };
  }, []);
}

/** "Offline — showing your passes as of 27 November, 14:05": the worker marks an answer it gave from its cache. */
export function OfflineNotice({ asOf }: { asOf: string | undefined }) {
  const t = useT();
  if (!asOf) return null;
  const when = new Date(asOf).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p
      role="status"
      className="mt-4 rounded-lg border border-gold/60 px-4 py-2 text-sm text-gold"
      data-testid="offline-notice"
    >
      {t('offline.notice', { when })}
    </p>
  );
}
