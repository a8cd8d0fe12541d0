import { Pencil } from 'lucide-react';
import { type ConfigDraftAnswer, diffIsEmpty } from '#common/rsvp-config-versions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { useOrganiserZone } from '../../../lib/admin-http.ts';
import { useAdminBenefits } from '../api.ts';
import { BenefitOptions } from '../benefit-options.tsx';
import { liveLine } from './version-words.ts';

/** Step 1's first question: which benefit; when it has a configuration, edit it or re-process its sheets. */
export function CurrentConfig({
  benefitId,
  onBenefit,
  stored,
  loading,
  onEdit,
}: {
  benefitId: string;
  onBenefit: (id: string) => void;
  /** The benefit's configuration; null when it has none. */
  stored: ConfigDraftAnswer | null | undefined;
  loading: boolean;
  onEdit: () => void;
}) {
  const zone = useOrganiserZone();
  const benefits = useAdminBenefits();
  return (
    <section aria-labelledby="current-config-title" className="space-y-4 rounded-xl border border-line bg-panel p-6">
      <h2 id="current-config-title" className="text-lg font-semibold text-white">
        Benefit
      </h2>
      <div className="max-w-md">
        <Field id="wizard-benefit" label="Benefit to configure">
          <select
            id="wizard-benefit"
            className={inputClass}
            value={benefitId}
            disabled={benefits.isLoading}
            onChange={(e) => onBenefit(e.target.value)}
          >
            <option value="">
              {benefits.isLoading ? 'Loading benefits...' : 'Choose a benefit (or set it in step 2)'}
            </option>
            <BenefitOptions rows={benefits.data ?? []} />
          </select>
        </Field>
      </div>
      {benefitId && loading && <p className="text-sm text-zinc-400">Loading its configuration...</p>}
      {benefitId && !loading && stored === null && (
        <p className="text-sm text-zinc-400">This benefit has no RSVP configuration yet: process its sheets below.</p>
      )}
      {stored && (
        <div className="space-y-3 rounded-lg border border-gold/40 bg-gold/5 p-4" data-testid="current-config">
          <p className="font-medium text-white">Current configuration: {stored.configName}</p>
          <p className="text-sm text-zinc-300">
            {liveLine(stored.live, zone)}
            {!diffIsEmpty(stored.diff) && stored.live && ' The draft has changes that are not deployed.'}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={onEdit}>
              <Pencil size={16} aria-hidden />
              Edit current configuration
            </Button>
            <span className="text-sm text-zinc-400">or re-process the sheets below (your field edits are kept).</span>
          </div>
        </div>
      )}
    </section>
  );
}
