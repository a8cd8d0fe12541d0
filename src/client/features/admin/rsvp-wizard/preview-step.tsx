import { ArrowLeft, ExternalLink, LayoutDashboard, Rocket } from 'lucide-react';
import type { ReactNode } from 'react';
import { type ConfigDraftAnswer, diffIsEmpty, type VersionSummary } from '#common/rsvp-config-versions.ts';
import type { SlotRow } from '#common/sheets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DiffPanel } from './diff-panel.tsx';
import type { Draft } from './draft.ts';
import { FormPreview } from './form-preview.tsx';
import { VersionsPanel } from './versions-panel.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-3">
      <dt className="text-zinc-400">{label}</dt>
      <dd className="text-right font-medium text-white">{children}</dd>
    </div>
  );
}

/** Step 3: what was saved, how it differs from live, the member form itself, and the button that deploys it. */
export function PreviewStep({
  draft,
  slots,
  slotsFromSheet,
  slotsLoading,
  view,
  versions,
  liveUrl,
  deploying,
  restoring,
  onEdit,
  onDeploy,
  onRestore,
  onDashboard,
}: {
  draft: Draft;
  /** Tab 2's slots as step 1 read them (none when the stored configuration was opened). */
  slots: SlotRow[];
  /** Whether the slots come from a Tab 2 (then the preview never makes up sample slots), and are being read. */
  slotsFromSheet: boolean;
  slotsLoading: boolean;
  /** The saved draft with its diff against live. */
  view: ConfigDraftAnswer | undefined;
  versions: VersionSummary[] | undefined;
  /** Set once deployed: the member page's path. */
  liveUrl: string | null;
  deploying: boolean;
  restoring: boolean;
  onEdit: () => void;
  onDeploy: () => void;
  onRestore: (version: number) => void;
  onDashboard: () => void;
}) {
  const fields = draft.formFields.length;
  const visible = draft.formFields.filter((f) => f.isVisible).length;
  const slotCount = slots.length;
  const slotWords = !draft.slotConfig.hasSlots
    ? 'No slots configured'
    : slotCount > 0
      ? `${slotCount} time slots`
      : slotsLoading
        ? 'Reading Tab 2...'
        : 'Slots on (Tab 2 is read at deploy)';
  const pending = view ? !diffIsEmpty(view.diff) : false;
  return (
    <div className="space-y-6 rounded-xl border border-line bg-panel p-4 sm:p-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Preview & Deploy</h2>
        <p className="mt-1 text-sm text-zinc-400">
          The draft is saved; members still book through the live version. Deploying makes the draft the next live
          version, importing Tab 2's capacities.
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
        <Row label="Time slots">{slotWords}</Row>
        <Row label="Email confirmations">{draft.notifications.sendConfirmationEmail ? 'Enabled' : 'Disabled'}</Row>
        <Row label="Status">
          {view?.live ? `Live: version ${view.live.version}` : liveUrl ? 'Live' : 'Saved, not deployed'}
          {pending && view?.live && <span className="block text-gold">Draft saved, not deployed</span>}
        </Row>
      </dl>
      <DiffPanel diff={view?.diff} />
      <FormPreview draft={draft} slots={slots} sample={!slotsFromSheet} />
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
        <Button onClick={onDeploy} disabled={deploying || restoring}>
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
      <VersionsPanel versions={versions} restoring={restoring || deploying} onRestore={onRestore} />
    </div>
  );
}
