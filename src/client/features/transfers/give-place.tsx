import { type FormEvent, useState } from 'react';
import { formatInstant } from '#common/event-time.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { refusalToast } from '../../i18n/error-text.ts';
import { Trans } from '../../i18n/trans.tsx';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useCancelOffer, useMyTransfers, useOfferPlace } from './api.ts';

const linkClass =
  'text-xs font-semibold tracking-wider text-zinc-300 underline underline-offset-4 hover:text-gold text-left';

/**
 * "Give my place to someone" (decision 057), on My bookings and the booking page: the offer form, or the open offer
 * with its cancel button. Nothing shows for a place the organiser does not let go, or past its deadline.
 */
export function GivePlace({ bookingId, timeZone }: { bookingId: string; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const mine = useMyTransfers();
  const offer = mine.data?.offers.find((o) => o.bookingId === bookingId);
  const until = mine.data?.transferable[bookingId];
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const send = useOfferPlace(bookingId);
  const cancel = useCancelOffer();
  const at = (iso: string) => formatInstant(new Date(iso), timeZone, locale);

  if (offer)
    return (
      <div className="w-full space-y-2 text-sm text-zinc-300" data-testid="transfer-open">
        <p>
          <Trans
            id="transfer.offeredTo"
            values={{ email: offer.email, until: at(offer.expiresAt) }}
            components={{ 0: <strong className="break-all text-white" /> }}
          />
        </p>
        <Button
          variant="ghost"
          disabled={cancel.isPending}
          data-testid="transfer-cancel"
          onClick={() =>
            cancel.mutate(offer.id, {
              onSuccess: () => toast({ title: t('transfer.cancelled') }),
              onError: (err) =>
                toast({
                  title: t('toast.error'),
                  ...refusalToast(err, t('toast.tryAgain')),
                  variant: 'destructive',
                }),
            })
          }
        >
          {t('transfer.cancel')}
        </Button>
      </div>
    );
  if (!until) return null;
  if (!open)
    return (
      <button type="button" className={linkClass} onClick={() => setOpen(true)} data-testid="give-place">
        {t('transfer.give')}
      </button>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(email.trim(), {
      onSuccess: () => {
        toast({ title: t('transfer.offered') });
        setOpen(false);
        setEmail('');
      },
      onError: (err) =>
        toast({
          title: t('transfer.notSent'),
          ...refusalToast(err, t('toast.tryAgain')),
          variant: 'destructive',
        }),
    });
  };
  return (
    <form onSubmit={submit} className="w-full space-y-3" data-testid="give-place-form">
      <Field id={`give-${bookingId}`} label={t('transfer.email')} hint={t('transfer.hint', { until: at(until) })}>
        <input
          id={`give-${bookingId}`}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('transfer.sending') : t('transfer.send')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t('transfer.notNow')}
        </Button>
      </div>
    </form>
  );
}
