import { lazy, Suspense } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { ATTENDEES_PATH, BENEFIT_ATTENDEES_PATH, PARTNER_REPORT_ADMIN_PATH } from '../../paths.ts';
import { NotFoundPage } from '../system/index.ts';
import { AddBenefitPage } from './add-benefit-page.tsx';
import { AdminGuard } from './admin-guard.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminLoginPage, ResetPasswordPage } from './admin-login-page.tsx';
import { AttendeesPage } from './attendees/attendees-page.tsx';
import { BenefitAttendeesRedirect } from './attendees/benefit-attendees-redirect.tsx';
import { AuditPage } from './audit-page.tsx';
import { BenefitEventsPage } from './benefit-events/benefit-events-page.tsx';
import { BookingsPage } from './bookings-page.tsx';
import { CheckInPage } from './check-in/check-in-page.tsx';
import { AdminDashboardPage } from './dashboard-page.tsx';
import { EditBenefitPage } from './edit-benefit-page.tsx';
import { ExportsPage } from './exports-page.tsx';
import { MembersPage } from './members-page.tsx';
import { ModalEditorPage } from './modal-editor/modal-editor-page.tsx';
import { OutboxPage } from './outbox-page.tsx';
import { PageEditorPage } from './pages/page-editor-page.tsx';
import { PagesListPage } from './pages/pages-list-page.tsx';
import { PartnerAttendeesPage } from './partner/partner-attendees-page.tsx';
import { PartnerHomePage } from './partner/partner-home-page.tsx';
import { ADMIN_PATHS } from './paths.ts';
import { RsvpWizardPage } from './rsvp-wizard/rsvp-wizard-page.tsx';
import { SecurityPage } from './security/security-page.tsx';
import { useAdminSession } from './session.ts';

// Charts are heavy: the analytics page is its own chunk inside the admin chunk.
const AnalyticsPage = lazy(() => import('../analytics/index.ts'));
function AnalyticsRoute() {
  return (
    <AdminLayout title="Analytics">
      <Suspense fallback={<p className="text-zinc-400">Loading analytics...</p>}>
        <AnalyticsPage />
      </Suspense>
    </AdminLayout>
  );
}

// Webhooks and API tokens (decision 058): few admins open them, so each is its own chunk.
const WebhooksPage = lazy(() => import('./integrations/webhooks-page.tsx'));
const ApiTokensPage = lazy(() => import('./integrations/api-tokens-page.tsx'));
function lazyPage(Page: typeof WebhooksPage) {
  return () => (
    <Suspense fallback={<p className="p-6 text-zinc-400">Loading...</p>}>
      <Page />
    </Suspense>
  );
}

const PartnerReportPage = lazy(() => import('../analytics/index.ts').then((m) => ({ default: m.PartnerReportPage })));
const PARTNER_BACK = { href: ADMIN_PATHS.partner, label: 'Your partner benefits' };

function PartnerReportByParam() {
  const { benefitId } = useParams<{ benefitId: string }>();
  const partner = useAdminSession().admin?.role === 'partner';
  return (
    <AdminLayout title="Partner report">
      <Suspense fallback={<p className="text-zinc-400">Loading the report...</p>}>
        <PartnerReportPage
          key={benefitId}
          benefitId={safeDecode(benefitId)}
          {...(partner ? { back: PARTNER_BACK, sharing: false } : {})}
        />
      </Suspense>
    </AdminLayout>
  );
}

function PartnerAttendeesByParam() {
  const { eventId } = useParams<{ eventId: string }>();
  const id = safeDecode(eventId);
  return <PartnerAttendeesPage key={id} eventId={id} />;
}

function EditModalByParam() {
  const { id } = useParams<{ id: string }>();
  return <ModalEditorPage key={id} id={id} />;
}

function BenefitEventsByParam() {
  const { id } = useParams<{ id: string }>();
  return <BenefitEventsPage key={id} id={id} />;
}

function EditBenefitByParam() {
  const { id } = useParams<{ id: string }>();
  return <EditBenefitPage key={id} id={id} />;
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

function AttendeesByParam() {
  const { eventId } = useParams<{ eventId: string }>();
  const id = safeDecode(eventId); // dynamic forms' events are 'dynamic:{id}', written %3A in the address
  return <AttendeesPage key={id} eventId={id} />;
}

function BenefitAttendeesByParam() {
  const { benefitId } = useParams<{ benefitId: string }>();
  return <BenefitAttendeesRedirect benefitId={benefitId} />;
}

function NewPage() {
  return <PageEditorPage slug={null} />;
}

function EditPageByParam() {
  const { slug } = useParams<{ slug: string }>();
  return <PageEditorPage key={slug} slug={slug} />;
}

const guarded = [
  [ADMIN_PATHS.dashboard, AdminDashboardPage],
  [ADMIN_PATHS.addBenefit, AddBenefitPage],
  [ADMIN_PATHS.editModal, EditModalByParam],
  [ADMIN_PATHS.benefitEvents, BenefitEventsByParam],
  [ADMIN_PATHS.editBenefit, EditBenefitByParam],
  [ADMIN_PATHS.members, MembersPage],
  [ADMIN_PATHS.rsvpConfig, RsvpWizardPage],
  [ADMIN_PATHS.bookings, BookingsPage],
  [ATTENDEES_PATH, AttendeesByParam],
  [BENEFIT_ATTENDEES_PATH, BenefitAttendeesByParam],
  [ADMIN_PATHS.analytics, AnalyticsRoute],
  [ADMIN_PATHS.exports, ExportsPage],
  [ADMIN_PATHS.outbox, OutboxPage],
  [ADMIN_PATHS.audit, AuditPage],
  [ADMIN_PATHS.pages, PagesListPage],
  // Before the :slug route, which would otherwise take 'new' as a page's address.
  [ADMIN_PATHS.newPage, NewPage],
  [ADMIN_PATHS.editPage, EditPageByParam],
] as const;

const partnerPages = [
  [ADMIN_PATHS.partner, PartnerHomePage],
  // Admins manage every endpoint and token; a partner their own, for their benefits (the server scopes them).
  [ADMIN_PATHS.webhooks, lazyPage(WebhooksPage)],
  [ADMIN_PATHS.apiTokens, lazyPage(ApiTokensPage)],
  [ADMIN_PATHS.partnerAttendees, PartnerAttendeesByParam],
  [PARTNER_REPORT_ADMIN_PATH, PartnerReportByParam],
] as const;

/** Everything under /admin, loaded on demand so members never download it. */
export default function AdminRoutes() {
  return (
    <Switch>
      <Route path={ADMIN_PATHS.login}>
        <AdminLoginPage />
      </Route>
      <Route path={ADMIN_PATHS.resetPassword}>
        <ResetPasswordPage />
      </Route>
      <Route path={ADMIN_PATHS.checkIn}>
        <AdminGuard staffToo partnerToo>
          <CheckInPage />
        </AdminGuard>
      </Route>
      <Route path={ADMIN_PATHS.security}>
        <AdminGuard staffToo partnerToo>
          <SecurityPage />
        </AdminGuard>
      </Route>
      {/* Partners' pages (docs/decisions/030): the server scopes each to their benefits. */}
      {partnerPages.map(([path, Page]) => (
        <Route key={path} path={path}>
          <AdminGuard partnerToo>
            <Page />
          </AdminGuard>
        </Route>
      ))}
      {guarded.map(([path, Page]) => (
        <Route key={path} path={path}>
          <AdminGuard>
            <Page />
          </AdminGuard>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
