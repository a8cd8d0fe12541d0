import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as drawsApi from '#common/api/draws.ts';
import { DRAW_LOSERS, type DrawLosers, drawPath, drawSettingsBody, type PublicDraw } from '#common/draws.ts';
import { fromZoneInput, zoneInput } from '#common/event-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EventZoneDateTime } from '../../../components/ui/event-zone-date-time.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminCall, serverMessageOr } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

const LOSERS_TEXT: Record<DrawLosers, string> = {
  waitlist: 'Put them on the waitlist, in draw order',
  release: 'Release them (no waitlist)',
};
type Times = { opensAt: string; closesAt: string; drawAt: string; losers: DrawLosers };
const TIME_FIELDS = [
  ['opensAt', 'Entries open'],
  ['closesAt', 'Entries close'],
  ['drawAt', 'Draw at'],
] as const;

/**
 * The event's fair draw (decision 031): the entry window, the draw time and what befalls those not drawn,
 * editable until the window opens; then the commitment, and a button to make the draw early (once).
 */
export function DrawSettings({ eventId }: { eventId: string }) {
  const key = adminKeys.draw(eventId);
  const draw = useQuery({ queryKey: key, queryFn: () => adminCall(drawsApi.settings, { params: { eventId } }) });
  const refresh = () => queryClient.invalidateQueries();
  const save = useMutation({
    mutationFn: (body: Times) => adminCall(drawsApi.saveSettings, { params: { eventId }, body }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      toast({ title: 'Draw saved', description: `Commitment ${next.draw?.commitment.slice(0, 16)}…` });
    },
  });
  const [confirming, setConfirming] = useState(false);
  const run = useMutation({
    mutationFn: () => adminCall(drawsApi.run, { params: { eventId } }),
    onSuccess: (r) => {
      void refresh();
      if ('scheduledFor' in r)
        return toast({
          title: 'Draw brought forward',
          description: `It will be made when entries close, ${r.scheduledText}.`,
        });
      toast({
        title: 'Draw made',
        description: `${r.won} drawn, ${r.waitlisted} waitlisted, ${r.notDrawn} not drawn of ${r.entries} entries`,
      });
    },
    onError: (err) =>
      toast({ title: 'Draw not made', description: serverMessageOr(err, 'Try again'), variant: 'destructive' }),
  });
  const d = draw.data;
  if (!d) return null;
  return (
    <details
      className="mb-4 rounded-md border border-line px-4 py-2"
      open={d.draw !== null}
      data-testid="draw-settings"
    >
      <summary className="cursor-pointer text-sm font-semibold text-zinc-200">
        Fair draw{d.draw ? ` · ${d.draw.state}` : ''}
      </summary>
      {!d.hasCapacity ? (
        <p className="py-2 text-sm text-zinc-400">A draw needs the event to have a capacity.</p>
      ) : d.editable ? (
        <DrawForm
          key={JSON.stringify(d.settings)}
          initial={d.settings}
          timeZone={d.timeZone}
          pending={save.isPending}
          error={save.error ? serverMessageOr(save.error, 'The draw could not be saved') : null}
          onSave={(t) => save.mutate(t)}
        />
      ) : null}
      {d.draw && (
        <div className="space-y-2 py-2 text-sm text-zinc-300">
          <p>
            Entries {d.draw.opensText} – {d.draw.closesText}; draw {d.draw.drawText}. {d.draw.entries} entries.
          </p>
          {d.draw.ranText ? (
            <p data-testid="draw-made">Drawn {d.draw.ranText}.</p>
          ) : d.draw.broughtForward ? (
            <p data-testid="draw-brought-forward">
              Brought forward: the draw is made when entries close, {d.draw.dueText}.
            </p>
          ) : null}
          <p className="break-all">
            Commitment: <code className="font-mono text-xs">{d.draw.commitment}</code>
          </p>
          <div className="flex flex-wrap items-center gap-3">
            {d.draw.state !== 'drawn' && !(d.draw.broughtForward && d.draw.state !== 'closed') && (
              <Button
                variant="outline"
                onClick={() => setConfirming(true)}
                disabled={run.isPending}
                data-testid="draw-run"
              >
                {run.isPending ? 'Drawing...' : 'Run the draw now'}
              </Button>
            )}
            <a
              href={drawPath(eventId)}
              className="text-gold underline underline-offset-4"
              target="_blank"
              rel="noreferrer"
            >
              Public draw page
            </a>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            {...runQuestion(d.draw)}
            onConfirm={() => run.mutate()}
          />
        </div>
      )}
    </details>
  );
}

/**
 * What "Run the draw now" will do, asked before it is done (decision 050): after the close it draws at once; before,
 * entries stay open as announced and the draw is brought forward to their close.
 */
function runQuestion(d: PublicDraw) {
  const losers = d.losers === 'waitlist' ? 'join the waitlist in draw order' : 'are released';
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (d.state === 'closed')
    return {
      title: 'Run the draw now?',
      description: `${count(d.entries, 'entry', 'entries')} will be drawn now for ${count(d.capacity ?? 0, 'place', 'places')}, instead of at ${d.drawText}. Those not drawn ${losers}. Every entrant is e-mailed the outcome, and the seed is published. This cannot be undone.`,
      confirmLabel: 'Run the draw now',
    };
  return {
    title: 'Draw when entries close?',
    description: `Entries stay open until ${d.closesText}, as announced: nobody is drawn before then. The draw will be made as soon as they close, instead of at ${d.drawText}, and the public draw page says so. Those not drawn ${losers}.`,
    confirmLabel: 'Draw when entries close',
  };
}

/** The form's times are instants; the API takes them as the event's clock reads them. */
type Instants = Record<(typeof TIME_FIELDS)[number][0], string | null> & { losers: DrawLosers };

function DrawForm(props: {
  initial: Times | null;
  timeZone: string;
  pending: boolean;
  error: string | null;
  onSave: (t: Times) => void;
}) {
  const tz = props.timeZone;
  const instant = (v: string | undefined) => (v ? (fromZoneInput(v, tz)?.toISOString() ?? null) : null);
  const [t, setT] = useState<Instants>({
    opensAt: instant(props.initial?.opensAt),
    closesAt: instant(props.initial?.closesAt),
    drawAt: instant(props.initial?.drawAt),
    losers: props.initial?.losers ?? 'waitlist',
  });
  const [error, setError] = useState<string | null>(null);
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const wall = (v: string | null) => (v ? zoneInput(new Date(v), tz) : '');
    const body = { opensAt: wall(t.opensAt), closesAt: wall(t.closesAt), drawAt: wall(t.drawAt), losers: t.losers };
    // The same rules as the server's: close after open, draw at or after the close.
    const parsed = drawSettingsBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the times');
    setError(null);
    props.onSave(body);
  }
  const shown = error ?? props.error;
  return (
    <form onSubmit={submit} className="grid gap-3 py-2 sm:grid-cols-3">
      {TIME_FIELDS.map(([field, label]) => (
        <EventZoneDateTime
          key={field}
          label={label}
          timeZone={tz}
          value={t[field]}
          onChange={(v) => setT({ ...t, [field]: v })}
          name={field}
          required
        />
      ))}
      <fieldset className="text-sm text-zinc-300 sm:col-span-3">
        <legend>Entries not drawn</legend>
        {DRAW_LOSERS.map((l) => (
          <label key={l} className="mr-5 inline-flex items-center gap-2">
            <input type="radio" name="losers" checked={t.losers === l} onChange={() => setT({ ...t, losers: l })} />
            {LOSERS_TEXT[l]}
          </label>
        ))}
      </fieldset>
      <p className="text-xs text-zinc-400 sm:col-span-3">
        Members enter during the window instead of booking. The seed is fixed when you first save, and its SHA-256 is
        public from then on; once entries open nothing here can change.
      </p>
      {shown && (
        <p role="alert" className="text-sm text-red-400 sm:col-span-3">
          {shown}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" variant="outline" disabled={props.pending} data-testid="draw-save">
          {props.pending ? 'Saving...' : 'Save draw'}
        </Button>
      </div>
    </form>
  );
}
