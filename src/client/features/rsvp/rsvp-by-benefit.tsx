import { lazy } from 'react';
import { useBenefit } from './api.ts';
import { RsvpPageFrame } from './rsvp-page-frame.tsx';

// Each form is its own chunk: a member opening one loads no other.
const EveningPage = lazy(() => import('./evening-page.tsx').then((m) => ({ default: m.EveningPage })));
const ConciergePage = lazy(() => import('./concierge-page.tsx').then((m) => ({ default: m.ConciergePage })));
const DynamicRsvpPage = lazy(() => import('./dynamic-rsvp-page.tsx').then((m) => ({ default: m.DynamicRsvpPage })));

/**
 * /rsvp/{id}: the form the benefit's own event is booked through (decision 064), so an organiser's copy of the
 * evening or the tours opens that built-in form with its slots; any other benefit's is its Sheet's form.
 */
export function RsvpByBenefit({ benefitId }: { benefitId: string }) {
  const benefit = useBenefit(benefitId);
  if (benefit.isLoading) return <RsvpPageFrame benefitId={benefitId}>{() => null}</RsvpPageFrame>;
  const form = benefit.data?.builtInForm;
  if (form === 'evening') return <EveningPage benefitId={benefitId} />;
  if (form === 'concierge') return <ConciergePage benefitId={benefitId} />;
  return <DynamicRsvpPage key={benefitId} benefitId={benefitId} />;
}
