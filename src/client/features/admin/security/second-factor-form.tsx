import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import { TWO_FACTOR_MSG } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { call } from '../../../lib/call.ts';
import { useSignedIn } from '../session.ts';
import { PasskeySignInButton } from './passkey-sign-in.tsx';

/** The sign-in's second step: a code from the authenticator app, or a recovery code (decision 056). */
export function SecondFactorForm() {
  const signedIn = useSignedIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (value: string) => call(adminAuthApi.secondFactor, { body: { code: value } }),
    onSuccess: signedIn,
    onError: (err) => setError(serverMessageOr(err, TWO_FACTOR_MSG.invalidCode)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(TWO_FACTOR_MSG.codeRequired);
    setError(null);
    check.mutate(code.trim());
  };
  return (
    <>
      <form onSubmit={submit} noValidate className="space-y-5">
        <Field
          id="second-factor-code"
          label="Authentication code"
          hint="Six digits from your authenticator app, or one of your recovery codes."
          error={error ?? undefined}
        >
          <input
            id="second-factor-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={Boolean(error)}
            className={inputClass}
          />
        </Field>
        <Button type="submit" disabled={check.isPending} className="w-full py-3">
          {check.isPending ? 'Checking...' : 'Continue'}
        </Button>
      </form>
      <PasskeySignInButton label="Use a passkey instead" />
    </>
  );
}
