import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { adminAccountSchema } from '#common/admin.ts';
import type { StaffRole } from '#common/passes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { adminKeys, removeAccount, saveAccount, useStaffAccounts } from './api.ts';
import { BenefitPicker, EditAssignments, useBenefitNames } from './partner/partner-admin.tsx';
import { useAdminSession } from './session.ts';

const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.accounts });

const ROLE_NAME = { admin: 'Admin', staff: 'Door staff', partner: 'Partner' } as const;

/** Admin, door staff and partner accounts: staff only check people in (009); partners see their benefits (030). */
export function StaffAccounts() {
  const { admin } = useAdminSession();
  const accounts = useStaffAccounts();
  const empty = { email: '', password: '', role: 'staff' as StaffRole, benefitIds: [] as string[] };
  const [form, setForm] = useState(empty);
  const [editing, setEditing] = useState<string | null>(null);
  const benefitNames = useBenefitNames();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveAccount,
    onSuccess: (row) => {
      toast({ title: 'Account saved', description: `${row.email} (${row.role}) can sign in at /admin.` });
      setForm(empty);
      void refresh();
    },
    onError: (err) => setError(serverMessageOr(err, 'Failed to save the account')),
  });
  const remove = useMutation({
    mutationFn: removeAccount,
    onSuccess: () => void refresh(),
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to remove'), variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = adminAccountSchema.safeParse(
      form.role === 'partner' ? form : { email: form.email, password: form.password, role: form.role },
    );
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the account');
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <section aria-labelledby="staff-accounts" className="space-y-4 rounded-xl border border-line bg-panel p-5">
      <h2 id="staff-accounts" className="text-lg font-semibold text-white">
        Admin, door staff and partner accounts
      </h2>
      <p className="text-sm text-zinc-400">
        Door staff can only use Check-in; partners see only the benefits assigned to them; admins can do everything.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end">
        <Field id="account-email" label="E-mail">
          <input
            id="account-email"
            type="email"
            className={inputClass}
            value={form.email}
            onChange={(e) => setForm({ ...form, email: e.target.value })}
          />
        </Field>
        <PasswordField
          id="account-password"
          label="Password (12+ characters)"
          isNew
          value={form.password}
          onChange={(password) => setForm({ ...form, password })}
        />
        <Field id="account-role" label="Role">
          <select
            id="account-role"
            className={inputClass}
            value={form.role}
            onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}
          >
            <option value="staff">Door staff</option>
            <option value="admin">Admin</option>
            <option value="partner">Partner</option>
          </select>
        </Field>
        {form.role === 'partner' && (
          <div className="sm:col-span-4 sm:row-start-2">
            <BenefitPicker
              legend="Benefits this partner sees"
              value={form.benefitIds}
              onChange={(benefitIds) => setForm({ ...form, benefitIds })}
            />
          </div>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save account'}
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <ul className="divide-y divide-line rounded-lg border border-line text-sm" data-testid="accounts">
        {(accounts.data?.accounts ?? []).map((a) => (
          <li key={a.email} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 p-3">
            <span className="w-full min-w-0 truncate text-zinc-100 sm:w-auto sm:flex-1">{a.email}</span>
            <span className="ml-auto flex shrink-0 items-center gap-3">
              <span className="text-zinc-400">{ROLE_NAME[a.role]}</span>
              {a.role === 'partner' && (
                <Button variant="ghost" onClick={() => setEditing(editing === a.email ? null : a.email)}>
                  {editing === a.email ? 'Close' : 'Edit benefits'}
                </Button>
              )}
              {a.email !== admin?.email && (
                <Button variant="ghost" onClick={() => remove.mutate(a.email)} aria-label={`Remove ${a.email}`}>
                  Remove
                </Button>
              )}
            </span>
            {a.role === 'partner' && (
              <span className="w-full text-xs text-zinc-400">Benefits: {benefitNames(a.benefitIds ?? [])}</span>
            )}
            {editing === a.email && (
              <EditAssignments
                email={a.email}
                benefitIds={a.benefitIds ?? []}
                onDone={() => {
                  setEditing(null);
                  void refresh();
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
