import type { ReactNode } from 'react';
import { MSG } from '../../../common/messages.ts';
import { useSession } from '../../lib/session.ts';
import { LoginPage } from './login-page.tsx';

export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center text-lg tracking-wide text-zinc-300">
      {children}
    </main>
  );
}

/** 'Loading...' while the session is checked, then the page or the login page. */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useSession();
  if (isLoading) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (error) return <FullScreenMessage>{MSG.sessionCheckFailed}</FullScreenMessage>;
  if (!user) return <LoginPage />;
  return <>{children}</>;
}
