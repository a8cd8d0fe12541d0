import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import * as drawsApi from '#common/api/draws.ts';
import type { PublicDraw } from '#common/draws.ts';
import { formatStamp } from '#common/event-time.ts';
import { verifyDraw } from '#common/fair-draw.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { serverLang } from '../../i18n/error-text.ts';
import { t as say } from '../../i18n/i18n.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { Trans } from '../../i18n/trans.tsx';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { usePageTitle } from '../../lib/page-title.ts';

type Check = Awaited<ReturnType<typeof verifyDraw>>;

const STATE_TEXT = {
  scheduled: 'draw.stateScheduled',
  open: 'draw.stateOpen',
  closed: 'draw.stateClosed',
  drawn: 'draw.stateDrawn',
} as const satisfies Record<PublicDraw['state'], string>;

/** The route's page: its key is the event, so another draw's page starts afresh. */
export function DrawByParam() {
  const { eventId = '' } = useParams<{ eventId: string }>();
  return <DrawPage key={eventId} eventId={decodeURIComponent(eventId)} />;
}

/**
 * /draws/{eventId}, without signing in (decision 031): the commitment published before the first entry, and after
 * the draw the seed, the order and the outcomes, with a Verify that reruns the shuffle here, in the browser.
 */
export function DrawPage({ eventId }: { eventId: string }) {
  const draw = useQuery({
    queryKey: ['draw', eventId],
    queryFn: () => call(drawsApi.publicDraw, { params: { eventId } }),
    retry: false,
  });
  const t = useT();
  usePageTitle(draw.data ? t('draw.titleOf', { title: draw.data.title }) : t('draw.title'));
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
        {draw.error ? (
          <p
            className="text-zinc-300"
            data-testid="draw-missing"
            lang={draw.error instanceof ApiError ? serverLang(draw.error.lang) : undefined}
          >
            {draw.error instanceof ApiError ? draw.error.serverError : t('draw.notLoaded')}
          </p>
        ) : draw.data ? (
          <DrawView d={draw.data} />
        ) : (
          <p className="text-zinc-400">{t('draw.loading')}</p>
        )}
      </div>
    </MemberShell>
  );
}

function Row({
  label,
  children,
  testId,
  lang,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
  lang?: string;
}) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words text-zinc-100" data-testid={testId} lang={lang}>
        {children}
      </dd>
    </>
  );
}

function DrawView({ d }: { d: PublicDraw }) {
  const t = useT();
  // The title is the organiser's, the steps the server's: English words until they are translated.
  const en = useTextLang()();
  const locale = useLocale();
  // The times in the member's language from their instants (decision 071); English keeps the server's words.
  const at = (iso: string | null, words: string | null | undefined) =>
    locale === 'en' || !iso ? words : formatStamp(iso, d.timeZone, locale);
  const [check, setCheck] = useState<Check | 'running' | null>(null);
  const verify = async () => {
    if (!d.seed || !d.order || d.placesOffered === null) return;
    setCheck('running');
    setCheck(
      await verifyDraw({ seed: d.seed, commitment: d.commitment, placesOffered: d.placesOffered, order: d.order }),
    );
  };
  const won = d.order?.filter((e) => e.outcome === 'won').length ?? 0;
  return (
    <section aria-labelledby="draw-title" className="space-y-6 rounded-2xl border border-line bg-panel p-5 sm:p-8">
      <div>
        <p className="text-xs font-semibold tracking-widest text-gold">{t('draw.fair')}</p>
        <h1 id="draw-title" className="mt-1 text-2xl font-bold text-white" lang={en}>
          {d.title}
        </h1>
        <p className="mt-1 text-sm text-zinc-300" data-testid="draw-state">
          {t(STATE_TEXT[d.state])}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-5 gap-y-1.5 text-sm">
        <Row label={t('draw.opens')}>{at(d.opensAt, d.opensText)}</Row>
        <Row label={t('draw.closes')}>{at(d.closesAt, d.closesText)}</Row>
        <Row label={d.ranText ? t('draw.planned') : t('draw.when')} testId="draw-planned">
          {at(d.drawAt, d.drawText)}
        </Row>
        {d.broughtForward && !d.ranText && (
          <Row label={t('draw.broughtForward')} testId="draw-due">
            {t('draw.dueAtClose', { due: at(d.broughtForward ? d.closesAt : d.drawAt, d.dueText) })}
          </Row>
        )}
        {d.ranText && (
          <Row label={t('draw.made')} testId="draw-made">
            {at(d.ranAt, d.ranText)}
          </Row>
        )}
        <Row label={t('draw.places')}>{d.placesOffered ?? d.capacity ?? '—'}</Row>
        <Row label={t('draw.entries')}>{d.entries}</Row>
        <Row label={t('draw.losers')}>
          {d.losers === 'waitlist' ? t('draw.losersWaitlist') : t('draw.losersReleased')}
        </Row>
        <Row label={t('draw.commitment')} testId="draw-commitment">
          <code className="break-all font-mono text-xs" translate="no">
            {d.commitment}
          </code>
        </Row>
        {d.seed && (
          <Row label={t('draw.seed')} testId="draw-seed">
            <code className="break-all font-mono text-xs" translate="no">
              {d.seed}
            </code>
          </Row>
        )}
      </dl>
      <div className="space-y-2 text-sm text-zinc-300">
        <h2 className="font-semibold text-white">
          <Trans id="draw.how" values={{ algorithm: d.algorithm }} components={{ 0: <span translate="no" /> }} />
        </h2>
        <ol className="list-decimal space-y-1 pl-5" lang={en}>
          {d.algorithmSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>{t('draw.seedFixed')}</p>
      </div>
      {d.order ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={verify} disabled={check === 'running'} data-testid="draw-verify">
              <ShieldCheck size={16} aria-hidden /> {t('draw.verify')}
            </Button>
            {check && check !== 'running' && <CheckResult check={check} />}
          </div>
          <div>
            <h2 className="text-sm font-semibold text-white">{t('draw.order', { won, total: d.order.length })}</h2>
            <ol className="mt-2 max-h-96 overflow-auto rounded-lg border border-line text-xs" data-testid="draw-order">
              {d.order.map((e, i) => (
                <li
                  key={e.id}
                  className="grid grid-cols-[3rem_1fr_auto] gap-2 border-b border-line/60 px-3 py-1.5 last:border-0"
                >
                  <span className="text-zinc-500">{i + 1}</span>
                  <code className="min-w-0 truncate font-mono text-zinc-200" translate="no">
                    {e.id}
                  </code>
                  <span className={e.outcome === 'won' ? 'text-emerald-400' : 'text-zinc-400'}>
                    {outcomeText(e)}
                    {e.places > 1 ? t('draw.entryPlaces', { places: e.places }) : ''}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </>
      ) : (
        <p className="text-sm text-zinc-400">{t('draw.pending')}</p>
      )}
    </section>
  );
}

/** As the admin names outcomes: drawn, waitlisted #n (the waitlist in draw order) or not drawn (released). */
const outcomeText = (e: NonNullable<PublicDraw['order']>[number]) =>
  e.outcome === 'won'
    ? say('draw.outcomeWon')
    : e.waitlistRank
      ? say('draw.outcomeWaitlisted', { rank: e.waitlistRank })
      : say('draw.outcomeNotDrawn');

function CheckResult({ check }: { check: Check }) {
  const t = useT();
  const ok = check.commitment && check.order && check.outcomes;
  return (
    <p
      className={`inline-flex items-center gap-2 text-sm ${ok ? 'text-emerald-400' : 'text-red-400'}`}
      data-testid="draw-verified"
      data-ok={ok}
    >
      {ok ? <CheckCircle2 size={16} aria-hidden /> : <XCircle size={16} aria-hidden />}
      {ok
        ? t('draw.verified')
        : t('draw.notVerified', {
            reasons: [
              !check.commitment && t('draw.failSeed'),
              !check.order && t('draw.failOrder'),
              !check.outcomes && t('draw.failOutcomes'),
            ]
              .filter(Boolean)
              .join('; '),
          })}
    </p>
  );
}
