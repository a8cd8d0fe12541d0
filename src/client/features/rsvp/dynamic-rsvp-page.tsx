import { CheckCircle2, Hourglass } from 'lucide-react';
import { useState } from 'react';
import type { Benefit } from '#common/benefits.ts';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { identityAnswers, validationSummary } from '#common/dynamic-form.ts';
import { POLL } from '#common/polling.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import { MemberMessagePage } from '../../components/layout/member-message-page.tsx';
import { DynamicFormBody } from '../../components/rsvp-form/dynamic-form-body.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { dynMessages } from '../../i18n/field-error.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import {
  type DynamicAnswer,
  type LiveConfig,
  submitDynamic,
  useLiveConfig,
  useRsvpStatus,
  useSlotLogic,
} from './api.ts';
import { BookedSummary } from './booked-summary.tsx';
import { rsvpState, STATE_LABEL, StateNote, say, stateLabel } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';
import { useMemberBookings } from './member-bookings.ts';
import { useDelayedNavigate } from './page-hooks.ts';
import { RsvpAction } from './rsvp-action.tsx';
import { RsvpPageFrame } from './rsvp-page-frame.tsx';
import { useRsvpSubmission } from './use-rsvp-submission.ts';

type Submission = { formData: Record<string, unknown>; acceptTerms: boolean };

/** /rsvp/{benefitId}: the form an admin built from a sheet, one schema for page and server. */
export function DynamicRsvpPage({ benefitId }: { benefitId: string }) {
  const t = useT();
  const config = useLiveConfig(benefitId);
  // Read during this render: useQuery re-renders only for the fields a render read, and the frame
  // calls its children later (once the benefit is in), so reading it there alone could miss the answer.
  const data = config.data;
  if (config.isError)
    return (
      <WithoutForm
        benefitId={benefitId}
        reason={config.error instanceof ApiError ? config.error.serverMessage : t('form.notAvailableText')}
      />
    );
  return (
    <RsvpPageFrame benefitId={benefitId}>
      {(benefit) =>
        data ? <DynamicForm benefit={benefit} config={data} /> : <p className="text-zinc-400">{t('common.loading')}</p>
      }
    </RsvpPageFrame>
  );
}

/** The server's `{fields}` of a refused form, if the body says so (a proxy's HTML page does not). */
function fieldErrorsOf(body: string): Record<string, string> | undefined {
  try {
    return (JSON.parse(body || '{}') as { fields?: Record<string, string> }).fields;
  } catch {
    return undefined;
  }
}

/**
 * A benefit whose form is not deployed yet books its event in one click, as the quick RSVP route allows until a
 * form is live (decision 023); with no event to book either, the spec's 'RSVP Form Not Available'.
 */
function WithoutForm({ benefitId, reason }: { benefitId: string; reason: string }) {
  const { user } = useSession();
  const eventId = `dynamic:${benefitId}`;
  const status = useRsvpStatus(eventId, Boolean(user));
  if (user && status.isPending) return null;
  if (!user || !status.data || status.data.error || status.data.unauthenticated)
    return <NotAvailable reason={reason} />;
  return (
    <RsvpPageFrame benefitId={benefitId}>
      {(benefit) => <RsvpAction eventId={eventId} benefit={benefit} label={benefit.bookingText || undefined} />}
    </RsvpPageFrame>
  );
}

function NotAvailable({ reason }: { reason: string }) {
  const t = useT();
  return (
    <MemberMessagePage title={t('form.notAvailable')} tone="info">
      <p>{reason}</p>
    </MemberMessagePage>
  );
}

function DynamicForm({ benefit, config }: { benefit: Benefit; config: LiveConfig }) {
  const t = useT();
  const { user } = useSession();
  const redirect = useDelayedNavigate();
  // The form books through an event of its own; its status says whether the member holds a place or waits.
  const eventId = `dynamic:${benefit.id}`;
  const status = useRsvpStatus(eventId, Boolean(user));
  const state = rsvpState(status.data);
  const { roles } = config;
  const fields = config.formFields;
  // The member's e-mail and name are known: the form starts with them, as the concierge page does.
  const initialValues = identityAnswers(fields, { email: user?.email ?? '', ...user });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // What the member holds (slot, date, guests, calendar), shown once they have booked.
  const bookings = useMemberBookings(Boolean(user));
  const booked = bookings.data?.data.find((b) => b.eventId === eventId && ACTIVE_STATUSES.includes(b.status));
  const slots = useSlotLogic(benefit.id);
  const guestCountOf = (data: Record<string, unknown>) =>
    roles.guestCount ? Number(data[roles.guestCount] || 0) || 0 : 0;
  const submit = useRsvpSubmission<Submission, DynamicAnswer>({
    eventId,
    benefit,
    send: ({ formData, acceptTerms }) =>
      submitDynamic(benefit.id, {
        benefitId: benefit.id,
        formData,
        totalAttendees: 1 + guestCountOf(formData),
        ...(config.behavior.requireTermsAcceptance ? { acceptTerms } : {}),
      }),
    confirmed: () => ({ title: t('toast.rsvpSubmitted'), text: '' }),
    track: 'form',
    trackData: ({ formData }) => ({ formType: 'dynamic', submissionData: formData }),
    failure: {
      title: t('toast.unableSubmit'),
      fallback: t('toast.rsvpProblem'),
    },
    onBooked: (answer) => {
      if (answer.redirectAfterSubmission) redirect(answer.redirectAfterSubmission, POLL.conciergeRedirectMs);
    },
    // The server's field messages go under their fields, with the spec's summary toast.
    explain: (err) => {
      const fieldErrors = err instanceof ApiError ? fieldErrorsOf(err.body) : undefined;
      if (!fieldErrors) return false;
      setErrors(fieldErrors);
      const msg = dynMessages();
      toast({
        title: msg.validationTitle,
        description: validationSummary(fields, fieldErrors, msg),
        variant: 'destructive',
      });
      return true;
    },
  });

  // After a submission its answer says where the member stands; on a later visit, their booking does.
  if (submit.isSuccess || state.own) {
    const message = submit.data?.message || (state.own?.status === 'confirmed' ? RSVP_MSG.alreadyBooked : '');
    // A place on a waitlist or awaiting approval is not a confirmation: no check mark for it.
    const waiting = (submit.data?.status ?? state.own?.status ?? 'confirmed') !== 'confirmed';
    return (
      <div className="space-y-4 rounded-xl border border-gold/40 bg-gold/5 p-5">
        {message && (
          <div className="flex items-start gap-3" role="status">
            {waiting ? (
              <Hourglass className="mt-0.5 shrink-0 text-gold" aria-hidden />
            ) : (
              <CheckCircle2 className="mt-0.5 shrink-0 text-gold" aria-hidden />
            )}
            <p className="text-white">{message}</p>
          </div>
        )}
        {!submit.isSuccess && <StateNote state={state} />}
        {booked && <BookedSummary booking={booked} guests={Boolean(roles.guestCount)} />}
        <ManageBookingLink booking={status.data?.booking} />
      </div>
    );
  }
  return (
    <DynamicFormBody
      config={config}
      slots={slots.data}
      initialValues={initialValues}
      errors={errors}
      setErrors={setErrors}
      disabled={submit.isPending || state.shut !== null}
      submitLabel={(chosenSlotFull) =>
        stateLabel(state, 'SUBMIT') ??
        (submit.isPending
          ? t('form.submitting')
          : state.waitlistOpen || chosenSlotFull
            ? say('SUBMIT', STATE_LABEL.joinWaitlist)
            : t('form.submit'))
      }
      onValid={(formData, acceptTerms) => submit.submit({ formData, acceptTerms })}
    >
      <StateNote state={state} />
    </DynamicFormBody>
  );
}
