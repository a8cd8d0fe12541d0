import { type FormEvent, useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '#common/passes.ts';
import { passwordChangeSchema } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { useChangePassword, usePolicy, useSetPolicy } from './api.ts';
import { Panel } from './panel.tsx';

/** A new password: the current one as proof; every other session ends (decision 056). */
export function PasswordPanel() {
  const change = useChangePassword();
  const [form, setForm] = useState({ current: '', next: '' });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = passwordChangeSchema.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the passwords');
    setError(null);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setForm({ current: '', next: '' });
        toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
      },
      onError: (err) => setError(serverMessageOr(err, 'Failed to change the password')),
    });
  };
  return (
    <Panel id="password" title="Password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <PasswordField
          id="current-password"
          label="Current password"
          value={form.current}
          onChange={(current) => setForm({ ...form, current })}
        />
        <PasswordField
          id="new-password"
          label="New password"
          hint="At least 12 characters."
          error={error}
          isNew
          value={form.next}
          onChange={(next) => setForm({ ...form, next })}
        />
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
      </form>
    </Panel>
  );
}

const ROLE_LABEL: Record<StaffRole, string> = { admin: 'Admins', partner: 'Partners', staff: 'Door staff' };

/** The organiser's requirement: accounts of these roles must sign in with a second factor (set up at next sign-in). */
export function PolicyPanel() {
  const policy = usePolicy(true);
  const save = useSetPolicy();
  const roles = policy.data?.twoFactorRoles ?? [];
  const toggle = (role: StaffRole) => {
    const next = roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];
    save.mutate(
      { twoFactorRoles: next },
      {
        onSuccess: () => toast({ title: 'Saved', description: 'Applies from each account’s next sign-in.' }),
        onError: (err) =>
          toast({ title: 'Not saved', description: serverMessageOr(err, 'Please try again'), variant: 'destructive' }),
      },
    );
  };
  return (
    <Panel id="policy" title="Require two-factor sign in">
      <p className="text-sm text-zinc-300">
        Accounts of the roles ticked must use an authenticator app; one without is taken through its set-up at its next
        sign-in.
      </p>
      <fieldset className="space-y-2" disabled={!policy.data || save.isPending}>
        <legend className="sr-only">Roles that must use two-factor sign in</legend>
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-3 text-sm text-zinc-200">
            <input
              type="checkbox"
              className="h-4 w-4 accent-[#d4af37]"
              checked={roles.includes(role)}
              onChange={() => toggle(role)}
            />
            {ROLE_LABEL[role]}
          </label>
        ))}
      </fieldset>
    </Panel>
  );
}
