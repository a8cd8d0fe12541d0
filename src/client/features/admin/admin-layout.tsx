import {
  BarChart3,
  CalendarCheck,
  ClipboardList,
  FileText,
  Handshake,
  History,
  KeyRound,
  LayoutDashboard,
  LogOut,
  Mail,
  PlusCircle,
  ScanLine,
  Send,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import type { StaffRole } from '#common/passes.ts';
import { Logo } from '../../components/layout/logo.tsx';
import { Button } from '../../components/ui/button.tsx';
import { focusRing, tabCurrentBar } from '../../components/ui/focus-ring.ts';
import { cn } from '../../lib/cn.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { AdminBadge } from './admin-badge.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { homeOf, useAdminLogout, useAdminSession } from './session.ts';

const TABS = [
  { href: ADMIN_PATHS.dashboard, label: 'Dashboard', icon: LayoutDashboard },
  { href: ADMIN_PATHS.addBenefit, label: 'Add Benefit', icon: PlusCircle },
  { href: ADMIN_PATHS.pages, label: 'Pages', icon: FileText },
  { href: ADMIN_PATHS.rsvpConfig, label: 'RSVP Config', icon: ClipboardList },
  { href: ADMIN_PATHS.bookings, label: 'Bookings', icon: CalendarCheck },
  { href: ADMIN_PATHS.members, label: 'Members', icon: Users },
  { href: ADMIN_PATHS.analytics, label: 'Analytics', icon: BarChart3 },
  { href: ADMIN_PATHS.exports, label: 'Exports', icon: Send },
  { href: ADMIN_PATHS.outbox, label: 'Outbox', icon: Mail },
  { href: ADMIN_PATHS.checkIn, label: 'Check-in', icon: ScanLine },
  { href: ADMIN_PATHS.audit, label: 'Audit', icon: History },
  { href: ADMIN_PATHS.webhooks, label: 'Webhooks', icon: Webhook },
  { href: ADMIN_PATHS.apiTokens, label: 'API tokens', icon: KeyRound },
  { href: ADMIN_PATHS.security, label: 'Security', icon: ShieldCheck },
] as const;

/** A partner's tabs (docs/decisions/030): their benefits and the door; nothing of the organiser's. */
const PARTNER_TABS = [
  { href: ADMIN_PATHS.partner, label: 'Your partner benefits', icon: Handshake },
  { href: ADMIN_PATHS.checkIn, label: 'Check-in', icon: ScanLine },
  { href: ADMIN_PATHS.webhooks, label: 'Webhooks', icon: Webhook },
  { href: ADMIN_PATHS.apiTokens, label: 'API tokens', icon: KeyRound },
  { href: ADMIN_PATHS.security, label: 'Security', icon: ShieldCheck },
] as const;

const HOME_LABEL = { admin: 'Admin dashboard', staff: 'Door check-in', partner: 'Your partner benefits' } as const;

const tabsOf = (role: StaffRole | undefined) =>
  role === 'partner'
    ? PARTNER_TABS
    : role === 'staff'
      ? TABS.filter((t) => t.href === ADMIN_PATHS.checkIn || t.href === ADMIN_PATHS.security)
      : TABS;

/** Header (e-mail, ADMIN badge, Logout), tab bar and page title shared by every admin page. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  usePageTitle(`${title} · Admin`);
  const { admin } = useAdminSession();
  const logout = useAdminLogout();
  const [location] = useLocation();
  const nav = useRef<HTMLElement>(null);
  // On a phone the current tab may sit beyond the strip's right edge: bring it into view (no page scroll).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page (the current tab) changes
  useEffect(() => {
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current) return;
    const overflow = current.getBoundingClientRect().right - strip.getBoundingClientRect().right;
    if (overflow > 0) strip.scrollLeft += overflow + 16;
  }, [location]);
  return (
    <div className="flex min-h-screen flex-col border-t-4 border-gold">
      <header className="border-b border-line bg-panel">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href={homeOf(admin)}>
            <Logo className="h-9 w-auto" />
            <span className="sr-only">{HOME_LABEL[admin?.role ?? 'admin']}</span>
          </Link>
          <AdminBadge role={admin?.role ?? 'admin'} />
          <span data-testid="admin-email" className="ml-auto truncate text-sm text-zinc-300">
            {admin?.email}
          </span>
          <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut size={16} aria-hidden />
            Logout
          </Button>
        </div>
        {/*
          A phone scrolls one row sideways (the current tab is scrolled into view) instead of stacking three rows of
          tabs above the page; a laptop wraps what one row cannot hold, so no tab is out of sight.
        */}
        <div className="relative">
          <nav
            ref={nav}
            aria-label="Admin sections"
            className="mx-auto flex max-w-6xl flex-nowrap overflow-x-auto px-2 [scrollbar-width:thin] sm:px-4 lg:flex-wrap lg:overflow-visible"
          >
            {tabsOf(admin?.role).map(({ href, label, icon: Icon }) => {
              // A tab stays current on its sub-pages (e.g. a page's editor under Pages).
              const active = location === href || location.startsWith(`${href}/`);
              return (
                <Link
                  key={href}
                  href={href}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'my-1 flex shrink-0 items-center gap-1 whitespace-nowrap px-2 py-2 text-sm font-medium transition-colors',
                    focusRing,
                    active ? cn('text-gold', tabCurrentBar) : 'text-zinc-400 hover:text-white',
                  )}
                >
                  <Icon size={15} aria-hidden />
                  {label}
                </Link>
              );
            })}
          </nav>
          {/* The strip's right edge fades where more tabs wait beyond it (a laptop shows them all). */}
          <div
            aria-hidden
            className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-panel xl:hidden"
          />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold text-white">{title}</h1>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}
