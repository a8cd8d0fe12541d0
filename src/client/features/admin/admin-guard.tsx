import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';
import { AdminLoginPage } from './admin-login-page.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { useAdminSession } from './session.ts';

/**
 * Every /admin/* page but /admin: 'Loading admin...' while checking, then the page or the admin login. Door staff
 * reach only the pages marked staffToo (check-in); elsewhere they are sent there (the API refuses them anyway).
 */
export function AdminGuard({ children, staffToo = false }: { children: ReactNode; staffToo?: boolean }) {
  const { admin, isLoading } = useAdminSession();
  if (isLoading) return <FullScreenMessage>Loading admin...</FullScreenMessage>;
  if (!admin) return <AdminLoginPage redirectIfSignedIn={false} />;
  if (admin.role !== 'admin' && !staffToo) return <Redirect to={ADMIN_PATHS.checkIn} replace />;
  return <>{children}</>;
}
