import { Ticket } from 'lucide-react';
import type { OfferPool } from '#common/offer-codes.ts';
import { useOfferPool } from './api.ts';
import { OfferCodesList } from './offer-codes-list.tsx';
import { OfferCodesRedeem } from './offer-codes-redeem.tsx';
import { OfferCodesSettings } from './offer-codes-settings.tsx';
import { OfferCodesUpload } from './offer-codes-upload.tsx';

const FIGURES: [keyof OfferPool, string][] = [
  ['total', 'Pool size'],
  ['claimed', 'Claimed'],
  ['redeemed', 'Redeemed'],
  ['left', 'Left'],
  ['waiting', 'Waiting'],
];

/**
 * An offer's codes on its attendees page (decision 029): the counts, the settings, uploads, redemptions and the list.
 * Folded until the offer has a pool, so an event's page stays as it was. A partner (decision 030) runs the codes
 * but not the settings, which stay the organiser's.
 */
export function OfferCodesPanel({ benefitId, partner = false }: { benefitId: string; partner?: boolean }) {
  const pool = useOfferPool(benefitId);
  if (!pool.data) return null; // an external offer (409) or a benefit gone: nothing to manage here
  const p = pool.data;
  return (
    <details
      open={p.mode !== null}
      className="mb-6 rounded-xl border border-line bg-white/[0.02] p-4"
      data-testid="offer-codes-panel"
    >
      <summary className="flex cursor-pointer items-center gap-2 text-base font-semibold text-zinc-100">
        <Ticket size={18} aria-hidden className="text-gold" /> Offer codes
        {p.mode === 'shared' && <span className="text-sm font-normal text-zinc-400">· one shared code</span>}
      </summary>
      <dl className="mt-4 grid grid-cols-3 gap-2 sm:grid-cols-5" data-testid="offer-counts">
        {FIGURES.map(([key, label]) => (
          <div key={key} className="rounded-lg bg-white/[0.04] px-3 py-2">
            <dt className="text-xs text-zinc-400">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-zinc-50" data-testid={`offer-${key}`}>
              {p.mode === 'shared' && key !== 'claimed' && key !== 'waiting' ? '–' : String(p[key])}
            </dd>
          </div>
        ))}
      </dl>
      {p.mode === 'codes' && p.left <= p.alertAt && p.total > 0 && (
        <p className="mt-2 text-sm text-amber-300">
          {p.left === 0 ? 'The pool is empty: members see SOLD OUT.' : `Running low: ${p.left} left.`}
        </p>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <OfferCodesUpload benefitId={benefitId} />
        <OfferCodesRedeem benefitId={benefitId} />
      </div>
      {!partner && <OfferCodesSettings key={JSON.stringify(p)} pool={p} />}
      <OfferCodesList benefitId={benefitId} timeZone={p.timeZone} />
    </details>
  );
}
