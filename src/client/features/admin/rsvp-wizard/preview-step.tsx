import { ArrowLeft, ExternalLink, LayoutDashboard, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { Draft } from './draft.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-3">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="text-right font-medium text-white">{children}</dd>
    </div>
  );
}

/** Step 3: what was saved, and the button that puts it live (admin spec §2). */
export function PreviewStep({
  draft,
  slotCount,
  liveUrl,
  deploying,
  onEdit,
  onDeploy,
  onDashboard,
}: {
  draft: Draft;
  slotCount: number;
  /** Set once deployed: the member page's path. */
  liveUrl: string | null;
  deploying: boolean;
  onEdit: () => void;
  onDeploy: () => void;
  onDashboard: () => void;
}) {
  const fields = draft.formFields.length;
  const visible = draft.formFields.filter((f) => f.isVisible).length;
  const slots = draft.slotConfig.hasSlots && slotCount > 0 ? `${slotCount} time slots` : 'No slots configured';
  return (
    <div className="space-y-6 rounded-xl border border-line bg-panel p-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Preview & Deploy</h2>
        <p className="mt-1 text-sm text-zinc-400">
          The configuration is saved. Deploying makes it the live form of the benefit, importing Tab 2's capacities.
        </p>
      </div>
      <dl
        aria-label="Configuration summary"
        className="divide-y divide-line rounded-lg border border-line px-4 text-sm"
      >
        <Row label="Configuration">{draft.configName}</Row>
        <Row label="Benefit ID">{draft.benefitId}</Row>
        <Row label="Form fields">
          {fields} {fields === 1 ? 'field' : 'fields'}
          {visible !== fields && <span className="text-zinc-400"> ({visible} visible)</span>}
        </Row>
        <Row label="Time slots">{slots}</Row>
        <Row label="Email confirmations">{draft.notifications.sendConfirmationEmail ? 'Enabled' : 'Disabled'}</Row>
        <Row label="Status">{liveUrl ? 'Live' : 'Saved, not deployed'}</Row>
      </dl>
      {liveUrl && (
        <p className="rounded-lg border border-gold/40 bg-gold/5 p-4 text-sm text-zinc-200" role="status">
          Live at{' '}
          <a
            href={liveUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-semibold text-gold underline-offset-4 hover:underline"
          >
            {liveUrl}
            <ExternalLink size={14} aria-hidden />
          </a>
        </p>
      )}
      {/* Actions sit on the left: toasts appear bottom right and would cover them. */}
      <div className="flex flex-wrap gap-3 border-t border-line pt-6">
        <Button onClick={onDeploy} disabled={deploying}>
          <Rocket size={16} aria-hidden />
          {deploying ? 'Deploying...' : 'Deploy Configuration'}
        </Button>
        <Button variant="outline" onClick={onEdit} disabled={deploying}>
          <ArrowLeft size={16} aria-hidden />
          Edit Configuration
        </Button>
        <Button variant="ghost" onClick={onDashboard}>
          <LayoutDashboard size={16} aria-hidden />
          Back to Dashboard
        </Button>
      </div>
    </div>
  );
}
