import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { FullScreenMessage } from '../../components/layout/full-screen-message.tsx';
import { AdminLoginPage } from './admin-login-page.tsx';
import { homeOf, useAdminSession } from './session.ts';

/**
 * Every /admin/* page but /admin: 'Loading admin...' while checking, then the page or the admin login. Door staff
 * reach only the pages marked staffToo (check-in), partners only those marked partnerToo; elsewhere they are sent
 * to their home (the API refuses them anyway).
 */
export function AdminGuard({
  children,
  staffToo = false,
  partnerToo = false,
}: {
  children: ReactNode;
  staffToo?: boolean;
  partnerToo?: boolean;
}) {
  const { admin, isLoading } = useAdminSession();
  if (isLoading) return <FullScreenMessage>Loading admin...</FullScreenMessage>;
  if (!admin) return <AdminLoginPage redirectIfSignedIn={false} />;
  const allowed = admin.role === 'admin' || (admin.role === 'staff' ? staffToo : partnerToo);
  if (!allowed) return <Redirect to={homeOf(admin)} replace />;
  return <>{children}</>;
}
