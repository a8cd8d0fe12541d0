import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ShieldCheck, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import * as drawsApi from '#common/api/draws.ts';
import type { PublicDraw } from '#common/draws.ts';
import { verifyDraw } from '#common/fair-draw.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { usePageTitle } from '../../lib/page-title.ts';

type Check = Awaited<ReturnType<typeof verifyDraw>>;

const STATE_TEXT: Record<PublicDraw['state'], string> = {
  scheduled: 'Entries not open yet',
  open: 'Taking entries',
  closed: 'Entries closed: the draw is next',
  drawn: 'Drawn',
};

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
  usePageTitle(draw.data ? `The draw: ${draw.data.title}` : 'The draw');
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-16">
        {draw.error ? (
          <p className="text-zinc-300" data-testid="draw-missing">
            {draw.error instanceof ApiError ? draw.error.serverError : 'This draw could not be loaded.'}
          </p>
        ) : draw.data ? (
          <DrawView d={draw.data} />
        ) : (
          <p className="text-zinc-400">Loading the draw...</p>
        )}
      </div>
    </MemberShell>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-all text-zinc-100" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

function DrawView({ d }: { d: PublicDraw }) {
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
        <p className="text-xs font-semibold tracking-widest text-gold">FAIR DRAW</p>
        <h1 id="draw-title" className="mt-1 text-2xl font-bold text-white">
          {d.title}
        </h1>
        <p className="mt-1 text-sm text-zinc-300" data-testid="draw-state">
          {STATE_TEXT[d.state]}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-5 gap-y-1.5 text-sm">
        <Row label="Entries open">{d.opensText}</Row>
        <Row label="Entries close">{d.closesText}</Row>
        <Row label={d.ranText ? 'Draw planned' : 'Draw'} testId="draw-planned">
          {d.drawText}
        </Row>
        {d.broughtForward && !d.ranText && (
          <Row label="Brought forward" testId="draw-due">
            to when entries close, {d.dueText}
          </Row>
        )}
        {d.ranText && (
          <Row label="Draw made" testId="draw-made">
            {d.ranText}
          </Row>
        )}
        <Row label="Places">{d.placesOffered ?? d.capacity ?? '—'}</Row>
        <Row label="Entries">{d.entries}</Row>
        <Row label="Those not drawn">{d.losers === 'waitlist' ? 'Waitlisted, in draw order' : 'Released'}</Row>
        <Row label="Commitment" testId="draw-commitment">
          <code className="font-mono text-xs">{d.commitment}</code>
        </Row>
        {d.seed && (
          <Row label="Seed" testId="draw-seed">
            <code className="font-mono text-xs">{d.seed}</code>
          </Row>
        )}
      </dl>
      <div className="space-y-2 text-sm text-zinc-300">
        <h2 className="font-semibold text-white">How it is drawn ({d.algorithm})</h2>
        <ol className="list-decimal space-y-1 pl-5">
          {d.algorithmSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>The seed was fixed before the first entry; only its SHA-256 (the commitment) was shown until the draw.</p>
      </div>
      {d.order ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={verify} disabled={check === 'running'} data-testid="draw-verify">
              <ShieldCheck size={16} aria-hidden /> Verify in this browser
            </Button>
            {check && check !== 'running' && <CheckResult check={check} />}
          </div>
          <div>
            <h2 className="text-sm font-semibold text-white">
              Draw order ({won} drawn of {d.order.length})
            </h2>
            <ol className="mt-2 max-h-96 overflow-auto rounded-lg border border-line text-xs" data-testid="draw-order">
              {d.order.map((e, i) => (
                <li
                  key={e.id}
                  className="grid grid-cols-[3rem_1fr_auto] gap-2 border-b border-line/60 px-3 py-1.5 last:border-0"
                >
                  <span className="text-zinc-500">{i + 1}</span>
                  <code className="min-w-0 truncate font-mono text-zinc-200">{e.id}</code>
                  <span className={e.outcome === 'won' ? 'text-emerald-400' : 'text-zinc-400'}>
                    {outcomeText(e)}
                    {e.places > 1 ? ` · ${e.places} places` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </>
      ) : (
        <p className="text-sm text-zinc-400">The seed and the order appear here once the draw is made.</p>
      )}
    </section>
  );
}

/** As the admin names outcomes: drawn, waitlisted #n (the waitlist in draw order) or not drawn (released). */
const outcomeText = (e: NonNullable<PublicDraw['order']>[number]) =>
  e.outcome === 'won' ? 'Drawn' : e.waitlistRank ? `Waitlisted #${e.waitlistRank}` : 'Not drawn';

function CheckResult({ check }: { check: Check }) {
  const ok = check.commitment && check.order && check.outcomes;
  return (
    <p
      className={`inline-flex items-center gap-2 text-sm ${ok ? 'text-emerald-400' : 'text-red-400'}`}
      data-testid="draw-verified"
      data-ok={ok}
    >
      {ok ? <CheckCircle2 size={16} aria-hidden /> : <XCircle size={16} aria-hidden />}
      {ok
        ? 'Verified: the seed matches the commitment, and the order and outcomes follow from it.'
        : `Not verified: ${[!check.commitment && 'the seed does not match the commitment', !check.order && 'the order differs', !check.outcomes && 'the outcomes differ'].filter(Boolean).join('; ')}.`}
    </p>
  );
}
