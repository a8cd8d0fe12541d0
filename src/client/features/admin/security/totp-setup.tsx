import { type FormEvent, useState } from 'react';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { type Confirmed, useBeginTotp, useConfirmTotp } from './api.ts';

/**
 * Setting up an authenticator app: a QR code (and its key, to type in), then the app's first code confirms it.
 * Used on the Security page and at a sign-in that requires it (decision 056).
 */
export function TotpSetup({ onConfirmed }: { onConfirmed: (confirmed: Confirmed) => void }) {
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = begin.data;

  if (!setup)
    return (
      <div className="space-y-2">
        <Button onClick={() => begin.mutate()} disabled={begin.isPending}>
          {begin.isPending ? 'Preparing...' : 'Set up an authenticator app'}
        </Button>
        {begin.isError && (
          <p role="alert" className="text-sm text-red-400">
            {serverMessageOr(begin.error, 'Please try again')}
          </p>
        )}
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MSG.codeRequired);
    setError(null);
    confirm.mutate(code.trim(), {
      onSuccess: onConfirmed,
      onError: (err) => setError(serverMessageOr(err, TWO_FACTOR_MSG.invalidCode)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-zinc-300">
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy...), then type the six digits
        it shows.
      </p>
      <div className="flex flex-wrap items-start gap-4">
        <img
          src={setup.qrDataUrl}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="rounded bg-white p-1"
        />
        <p className="min-w-0 flex-1 text-xs text-zinc-400">
          Cannot scan? Enter this key:
          <code data-testid="totp-secret" className="mt-1 block break-all font-mono text-sm text-zinc-200">
            {setup.secret}
          </code>
        </p>
      </div>
      <Field id="totp-code" label="Code from the app" error={error ?? undefined}>
        <input
          id="totp-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={Boolean(error)}
          className={inputClass}
        />
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking...' : 'Confirm'}
      </Button>
    </form>
  );
}

/** Recovery codes, shown once: each opens the account once when the app is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3 rounded-lg border border-gold/40 bg-ink p-4">
      <h3 className="font-semibold text-white">Your recovery codes</h3>
      <p className="text-sm text-zinc-300">
        Keep these somewhere safe: each signs you in once without the app. They are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-zinc-100">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button variant="outline" onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}
