import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminSession } from '../session.ts';
import { useNewRecoveryCodes, useRemoveTotp, useSecurityStatus } from './api.ts';
import { Panel } from './panel.tsx';
import { PasswordPanel, PolicyPanel } from './password-and-policy.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { RecoveryCodes, TotpSetup } from './totp-setup.tsx';

/** /admin/security: every account's second factor, password and signed-in devices; the organiser's requirement. */
export function SecurityPage() {
  const { admin } = useAdminSession();
  return (
    <AdminLayout title="Security">
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorPanel />
        <PasswordPanel />
        <SessionsPanel />
        {admin?.role === 'admin' && <PolicyPanel />}
      </div>
    </AdminLayout>
  );
}

function TwoFactorPanel() {
  const status = useSecurityStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const renew = useNewRecoveryCodes();
  const remove = useRemoveTotp();
  const s = status.data;
  return (
    <Panel id="two-factor" title="Two-factor sign in">
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : !s ? (
        <p className="text-sm text-zinc-400">Loading...</p>
      ) : s.totp ? (
        <div className="space-y-4">
          <p className="text-sm text-zinc-300">
            <span className="font-semibold text-emerald-300">Authenticator app on.</span> {s.recoveryCodesLeft} recovery
            code{s.recoveryCodesLeft === 1 ? '' : 's'} left.
            {s.required && ' The organiser requires it for your account.'}
          </p>
          <PasswordConfirm
            id="renew-codes"
            action="New recovery codes"
            pending={renew.isPending}
            onConfirm={(password, done) =>
              renew.mutate(password, { onSuccess: (r) => setCodes(r.recoveryCodes), onSettled: done, onError: failed })
            }
          />
          {!s.required && (
            <PasswordConfirm
              id="remove-totp"
              action="Remove the authenticator app"
              pending={remove.isPending}
              onConfirm={(password, done) =>
                remove.mutate(password, {
                  onSuccess: () => toast({ title: 'Authenticator removed', description: 'Other sessions were ended.' }),
                  onSettled: done,
                  onError: failed,
                })
              }
            />
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-zinc-300">
            A code from an app on your phone after your password: a stolen password alone no longer opens your account.
          </p>
          <TotpSetup onConfirmed={(c) => setCodes(c.recoveryCodes)} />
        </div>
      )}
    </Panel>
  );
}

const failed = (err: unknown) =>
  toast({ title: 'Not done', description: serverMessageOr(err, 'Please try again'), variant: 'destructive' });

/** A button that asks for the account's password before a change that weakens or replaces its factor. */
function PasswordConfirm(props: {
  id: string;
  action: string;
  pending: boolean;
  onConfirm: (password: string, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        {props.action}
      </Button>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onConfirm(password, () => {
      setOpen(false);
      setPassword('');
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-line p-3">
      <Field id={`${props.id}-password`} label="Your password, to confirm">
        <input
          id={`${props.id}-password`}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={props.pending || !password}>
          {props.action}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
