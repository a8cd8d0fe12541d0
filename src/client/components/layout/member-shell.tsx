import type { ReactNode } from 'react';
import { MemberHeader } from './member-header.tsx';
import { SiteFooter } from './site-footer.tsx';

export function MemberShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <MemberHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}
