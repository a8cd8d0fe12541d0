import { ExternalLink, Mail } from 'lucide-react';
import { Link } from 'wouter';
import type { Benefit } from '../../../common/benefits.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { trackSubmission } from '../../lib/tracking.ts';
import { RsvpAction } from '../rsvp/index.ts';

/** The modal behind a tile: the benefit's own content, from data. */
export function BenefitModal({ benefit, onClose }: { benefit: Benefit | null; onClose: () => void }) {
  const modal = benefit?.modal;
  return (
    <Dialog open={Boolean(benefit)} onOpenChange={(open) => !open && onClose()} title={benefit?.title ?? ''}>
      {benefit && (
        <div className="mt-4 space-y-4 text-sm text-zinc-300">
          {benefit.imageUrl && <img src={benefit.imageUrl} alt="" className="h-36 w-full rounded-lg object-cover" />}
          <p className="text-xs tracking-wide text-gold">{benefit.dateLabel}</p>
          <p>{benefit.description}</p>
          {modal?.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {modal && modal.details.length > 0 && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-line p-3">
              {modal.details.map((d) => (
                <div key={d.label} className="contents">
                  <dt className="text-zinc-400">{d.label}</dt>
                  <dd className="text-zinc-100">{d.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {modal?.redemptionCode && (
            <p className="rounded-lg border border-dashed border-gold/60 p-3 text-center">
              Redemption code:{' '}
              <strong className="font-mono text-base tracking-widest text-gold">{modal.redemptionCode}</strong>
            </p>
          )}
          {modal && modal.actions.length > 0 && (
            <div className={modal.actions.length > 1 ? 'grid gap-4 sm:grid-cols-2' : ''}>
              {modal.actions.map((eventId) => (
                <RsvpAction key={eventId} eventId={eventId} benefit={benefit} />
              ))}
            </div>
          )}
          {modal && modal.links.length > 0 && (
            <div className="flex flex-wrap gap-3 pt-2">
              {modal.links.map((l) =>
                l.type === 'internal' ? (
                  <Link key={l.href} href={l.href} className="text-gold underline-offset-4 hover:underline">
                    {l.label}
                  </Link>
                ) : (
                  <a
                    key={l.href}
                    href={l.href}
                    target={l.type === 'external' ? '_blank' : undefined}
                    rel="noopener noreferrer"
                    onClick={() => l.type === 'external' && trackSubmission(benefit, 'redirect')}
                    className="inline-flex items-center gap-1 text-gold underline-offset-4 hover:underline"
                  >
                    {l.type === 'mail' ? <Mail size={14} aria-hidden /> : <ExternalLink size={14} aria-hidden />}
                    {l.label}
                  </a>
                ),
              )}
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
