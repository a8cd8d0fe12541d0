import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { MY_BOOKINGS_PATH } from '#common/constants.ts';
import { formatInstant } from '#common/event-time.ts';
import type { TransferView } from '#common/transfers.ts';
import { MemberMessagePage } from '../../components/layout/member-message-page.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DetailList } from '../../components/ui/detail-list.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { refusalToast, refusalWords } from '../../i18n/error-text.ts';
import { Trans } from '../../i18n/trans.tsx';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useWhenText } from '../../i18n/when-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useAcceptTransfer, useTransferView } from './api.ts';

/**
 * /transfer/{token}: a place offered by another member (decision 057). Opening it only shows the offer; accepting
 * asks the recipient's own name and answers, moves the place and signs them in. No sign-in needed first: the mailed
 * link is the authority.
 */
export function AcceptTransferPage({ token }: { token: string }) {
  const t = useT();
  const view = useTransferView(token);
  usePageTitle(view.data ? t('transfer.titleOf', { event: view.data.eventTitle }) : t('transfer.title'));
  if (view.error) {
    const refused = refusalWords(view.error, t('transfer.invalid'));
    return (
      <MemberMessagePage title={t('release.linkNotValid')}>
        <p data-testid="transfer-refused" lang={refused.lang}>
          {refused.text}
        </p>
      </MemberMessagePage>
    );
  }
  if (view.data && view.data.status !== 'offered')
    return (
      <MemberMessagePage title={t('transfer.closed')} tone="info">
        <p data-testid="transfer-refused">
          {view.data.status === 'expired' ? t('transfer.expired') : t('transfer.gone')}
        </p>
      </MemberMessagePage>
    );
  return (
    <MemberShell>
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-20">
        <section aria-labelledby="transfer-title" className="rounded-2xl border border-line bg-panel p-6 sm:p-10">
          <h1 id="transfer-title" className="text-2xl font-bold text-white">
            {t('transfer.title')}
          </h1>
          {view.data ? (
            <Offer token={token} view={view.data} />
          ) : (
            <p className="mt-3 text-zinc-400">{t('common.loading')}</p>
          )}
        </section>
      </div>
    </MemberShell>
  );
}

function Offer({ token, view }: { token: string; view: TransferView }) {
  const t = useT();
  const locale = useLocale();
  const when = useWhenText()(view.when, view.schedule).text;
  const [, navigate] = useLocation();
  const [names, setNames] = useState({ firstName: '', lastName: '' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const accept = useAcceptTransfer(token);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    accept.mutate(
      { ...names, answers },
      {
        onSuccess: (done) => {
          toast({ title: done.message });
          navigate(MY_BOOKINGS_PATH);
        },
        onError: (err) =>
          toast({
            title: t('transfer.notAccepted'),
            ...refusalToast(err, t('toast.tryAgain')),
            variant: 'destructive',
          }),
      },
    );
  };
  const rows: [string, string | null][] = [
    [t('row.event'), view.eventTitle],
    [t('me.when'), when],
    [t('me.where'), view.venue || null],
    [t('me.guests'), view.guestCount > 0 ? String(view.guestCount) : null],
    [t('transfer.for'), view.email],
    [t('transfer.acceptBy'), formatInstant(new Date(view.expiresAt), view.timeZone, locale)],
  ];
  const text = (id: string, label: string, value: string, set: (v: string) => void, auto?: string) => (
    <Field key={id} id={id} label={label}>
      <input
        id={id}
        required={auto !== undefined}
        autoComplete={auto ?? 'off'}
        value={value}
        onChange={(e) => set(e.target.value)}
        className={inputClass}
      />
    </Field>
  );
  return (
    <form onSubmit={submit} data-testid="transfer-accept-form">
      <p className="mt-3 text-zinc-300">
        <Trans
          id="transfer.offers"
          values={{ from: view.from }}
          components={{ 0: <strong className="text-white" /> }}
        />
      </p>
      <DetailList rows={rows} testId="transfer-details" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {text(
          'first-name',
          t('transfer.firstName'),
          names.firstName,
          (v) => setNames((n) => ({ ...n, firstName: v })),
          'given-name',
        )}
        {text(
          'last-name',
          t('transfer.lastName'),
          names.lastName,
          (v) => setNames((n) => ({ ...n, lastName: v })),
          'family-name',
        )}
      </div>
      {view.questions.length > 0 && (
        <div className="mt-4 space-y-4">
          {view.questions.map((q) =>
            text(`q-${q.key}`, q.label, answers[q.key] ?? '', (v) => setAnswers((a) => ({ ...a, [q.key]: v }))),
          )}
        </div>
      )}
      <Button type="submit" className="mt-8 w-full sm:w-auto" disabled={accept.isPending} data-testid="transfer-accept">
        {accept.isPending ? t('transfer.accepting') : t('transfer.accept')}
      </Button>
    </form>
  );
}
