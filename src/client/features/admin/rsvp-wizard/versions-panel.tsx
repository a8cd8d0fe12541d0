import { History } from 'lucide-react';
import type { VersionSummary } from '#common/rsvp-config-versions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useOrganiserZone } from '../../../lib/admin-http.ts';
import { deployedLine } from './version-words.ts';

/** Earlier deployed versions; restoring one copies it into the draft, to be deployed like any edit. */
export function VersionsPanel({
  versions,
  restoring,
  onRestore,
}: {
  versions: VersionSummary[] | undefined;
  restoring: boolean;
  onRestore: (version: number) => void;
}) {
  const zone = useOrganiserZone();
  return (
    <section aria-labelledby="versions-title" className="space-y-3 rounded-lg border border-line p-4">
      <h3 id="versions-title" className="font-semibold text-white">
        Deployed versions
      </h3>
      {!versions ? (
        <p className="text-sm text-zinc-400">Loading versions...</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-zinc-400">None yet: the first deploy makes version 1.</p>
      ) : (
        <ol aria-label="Deployed versions" className="divide-y divide-line">
          {versions.map((v) => (
            <li key={v.version} className="flex flex-wrap items-center justify-between gap-3 py-2.5 text-sm">
              <div className="min-w-0">
                <p className="text-white">
                  {deployedLine(v, zone)}
                  {v.live && <span className="ml-2 rounded bg-gold/15 px-1.5 py-0.5 text-xs text-gold">Live</span>}
                </p>
                <p className="text-xs text-zinc-400">
                  {v.configName}, {v.fieldCount} {v.fieldCount === 1 ? 'field' : 'fields'}
                </p>
              </div>
              <Button
                variant="outline"
                disabled={restoring}
                onClick={() => onRestore(v.version)}
                aria-label={`Restore version ${v.version} into the draft`}
              >
                <History size={16} aria-hidden />
                Restore
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
