import { Ticket } from 'lucide-react';
import { Link } from 'wouter';
import { useT } from '../../i18n/use-t.ts';
import { useLogout, useSession } from '../../lib/session.ts';
import { PATHS } from '../../paths.ts';
import { Button } from '../ui/button.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { Logo } from './logo.tsx';

/** Logo, the member's e-mail upper-cased and LOGOUT: the header of every member page. */
export function MemberHeader() {
  const { user } = useSession();
  const logout = useLogout();
  const t = useT();
  return (
    <header className="border-b border-line bg-ink/90">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:py-4">
        {/* Named by the logo and the hidden word, not aria-label: the name keeps the logo's text. */}
        <Link href="/benefits">
          <Logo className="h-9 w-auto sm:h-10" />
          <span className="sr-only">{t('header.home')}</span>
        </Link>
        {/* A visitor who is not signed in (a 404, say) sees the logo only: no one to show or log out. */}
        {!user && <LanguageMenu signedIn={false} />}
        {user && (
          <>
            {/* On a phone the e-mail and the language menu take their own line under the logo and buttons. */}
            <div className="order-last flex w-full items-center justify-center gap-3 sm:order-none sm:ml-auto sm:w-auto sm:gap-4">
              <span data-testid="user-email" className="text-[11px] tracking-widest text-zinc-300 sm:text-xs">
                {user.email.toUpperCase()}
              </span>
              <LanguageMenu signedIn />
            </div>
            <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 sm:gap-x-4">
              <Link
                href={PATHS.myBookings}
                className="inline-flex items-center gap-1.5 whitespace-nowrap text-sm font-semibold tracking-wide text-zinc-200 hover:text-gold"
                data-testid="my-bookings-link"
              >
                <Ticket size={16} aria-hidden /> {t('header.myBookings')}
              </Link>
              <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
                {logout.isPending ? t('header.loggingOut') : t('header.logout')}
              </Button>
            </div>
          </>
        )}
      </div>
    </header>
  );
}
