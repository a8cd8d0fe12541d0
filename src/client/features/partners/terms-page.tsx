import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { fieldLang } from '#common/served-lang.ts';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { usePartnerPage } from './api.ts';

const number = (i: number) => String(i + 1).padStart(2, '0');

/** Whether the entry before this one in the tab's history is a portal page (never a new-tab page or another site). */
function cameFromPortal(): boolean {
  // The Navigation API lists only this origin's entries: an index above 0 means a portal page is behind this one.
  const nav = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation;
  if (nav?.currentEntry) return nav.currentEntry.index > 0;
  return window.history.length > 1 && document.referrer.startsWith(window.location.origin);
}

/**
 * A public terms page (`layout: 'terms'`), opened in a new tab from a partner page, so it has no member shell. Its
 * sections are the numbered terms; its buttons are how to book. Close closes the tab the partner page opened, and
 * otherwise (opened directly) goes back, or to the page it belongs to.
 */
export function TermsPage({ slug, fallback, notFound }: { slug: string; fallback: string; notFound: ReactNode }) {
  const [, navigate] = useLocation();
  const t = useT();
  const lang = useTextLang();
  const page = usePartnerPage(slug);
  // Each of the organiser's words in English where the server says it fell back (decision 073).
  const words = (path: string) => lang(fieldLang(page.data?.fallback, path));
  usePageTitle(page.data?.content.title);
  if (page.error instanceof ApiError && page.error.status === 404) return <>{notFound}</>;
  const close = () => {
    window.close();
    // Browsers refuse to close a tab the page did not open: then the page is still here a moment later, and goes
    // back to the portal page it came from, or (opened directly, or from another site) to the page it belongs to.
    setTimeout(() => (cameFromPortal() ? window.history.back() : navigate(fallback)), 100);
  };
  const content = page.data?.content;
  return (
    <main className="min-h-screen bg-ink px-4 py-8 sm:py-12">
      <div className="mx-auto max-w-2xl">
        <div className="flex items-center justify-between gap-4">
          <Logo className="h-9 w-auto sm:h-10" />
          <Button variant="outline" onClick={close}>
            <X size={16} aria-hidden />
            {t('common.close')}
          </Button>
        </div>
        {page.isPending && <p className="mt-10 text-zinc-400">{t('common.loading')}</p>}
        {page.isError && <p className="mt-10 text-zinc-300">{t('page.couldNotLoad')}</p>}
        {content && (
          <>
            <div>
              <p className="mt-10 text-xs uppercase tracking-[0.3em] text-gold" lang={words('eyebrow')}>
                {content.eyebrow}
              </p>
              <h1 className="mt-3 text-3xl font-bold tracking-wide text-white" lang={words('title')}>
                {content.title}
              </h1>
              <p className="mt-3 text-zinc-300" lang={words('subtitle')}>
                {content.subtitle}
              </p>
            </div>
            <ol className="mt-8 space-y-3">
              {content.sections.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a term's number is its position
                <Term key={i} n={number(i)} heading={s.heading ?? ''} lang={words(`sections.${i}.heading`)}>
                  {s.paragraphs.map((p, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a paragraph's place is its identity
                    <span key={j} lang={words(`sections.${i}.paragraphs.${j}`)}>
                      {j > 0 && ' '}
                      {p}
                    </span>
                  ))}
                </Term>
              ))}
              {content.buttons.length > 0 && (
                <Term n={number(content.sections.length)} heading={t('terms.bookings')}>
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    {content.buttons.map((b, i) =>
                      'href' in b ? (
                        <a
                          key={b.href}
                          href={b.href}
                          className="text-gold underline underline-offset-4"
                          lang={words(`buttons.${i}.label`)}
                        >
                          {b.label}
                        </a>
                      ) : null,
                    )}
                  </span>
                </Term>
              )}
            </ol>
          </>
        )}
      </div>
    </main>
  );
}

/** A numbered term; `lang` is its heading's language when not the page's (its text's spans carry their own). */
function Term({ n, heading, children, lang }: { n: string; heading: string; children: ReactNode; lang?: string }) {
  return (
    <li className="flex gap-4 rounded-xl border border-line bg-panel p-4">
      <span className="font-mono text-sm text-gold">{n}</span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold uppercase tracking-widest text-zinc-400" lang={lang}>
          {heading}
        </h2>
        <p className="mt-1 break-words text-zinc-100">{children}</p>
      </div>
    </li>
  );
}
