import { useId, useState } from 'react';
import { type OfferPool, offerSettingsBody } from '#common/offer-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EventZoneDateTime } from '../../../components/ui/event-zone-date-time.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { useOfferSettings } from './api.ts';

/** Unique codes or one shared code, how many a member may claim, the claim window and the low-pool alert. */
export function OfferCodesSettings({ pool }: { pool: OfferPool }) {
  const save = useOfferSettings(pool.benefitId);
  const [mode, setMode] = useState(pool.mode ?? 'codes');
  const [shared, setShared] = useState(pool.sharedCode ?? '');
  const [limit, setLimit] = useState(String(pool.perMemberLimit));
  const [opens, setOpens] = useState(pool.claimOpensAt);
  const [closes, setCloses] = useState(pool.claimClosesAt);
  const [alertAt, setAlertAt] = useState(pool.lowThreshold === null ? '' : String(pool.lowThreshold));
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    // The server's own schema: what it would refuse is said here first.
    const parsed = offerSettingsBody.safeParse({
      mode,
      sharedCode: mode === 'shared' ? shared : null,
      perMemberLimit: Number(limit),
      claimOpensAt: opens,
      claimClosesAt: closes,
      lowThreshold: alertAt.trim() === '' ? null : Number(alertAt),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the settings');
    setError(null);
    // A promise, not mutate's callbacks: the saved pool re-keys this form (the panel's key), and an unmounted
    // observer's callbacks never run, so the toast was never shown.
    save.mutateAsync(parsed.data).then(
      () => toast({ title: 'Offer settings saved' }),
      (err: unknown) => setError(serverMessageOr(err, 'The settings could not be saved')),
    );
  }

  const field = 'block text-sm text-zinc-300 [&>input]:mt-1';
  return (
    <form onSubmit={submit} className="mt-6 space-y-3 border-t border-line pt-4" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="text-sm font-semibold text-zinc-100">
        Claim settings
      </h3>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-zinc-200">
        <legend className="sr-only">Codes</legend>
        {(
          [
            ['codes', 'A unique code per claim (from the pool)'],
            ['shared', 'One shared code for everyone'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="inline-flex min-h-10 items-center gap-2">
            <input type="radio" name={`${id}-mode`} checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {mode === 'shared' && (
          <label className={field}>
            Shared code
            <input value={shared} onChange={(e) => setShared(e.target.value)} className={`${inputClass} font-mono`} />
          </label>
        )}
        <label className={field}>
          Codes per member
          <input
            type="number"
            min={1}
            max={100}
            value={limit}
            onChange={(e) => setLimit(e.target.value)}
            className={inputClass}
            data-testid="offer-limit"
          />
        </label>
        {(
          [
            ['claimOpensAt', 'Claims open', opens, setOpens],
            ['claimClosesAt', 'Claims close', closes, setCloses],
          ] as const
        ).map(([name, label, value, set]) => (
          <EventZoneDateTime
            key={name}
            label={label}
            timeZone={pool.timeZone}
            value={value}
            onChange={set}
            name={name}
          />
        ))}
        <label className={field}>
          Alert when left
          <input
            type="number"
            min={0}
            value={alertAt}
            placeholder={`${pool.alertAt} (default)`}
            onChange={(e) => setAlertAt(e.target.value)}
            className={inputClass}
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={save.isPending}>
        Save settings
      </Button>
    </form>
  );
}
