import { useState } from 'react';
import { toast } from '../../../components/ui/use-toast.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminSession } from '../session.ts';
import { useNewRecoveryCodes, useRemoveTotp, useSecurityStatus } from './api.ts';
import { Panel } from './panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { PasswordPanel, PolicyPanel } from './password-and-policy.tsx';
import { failed, PasswordConfirm } from './password-confirm.tsx';
import { SessionsPanel } from './sessions-panel.tsx';
import { RecoveryCodes, TotpSetup } from './totp-setup.tsx';

/** /admin/security: every account's second factor, password and signed-in devices; the organiser's requirement. */
export function SecurityPage() {
  const { admin } = useAdminSession();
  return (
    <AdminLayout title="Security">
      <div className="grid gap-6 lg:grid-cols-2">
        <TwoFactorPanel />
        <PasskeysPanel />
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
    <Panel id="two-factor" title="Authenticator app">
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
          <div className="flex flex-wrap items-start gap-2">
            <PasswordConfirm
              id="renew-codes"
              action="New recovery codes"
              title="New recovery codes?"
              description="Your current recovery codes stop working; you get ten new ones to save."
              pending={renew.isPending}
              onConfirm={(password, done) =>
                renew.mutate(password, {
                  onSuccess: (r) => {
                    done();
                    setCodes(r.recoveryCodes);
                  },
                  onError: failed,
                })
              }
            />
            {!s.required && (
              <PasswordConfirm
                id="remove-totp"
                action="Remove the authenticator app"
                title="Remove the authenticator app?"
                description="Your password alone will sign you in again, and your other sessions will be ended."
                pending={remove.isPending}
                onConfirm={(password, done) =>
                  remove.mutate(password, {
                    onSuccess: () => {
                      done();
                      toast({ title: 'Authenticator removed', description: 'Other sessions were ended.' });
                    },
                    onError: failed,
                  })
                }
              />
            )}
          </div>
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
