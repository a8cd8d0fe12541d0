import { AlertCircle, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../lib/page-title.ts';
import { BackToBenefits } from './back-to-benefits.tsx';
import { MemberShell } from './member-shell.tsx';

/**
 * A page that only has something to say (404, 'RSVP Form Not Available'): the member header and footer, one dark
 * card with the heading and text, and Back to Benefits as the way home.
 */
export function MemberMessagePage({
  title,
  children,
  tone = 'error',
}: {
  title: string;
  children?: ReactNode;
  /** 'error' for something missing or broken, 'info' for something merely unavailable. */
  tone?: 'error' | 'info';
}) {
  const Icon = tone === 'error' ? AlertCircle : Info;
  usePageTitle(title);
  return (
    <MemberShell>
      <div className="mx-auto flex max-w-xl px-4 py-16 sm:py-24">
        <section
          aria-labelledby="message-title"
          className="w-full rounded-2xl border border-line bg-panel p-6 text-center sm:p-10"
        >
          <Icon className="mx-auto h-10 w-10 text-gold" aria-hidden />
          <h1 id="message-title" className="mt-4 text-2xl font-bold text-white">
            {title}
          </h1>
          {children && <div className="mt-3 text-zinc-300">{children}</div>}
          <div className="mt-8">
            <BackToBenefits variant="button" />
          </div>
        </section>
      </div>
    </MemberShell>
  );
}
