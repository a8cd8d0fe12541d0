import { lazy, Suspense } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { LoginPage } from './features/auth/login-page.tsx';
import { FullScreenMessage, Protected } from './features/auth/protected.tsx';
import { BenefitsPage } from './features/benefits/benefits-page.tsx';
import { ElyxTermsPage } from './features/partners/elyx-terms-page.tsx';
import { PartnerPage, type RenderPageRsvp } from './features/partners/partner-page.tsx';
import { CarMakerTourPage, ConciergePage, DynamicRsvpPage, EveningPage, RsvpAction } from './features/rsvp/index.ts';
import { NotFoundPage } from './features/system/not-found-page.tsx';
import { Redirect } from './features/system/redirect.tsx';
import { PARTNER_PAGE_SLUGS, PATHS, TEST_2_BENEFIT_ID } from './paths.ts';

// Partner pages' RSVP buttons are the same one-click action as the modals (DESIGN §4).
const partnerRsvp: RenderPageRsvp = (eventId, label, page) => (
  <RsvpAction
    eventId={eventId}
    label={label}
    benefit={{ id: page.benefitId, title: page.title, bookingMode: 'INSTANT_RSVP' }}
  />
);

function LegacyDynamicRsvp() {
  const { benefitId } = useParams<{ benefitId: string }>();
  return <Redirect to={`/rsvp/${encodeURIComponent(benefitId)}`} />;
}

function RsvpByParam() {
  const { benefitId } = useParams<{ benefitId: string }>();
  return <DynamicRsvpPage key={benefitId} benefitId={benefitId} />;
}

// Admin, wizard and chart code is a separate chunk: member pages never load it.
const AdminRoutes = lazy(() => import('./features/admin/admin-routes.tsx'));
const admin = (
  <Suspense fallback={<FullScreenMessage>Loading admin...</FullScreenMessage>}>
    <AdminRoutes />
  </Suspense>
);

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/admin">{admin}</Route>
      <Route path="/admin/*">{admin}</Route>
      <Route path={PATHS.login}>
        <LoginPage />
      </Route>
      <Route path={PATHS.elyxTerms}>
        <ElyxTermsPage />
      </Route>
      <Route path="/dynamic-rsvp/:benefitId">
        <LegacyDynamicRsvp />
      </Route>
      <Route path={PATHS.home}>
        <Protected>
          <Redirect to={PATHS.benefits} message="Redirecting to benefits..." />
        </Protected>
      </Route>
      <Route path={PATHS.benefits}>
        <Protected>
          <BenefitsPage />
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
      <Route path={PATHS.carMakerTour}>
        <Protected>
          <CarMakerTourPage />
        </Protected>
      </Route>
      {PARTNER_PAGE_SLUGS.map((slug) => (
        <Route key={slug} path={`/${slug}`}>
          <Protected>
            <PartnerPage slug={slug} renderRsvp={partnerRsvp} />
          </Protected>
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
