import { Writable } from 'node:stream';
import { QueryClient } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import type { SessionUser } from '#common/auth.ts';
import type { Benefit } from '#common/benefits.ts';
import type { Locale } from '#common/locales.ts';
import { App } from '../../client/app.tsx';
import { loadScheduleFormatter } from '../../client/i18n/schedule-formatter.ts';
import { BENEFITS_KEY } from '../../client/lib/boot-data.ts';
import { SESSION_KEY } from '../../client/lib/session.ts';
import { memberI18n } from './member-i18n.ts';

/** The pages whose first paint the server renders: the dashboard and the sign-in form (decision 015). */
export const FIRST_PAINT_PAGES: ReadonlySet<string> = new Set(['/benefits', '/login']);
/** A render that has not finished by then is given up: the page is sent for the browser to render, as before. */
const RENDER_TIMEOUT_MS = 1000;

/**
 * The app's HTML for `path`, from the same data the page's boot block carries (so the browser's first render,
 * seeded from that block, matches and hydrates). React's streaming renderer, collected once everything is ready:
 * the dashboard has nothing to wait for, and the whole page goes out in one gzipped answer.
 */
export async function renderFirstPaint(
  path: string,
  boot: { session: SessionUser | null; benefits?: Benefit[] },
  locale: Locale = 'en',
) {
  // Nothing is fetched on the server: what the page has no data for renders as the browser's first render does
  // (loading), and a query that would refetch simply waits (a failed fetch would paint an error).
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, queryFn: () => new Promise<never>(() => {}) },
    },
  });
  // Dates in another language come from the formatter the browser loads before it hydrates (decision 059).
  if (locale !== 'en') await loadScheduleFormatter();
  client.setQueryData(SESSION_KEY, boot.session);
  if (boot.benefits) client.setQueryData(BENEFITS_KEY, boot.benefits);
  let timer: NodeJS.Timeout | undefined;
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        // React puts preloads for the eager tile images first; the shell already has them at the top of the head.
        resolve(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/^(?:<link rel="preload"[^>]*>)+/, ''),
        );
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(<App client={client} ssrPath={path} i18n={memberI18n(locale)} />, {
      onAllReady: () => (failed ? reject(failed) : stream.pipe(sink)),
      onShellError: reject,
      onError: (err) => {
        failed ??= err;
      },
    });
    timer = setTimeout(() => stream.abort(new Error('first paint render timed out')), RENDER_TIMEOUT_MS);
  }).finally(() => {
    clearTimeout(timer);
    client.clear();
  });
}
