import type { ReactNode } from 'react';
import { MSG } from '#common/messages.ts';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';
import { useSession } from '../../lib/session.ts';
import { LoginPage } from './login-page.tsx';

// The app's route table reads it from here too.
export { FullScreenMessage };

/** 'Loading...' while the session is checked, then the page or the login page. */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useSession();
  if (isLoading) return <FullScreenMessage>Loading...</FullScreenMessage>;
  if (error) {
    // Offline, a failed check means this device holds no copy for this session (decision 047).
    return (
      <FullScreenMessage>{navigator.onLine ? MSG.sessionCheckFailed : MSG.offlineNothingStored}</FullScreenMessage>
    );
  }
  if (!user) return <LoginPage />;
  return <>{children}</>;
}
