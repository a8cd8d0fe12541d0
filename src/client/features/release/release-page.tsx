import { Link } from 'wouter';
import { MY_BOOKINGS_PATH } from '#common/constants.ts';
import type { ReleaseView } from '#common/release.ts';
import { formatSlot } from '#common/time-range.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DetailList } from '../../components/ui/detail-list.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverLang } from '../../i18n/error-text.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useWhenText } from '../../i18n/when-text.ts';
import { ApiError, answerLang } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { refusalCode, useReleasePlace, useReleaseView } from './api.ts';
import { ReleaseDone, ReleaseRefused } from './release-messages.tsx';

/**
 * /release/{token}: "Can't make it?" from a reminder or My bookings, without signing in (decision 016). Opening it
 * only shows what would be released; the button's POST releases.
 */
export function ReleasePage({ token }: { token: string }) {
  const view = useReleaseView(token);
  const release = useReleasePlace(token);
  const t = useT();
  usePageTitle(view.data ? `${t('release.confirm')}: ${view.data.eventTitle}` : t('release.confirm'));
  const refusedBy = view.error ?? (refusalCode(release.error) ? release.error : null);
  if (release.data) {
    const { eventTitle, message } = release.data;
    return <ReleaseDone eventTitle={eventTitle} message={message} lang={serverLang(answerLang(release.data))} />;
  }
  if (refusedBy) {
    const text = refusedBy instanceof ApiError ? refusedBy.serverError : null;
    const lang = refusedBy instanceof ApiError ? serverLang(refusedBy.lang) : undefined;
    return <ReleaseRefused code={refusalCode(refusedBy)} text={text} lang={lang} />;
  }
  const submit = () =>
    release.mutate(undefined, {
      onError: (err) => {
        if (refusalCode(err)) return; // shown as the page
        toast({ title: t('toast.error'), description: t('toast.notReleased'), variant: 'destructive' });
      },
    });
  return (
    <MemberShell>
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-20">
        <section aria-labelledby="release-title" className="rounded-2xl border border-line bg-panel p-6 sm:p-10">
          <h1 id="release-title" className="text-2xl font-bold text-white">
            {t('release.title')}
          </h1>
          {view.data ? (
            <>
              <p className="mt-3 text-zinc-300">
                {view.data.status === 'waitlisted' ? t('release.leaveWaitlist') : t('release.givePlace')}
              </p>
              <Details view={view.data} />
              <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
                <Link href={MY_BOOKINGS_PATH} className="text-center text-sm text-zinc-300 hover:text-gold">
                  {t('release.keep')}
                </Link>
                <Button onClick={submit} disabled={release.isPending} data-testid="release-confirm">
                  {release.isPending ? t('release.releasing') : t('release.confirm')}
                </Button>
              </div>
            </>
          ) : (
            <p className="mt-3 text-zinc-400">{t('release.loading')}</p>
          )}
        </section>
      </div>
    </MemberShell>
  );
}

function Details({ view }: { view: ReleaseView }) {
  const t = useT();
  const locale = useLocale();
  const when = useWhenText()(view.when, view.schedule).text;
  const slot = view.slot && formatSlot(view.slot.time, view.slot.date, view.timeZone, locale);
  const rows: [string, string | null][] = [
    [t('row.event'), view.eventTitle],
    [t('me.when'), when],
    [t('me.slot'), slot],
    [t('me.where'), view.venue || null],
    [t('me.guests'), String(view.guestCount)],
    [t('row.bookedFor'), view.name],
  ];
  return <DetailList rows={rows} testId="release-details" />;
}
