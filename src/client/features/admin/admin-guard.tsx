import type { ReactNode } from 'react';
import { FullScreenMessage } from '../auth/protected.tsx';
import { AdminLoginPage } from './admin-login-page.tsx';
import { useAdminSession } from './session.ts';

/** Every /admin/* page but /admin: 'Loading admin...' while checking, then the page or the admin login. */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { admin, isLoading } = useAdminSession();
  if (isLoading) return <FullScreenMessage>Loading admin...</FullScreenMessage>;
  if (!admin) return <AdminLoginPage redirectIfSignedIn={false} />;
  return <>{children}</>;
}
