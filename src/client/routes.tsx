import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useParams } from 'wouter';
import * as benefitsApi from '#common/api/benefits.ts';
import { PARTNER_REPORT_PATH, RELEASE_PATH, TRANSFER_PATH } from '#common/constants.ts';
import { OptionalPart } from './components/ui/optional-part.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { FullScreenMessage, LoadingScreen, Protected } from './features/auth/protected.tsx';
import { BenefitsPage } from './features/benefits/benefits-page.tsx';
import type { RenderPageRsvp } from './features/partners/partner-page.tsx';
import { Redirect } from './features/system/redirect.tsx';
import { loadPageMessages } from './i18n/i18n.ts';
import { useT } from './i18n/use-t.ts';
import { ApiError } from './lib/api.ts';
import { call } from './lib/call.ts';
import { passkeyOfferDue } from './lib/passkey-offer-due.ts';
import { partnerPageKeys } from './lib/query-keys.ts';
import { useSession } from './lib/session.ts';
import { ELYX_PAGE, PATHS, TEST_2_BENEFIT_ID } from './paths.ts';

/** A lazy page's chunk, with the active language's page messages (decision 059): it never paints a key. */
const withMessages = <T,>(chunk: Promise<T>) => Promise.all([chunk, loadPageMessages()]).then(([m]) => m);

// Login, the session plumbing and the benefits dashboard are in the entry; every other member
// page is its own chunk, so /benefits never loads form, partner or admin code (front-end budget).
const LoginVerifyPage = lazy(() =>
  withMessages(import('./features/auth/login-code.tsx').then((m) => ({ default: m.LoginVerifyPage }))),
);
// A path that is nothing: rare, so its page waits for it.
const NotFoundPage = lazy(() =>
  withMessages(import('./features/system/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage }))),
);
// Offered once after an e-mail sign-in on a device that can keep a passkey (decision 060): its own chunk.
const PasskeyOffer = lazy(() =>
  withMessages(import('./features/auth/passkey-offer.tsx').then((m) => ({ default: m.PasskeyOffer }))),
);
/** After the first paint (the server never knows this browser's storage), so hydration matches. */
function PasskeyOfferSlot() {
  const [due, setDue] = useState(false);
  useEffect(() => setDue(passkeyOfferDue()), []);
  return due ? (
    <OptionalPart>
      <PasskeyOffer />
    </OptionalPart>
  ) : null;
}
const TermsPage = lazy(() =>
  withMessages(import('./features/partners/terms-page.tsx').then((m) => ({ default: m.TermsPage }))),
);
// Partner pages' RSVP buttons are the same one-click action as the modals (docs/spec/DESIGN.md §4), fetched with the page.
const PartnerPage = lazy(() =>
  withMessages(
    Promise.all([import('./features/partners/partner-page.tsx'), import('./features/rsvp/rsvp-action.tsx')]).then(
      ([{ PartnerPage: Page }, { RsvpAction }]) => {
        const renderRsvp: RenderPageRsvp = (eventId, label, benefit, labelLang) => (
          <RsvpAction eventId={eventId} label={label} labelLang={labelLang} benefit={benefit} />
        );
        return {
          default: (props: { slug: string; notFound: ReactNode }) => <Page {...props} renderRsvp={renderRsvp} />,
        };
      },
    ),
  ),
);
const EveningPage = lazy(() =>
  withMessages(import('./features/rsvp/evening-page.tsx').then((m) => ({ default: m.EveningPage }))),
);
const ConciergePage = lazy(() =>
  withMessages(import('./features/rsvp/concierge-page.tsx').then((m) => ({ default: m.ConciergePage }))),
);
const CarMakerTourPage = lazy(() =>
  withMessages(import('./features/rsvp/car-maker-tour-page.tsx').then((m) => ({ default: m.CarMakerTourPage }))),
);
const RsvpByBenefit = lazy(() =>
  withMessages(import('./features/rsvp/rsvp-by-benefit.tsx').then((m) => ({ default: m.RsvpByBenefit }))),
);
const MyBookingsPage = lazy(() =>
  withMessages(import('./features/rsvp/my-bookings-page.tsx').then((m) => ({ default: m.MyBookingsPage }))),
);
const BookingPage = lazy(() =>
  withMessages(import('./features/rsvp/booking-page.tsx').then((m) => ({ default: m.BookingPage }))),
);
const SharedReportPage = lazy(() =>
  withMessages(
    import('./features/analytics/partner-report/shared-report-page.tsx').then((m) => ({ default: m.SharedReportPage })),
  ),
);
// No sign-in: anyone may check a fair draw (decision 031); the page reads its own parameter, in its own chunk.
const DrawByParam = lazy(() =>
  withMessages(import('./features/draws/draw-page.tsx').then((m) => ({ default: m.DrawByParam }))),
);
const AcceptTransferPage = lazy(() =>
  withMessages(import('./features/transfers/index.ts').then((m) => ({ default: m.AcceptTransferPage }))),
);
const ReleasePage = lazy(() =>
  withMessages(import('./features/release/release-page.tsx').then((m) => ({ default: m.ReleasePage }))),
);

/**
 * Any other one-segment path may be a partner page an admin wrote (decision 010); else it is not found, signed in or
 * not. A visitor who is not signed in sees the sign-in form for a page that exists, then the page.
 */
function PartnerPageByParam() {
  const { slug } = useParams<{ slug: string }>();
  const { user, isLoading } = useSession();
  // Its own key: the signed-out answer (null) must not stand in for the page once the member signs in.
  const visitor = useQuery({
    queryKey: [...partnerPageKeys.page(slug), 'visitor'],
    enabled: !isLoading && !user,
    queryFn: () => pageProbe(slug),
  });
  if (isLoading) return <LoadingScreen />;
  if (user) return <PartnerPage key={slug} slug={slug} notFound={<NotFoundPage />} />;
  if (visitor.error instanceof ApiError && visitor.error.status === 404) return <NotFoundPage />;
  return visitor.isPending ? <LoadingScreen /> : <LoginPage />;
}

// For a visitor, a page that exists answers 401: that is the answer to show the sign-in form for.
const pageProbe = (slug: string) =>
  call(benefitsApi.page, { params: { slug } }).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  });

function LegacyDynamicRsvp() {
  const { benefitId } = useParams<{ benefitId: string }>();
  return <Redirect to={`/rsvp/${encodeURIComponent(benefitId)}`} />;
}

function BookingByParam() {
  const { bookingId } = useParams<{ bookingId: string }>();
  return <BookingPage key={bookingId} bookingId={bookingId} />;
}

/**
 * A page whose path's token is its authority, no sign-in: a release link (a member reading mail on another device
 * should not need one), a transfer's link (accepting signs the recipient in, decision 057), a partner's shared
 * report (decision 017).
 */
function ByToken({ page: Page }: { page: ComponentType<{ token: string }> }) {
  const { token } = useParams<{ token: string }>();
  return <Page key={token} token={token} />;
}

function RsvpByParam() {
  const { benefitId } = useParams<{ benefitId: string }>();
  return <RsvpByBenefit key={benefitId} benefitId={benefitId} />;
}

// Admin, wizard and chart code is a separate chunk: member pages never load it. Tooltips are the admin's only
// (Radix's popper and floating-ui are not in the member entry).
const AdminRoutes = lazy(() =>
  withMessages(
    Promise.all([import('./features/admin/admin-routes.tsx'), import('./components/ui/tooltip-provider.tsx')]).then(
      ([admin, { TooltipProvider }]) => ({
        default: () => (
          <TooltipProvider>
            <admin.default />
          </TooltipProvider>
        ),
      }),
    ),
  ),
);
const admin = (
  <Suspense fallback={<FullScreenMessage>Loading admin...</FullScreenMessage>}>
    <AdminRoutes />
  </Suspense>
);

/** /login: the form, or straight to the benefits for a member already signed in. */
function LoginRoute() {
  const { user, isLoading } = useSession();
  if (isLoading) return <LoadingScreen />;
  if (user) return <Redirect to={PATHS.benefits} />;
  return <LoginPage />;
}

export function AppRoutes() {
  const t = useT();
  // While a page's chunk loads, the same 'Loading...' as the session check (no new text).
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path="/admin">{admin}</Route>
        <Route path="/admin/*">{admin}</Route>
        <Route path={PATHS.login}>
          <LoginRoute />
        </Route>
        <Route path={PATHS.loginVerify}>
          <LoginVerifyPage />
        </Route>
        <Route path={PATHS.elyxTerms}>
          <TermsPage slug={PATHS.elyxTerms.slice(1)} fallback={ELYX_PAGE} notFound={<NotFoundPage />} />
        </Route>
        <Route path="/dynamic-rsvp/:benefitId">
          <LegacyDynamicRsvp />
        </Route>
        <Route path={PATHS.home}>
          <Protected>
            <Redirect to={PATHS.benefits} message={t('common.redirecting')} />
          </Protected>
        </Route>
        <Route path={PATHS.benefits}>
          <Protected>
            <BenefitsPage />
            <PasskeyOfferSlot />
          </Protected>
        </Route>
        <Route path="/sap-night">
          <Protected>
            <Redirect to={PATHS.eveningRsvp} />
          </Protected>
        </Route>
        <Route path={PATHS.eveningRsvp}>
          <Protected>
            <EveningPage />
          </Protected>
        </Route>
        <Route path="/rsvp/test-2">
          <Protected>
            <Redirect to={`/rsvp/${TEST_2_BENEFIT_ID}`} />
          </Protected>
        </Route>
        <Route path="/rsvp">
          <Protected>
            <EveningPage />
          </Protected>
        </Route>
        {PATHS.conciergeTours.map((p) => (
          <Route key={p} path={p}>
            <Protected>
              <ConciergePage />
            </Protected>
          </Route>
        ))}
        <Route path="/rsvp/:benefitId">
          <Protected>
            <RsvpByParam />
          </Protected>
        </Route>
        <Route path={PATHS.myBookings}>
          <Protected>
            <MyBookingsPage />
          </Protected>
        </Route>
        <Route path={PATHS.booking}>
          <Protected>
            <BookingByParam />
          </Protected>
        </Route>
        <Route path={RELEASE_PATH}>
          <ByToken page={ReleasePage} />
        </Route>
        <Route path={TRANSFER_PATH}>
          <ByToken page={AcceptTransferPage} />
        </Route>
        <Route path="/draws/:eventId">
          <DrawByParam />
        </Route>
        <Route path={PARTNER_REPORT_PATH}>
          <ByToken page={SharedReportPage} />
        </Route>
        <Route path={PATHS.carMakerTour}>
          <Protected>
            <CarMakerTourPage />
          </Protected>
        </Route>
        <Route path="/:slug">
          <PartnerPageByParam />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
