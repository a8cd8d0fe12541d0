import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import { passwordSchema, TWO_FACTOR_MSG } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { call } from '../../../lib/call.ts';
import { ADMIN_PATHS } from '../paths.ts';

/** Under the sign-in form: asks for a reset link; the answer never tells whether the address has an account. */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const send = useMutation({ mutationFn: () => call(adminAuthApi.passwordReset, { body: { email } }) });
  if (!open)
    return (
      <Button variant="ghost" className="mt-3 w-full" onClick={() => setOpen(true)}>
        Forgot your password?
      </Button>
    );
  if (send.isSuccess)
    return (
      <p role="status" className="mt-4 text-sm text-zinc-300">
        If {email} has an admin account, a link to choose a new password is on its way. It works once, for a short
        while.
      </p>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) send.mutate();
  };
  return (
    <form onSubmit={submit} className="mt-4 space-y-3 border-t border-line pt-4">
      <Field id="reset-email" label="Your account's e-mail">
        <input
          id="reset-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className={inputClass}
        />
      </Field>
      {send.isError && (
        <p role="alert" className="text-sm text-red-400">
          {serverMessageOr(send.error, 'Please try again')}
        </p>
      )}
      <Button type="submit" variant="outline" disabled={send.isPending} className="w-full">
        Send me a reset link
      </Button>
    </form>
  );
}

/** /admin/reset-password?token=...: the link from the mail; a new password, then the sign-in. */
export function ResetPasswordForm() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: () => call(adminAuthApi.passwordResetComplete, { body: { token, password } }),
    onSuccess: () => {
      toast({ title: 'Password changed', description: 'Sign in with your new password.' });
      navigate(ADMIN_PATHS.login);
    },
    onError: (err) => setError(serverMessageOr(err, TWO_FACTOR_MSG.resetInvalid)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = passwordSchema.safeParse(password);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TWO_FACTOR_MSG.passwordTooShort);
    setError(null);
    reset.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <PasswordField
        id="reset-password"
        label="New password"
        hint="At least 12 characters."
        error={error}
        isNew
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" disabled={reset.isPending || !token} className="w-full py-3">
        Set the new password
      </Button>
    </form>
  );
}
