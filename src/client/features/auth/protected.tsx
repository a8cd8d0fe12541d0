import type { ReactNode } from 'react';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useSession } from '../../lib/session.ts';
import { LoginPage } from './login-page.tsx';

// The app's route table reads it from here too.
export { FullScreenMessage };

/** 'Loading...' in the member's language: while the session is checked, or a page's chunk loads. */
export function LoadingScreen() {
  const t = useT();
  return <FullScreenMessage>{t('common.loading')}</FullScreenMessage>;
}

/** 'Loading...' while the session is checked, then the page or the login page. */
export function Protected({ children }: { children: ReactNode }) {
  const { user, isLoading, error } = useSession();
  const t = useT();
  if (isLoading) return <LoadingScreen />;
  if (error) {
    // Offline, a failed check means this device holds no copy for this session (decision 047).
    return (
      <FullScreenMessage>
        {navigator.onLine ? t('msg.sessionCheckFailed') : t('msg.offlineNothingStored')}
      </FullScreenMessage>
    );
  }
  if (!user) return <LoginPage />;
  return <>{children}</>;
}
