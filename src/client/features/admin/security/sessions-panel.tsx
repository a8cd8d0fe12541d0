import { placeLabel } from '#common/place.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useOrganiserZone } from '../../../lib/admin-http.ts';
import { useEndOtherSessions, useEndSession, useSessions } from './api.ts';
import { Panel } from './panel.tsx';

const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' });

/** The account's signed-in devices; ending one signs it out at its next request (decision 056). */
export function SessionsPanel() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const zone = useOrganiserZone();
  const list = sessions.data ?? [];
  return (
    <Panel id="sessions" title="Where you are signed in">
      <ul className="divide-y divide-line" data-testid="sessions">
        {list.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0">
              <p className="font-medium text-white">
                {s.device}
                {s.current && <span className="ml-2 text-xs font-semibold text-gold">This browser</span>}
              </p>
              <p className="text-xs text-zinc-400">
                {[placeLabel(s.place), s.address ?? 'Unknown address', `last seen ${when(s.lastSeenAt, zone)}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {!s.current && (
              <Button variant="outline" disabled={end.isPending} onClick={() => end.mutate(s.id)}>
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <Button
          variant="outline"
          disabled={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => toast({ title: 'Signed out elsewhere', description: 'Only this browser is signed in.' }),
            })
          }
        >
          Sign out everywhere else
        </Button>
      )}
    </Panel>
  );
}
