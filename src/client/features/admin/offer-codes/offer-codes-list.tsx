import { FileDown } from 'lucide-react';
import { useState } from 'react';
import { formatStamp } from '#common/event-time.ts';
import type { OfferCodeRow } from '#common/offer-codes.ts';
import { inputClass } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/table-frame.tsx';
import { type CodeFilter, offerCsvUrl, useOfferCodes } from './api.ts';
import { UndoRedemption } from './offer-codes-redeem.tsx';

// In the offer's event zone, labelled: this list belongs to one event (its attendees page).
const when = (iso: string | null, zone: string) => (iso ? formatStamp(iso, zone) : '');
const statusOf = (c: OfferCodeRow) => (c.redeemedAt ? 'Redeemed' : c.claimedAt ? 'Claimed' : 'Free');

/** The pool's codes with who claimed each and when it was redeemed; searchable, exportable (formula-safe CSV). */
export function OfferCodesList({ benefitId, timeZone }: { benefitId: string; timeZone: string }) {
  const [filter, setFilter] = useState<CodeFilter>({ q: '', status: 'all' });
  const list = useOfferCodes(benefitId, filter);
  const codes = list.data?.codes ?? [];
  return (
    <section className="mt-6 space-y-3 border-t border-line pt-4" aria-label="Codes">
      <div className="flex flex-wrap items-center gap-2">
        <label className="min-w-0 flex-1 basis-56">
          <span className="sr-only">Find codes by code or e-mail</span>
          <input
            type="search"
            value={filter.q}
            placeholder="Search a code or an e-mail"
            onChange={(e) => setFilter({ ...filter, q: e.target.value })}
            className={inputClass}
            data-testid="offer-search"
          />
        </label>
        <label>
          <span className="sr-only">Status</span>
          <select
            value={filter.status}
            onChange={(e) => setFilter({ ...filter, status: e.target.value as CodeFilter['status'] })}
            className={`${inputClass} w-auto`}
          >
            <option value="all">All codes</option>
            <option value="free">Free</option>
            <option value="claimed">Claimed</option>
            <option value="redeemed">Redeemed</option>
          </select>
        </label>
        <a
          href={offerCsvUrl(benefitId)}
          download
          className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-line px-3 text-sm font-semibold text-zinc-200 hover:border-gold hover:text-gold"
        >
          <FileDown size={15} aria-hidden /> CSV
        </a>
      </div>
      {/* A phone gets one card per code; a laptop the table. */}
      <ul className="space-y-2 sm:hidden" data-testid="offer-code-cards">
        {codes.map((c) => (
          <li key={c.id} className="rounded-lg bg-white/[0.04] px-3 py-2 text-sm">
            <p className="flex justify-between gap-2">
              <span className="font-mono break-all text-zinc-50">{c.code}</span>
              <span className="shrink-0 text-zinc-400">{statusOf(c)}</span>
            </p>
            {c.claimedBy && <p className="break-all text-zinc-400">{c.claimedBy}</p>}
            {c.redeemedAt && (
              <p className="flex flex-wrap items-center justify-between gap-2 text-emerald-400">
                Redeemed {when(c.redeemedAt, timeZone)}
                <UndoRedemption benefitId={benefitId} code={c.code} />
              </p>
            )}
          </li>
        ))}
      </ul>
      <DataTable
        label="Code list"
        testId="offer-code-table"
        tableClass="w-full text-left text-sm"
        frameClass={codes.length > 0 ? 'hidden sm:block' : 'hidden'}
        columns={[
          { head: 'Code' },
          { head: 'Status' },
          { head: 'Claimed by' },
          { head: 'Claimed at' },
          { head: 'Redeemed at' },
        ]}
        message={null}
        rows={codes}
        row={(c) => (
          <tr key={c.id} className="text-zinc-200">
            <td className="px-3 py-2 font-mono">{c.code}</td>
            <td className="px-3 py-2">{statusOf(c)}</td>
            <td className="px-3 py-2 break-all">{c.claimedBy ?? ''}</td>
            <td className="px-3 py-2">{when(c.claimedAt, timeZone)}</td>
            <td className="px-3 py-2">
              {c.redeemedAt && (
                <span className="flex flex-wrap items-center gap-2">
                  {when(c.redeemedAt, timeZone)}
                  <UndoRedemption benefitId={benefitId} code={c.code} />
                </span>
              )}
            </td>
          </tr>
        )}
      />
      {codes.length === 0 && !list.isPending && <p className="text-sm text-zinc-400">No codes match.</p>}
      {list.data?.more && (
        <p className="text-sm text-amber-300">Showing the first {codes.length}: search to narrow it.</p>
      )}
    </section>
  );
}
