import { Copy, Link2 } from 'lucide-react';
import { useState } from 'react';
import { REPORT_LINK_DEFAULT_DAYS, type ReportLink } from '#common/partner-report.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { type CreatedLink, useCreateLink, useReportLinks, useRevokeLink } from './api.ts';

const daysFromNow = (n: number) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const STATE_TONE: Record<ReportLink['state'], string> = {
  active: 'text-emerald-300',
  expired: 'text-zinc-400',
  revoked: 'text-red-300',
};

/** Read-only links for the partner: pick the last day, copy the address (shown once), list and revoke. */
export function ShareLinks({ benefitId }: { benefitId: string }) {
  const [expiresOn, setExpiresOn] = useState(daysFromNow(REPORT_LINK_DEFAULT_DAYS));
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const links = useReportLinks(benefitId);
  const create = useCreateLink(benefitId);
  const revoke = useRevokeLink(benefitId);
  const fail = (err: unknown) =>
    toast({ title: 'Refused', description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' });
  // A link revoked (here or by another admin) leaves the screen with its Copy button.
  const shown = created && links.data?.find((l) => l.id === created.id)?.state !== 'revoked' ? created : null;
  const url = shown ? `${window.location.origin}${shown.path}` : '';

  return (
    <section aria-labelledby="share-title" className="space-y-4 rounded-xl border border-line bg-panel p-4 sm:p-6">
      <h2 id="share-title" className="text-sm font-semibold text-white">
        Share with the partner
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(expiresOn, { onSuccess: setCreated, onError: fail });
        }}
      >
        <label className="space-y-1.5 text-sm text-zinc-200">
          <span className="block font-medium">Link works until</span>
          <input
            type="date"
            required
            value={expiresOn}
            min={daysFromNow(0)}
            onChange={(e) => setExpiresOn(e.target.value)}
            className={cn(inputClass, 'w-auto')}
          />
        </label>
        <Button type="submit" disabled={create.isPending}>
          <Link2 size={16} aria-hidden />
          Create read-only link
        </Button>
      </form>
      {shown && (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-gold/40 bg-gold/5 p-3 text-sm">
          <span className="text-zinc-300">Copy it now: it is shown only once.</span>
          <input
            readOnly
            aria-label="Report link"
            data-testid="created-link"
            value={url}
            onFocus={(e) => e.target.select()}
            className={cn(inputClass, 'min-w-0 flex-1 py-1.5 text-xs')}
          />
          <Button
            variant="outline"
            className="px-3 py-1.5"
            onClick={() => void navigator.clipboard?.writeText(url).then(() => toast({ title: 'Link copied' }))}
          >
            <Copy size={14} aria-hidden />
            Copy
          </Button>
        </div>
      )}
      <ul className="divide-y divide-line text-sm" aria-label="Report links">
        {links.data?.length === 0 && <li className="py-2 text-zinc-400">No links yet.</li>}
        {links.data?.map((l) => (
          <li key={l.id} data-testid="report-link" className="flex flex-wrap items-center justify-between gap-2 py-2.5">
            <span className="text-zinc-300">
              <span className={cn('mr-2 font-semibold capitalize', STATE_TONE[l.state])}>{l.state}</span>
              until {l.expiresAtText} · by {l.createdBy}
            </span>
            {l.state === 'active' && (
              <Button
                variant="ghost"
                className="px-3 py-1 text-red-300 hover:text-white"
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(l.id, { onError: fail })}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
