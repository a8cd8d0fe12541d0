import { Link } from 'wouter';
import { useLogout, useSession } from '../../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { Logo } from './logo.tsx';

/** Logo, the member's e-mail upper-cased and LOGOUT: the header of every member page. */
export function MemberHeader() {
  const { user } = useSession();
  const logout = useLogout();
  return (
    <header className="border-b border-line bg-ink/90">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-4">
        <Link href="/benefits" aria-label="Benefits">
          <Logo className="h-9 w-auto sm:h-10" />
        </Link>
        <div className="flex min-w-0 items-center gap-3">
          <span
            data-testid="user-email"
            className="max-w-[42vw] break-all text-right text-[10px] leading-tight tracking-wider text-zinc-300 sm:max-w-none sm:text-xs sm:tracking-widest"
          >
            {user?.email.toUpperCase()}
          </span>
          <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {logout.isPending ? 'LOGGING OUT...' : 'LOGOUT'}
          </Button>
        </div>
      </div>
    </header>
  );
}
