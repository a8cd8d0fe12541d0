import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import * as securityApi from '#common/api/security.ts';
import { PASSKEY_MSG } from '#common/two-factor.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { adminCall, serverMessageOr, useOrganiserZone } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { securityKeys, useSecurityStatus } from './api.ts';
import { Panel } from './panel.tsx';
import { addPasskey, passkeyErrorText } from './passkey-client.ts';
import { failed, PasswordConfirm } from './password-confirm.tsx';

const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });

/** The account's passkeys: named, several, removable; each signs in alone or after the password (decision 056). */
export function PasskeysPanel() {
  const status = useSecurityStatus();
  const zone = useOrganiserZone();
  const remove = useMutation({
    mutationFn: (input: { id: string; password: string }) =>
      adminCall(securityApi.removePasskey, { params: { id: input.id }, body: { password: input.password } }),
    onSuccess: () => toast({ title: 'Passkey removed', description: 'Other sessions were ended.' }),
    onSettled: refresh,
  });
  const keys = status.data?.passkeys ?? [];
  return (
    <Panel id="passkeys" title="Passkeys">
      <p className="text-sm text-zinc-300">
        A passkey on your phone, laptop or security key signs you in without a password, or after it.
      </p>
      <ul className="divide-y divide-line" data-testid="passkeys">
        {keys.map((k) => (
          <li key={k.id} className="space-y-2 py-3">
            <p className="font-medium text-white">{k.name}</p>
            <p className="text-xs text-zinc-400">
              Added {new Date(k.createdAt).toLocaleDateString('en-GB', { timeZone: zone, dateStyle: 'medium' })}
              {k.lastUsedAt &&
                ` · last used ${new Date(k.lastUsedAt).toLocaleString('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' })}`}
            </p>
            <PasswordConfirm
              id={`remove-${k.id}`}
              action="Remove"
              label={`Remove ${k.name}`}
              title={`Remove the passkey “${k.name}”?`}
              description="It will no longer sign you in, and your other sessions will be ended."
              pending={remove.isPending}
              onConfirm={(password, done) =>
                remove.mutate({ id: k.id, password }, { onSuccess: done, onError: failed })
              }
            />
          </li>
        ))}
      </ul>
      <AddPasskey onAdded={() => void refresh()} />
    </Panel>
  );
}

/** Names a new passkey and asks the browser to make it; used at a required set-up too. */
export function AddPasskey({ onAdded }: { onAdded: (added: Awaited<ReturnType<typeof addPasskey>>) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim()),
    onSuccess: (added) => {
      setName('');
      toast({ title: 'Passkey added', description: 'Use it at your next sign-in.' });
      onAdded(added);
    },
    onError: (err) => setError(passkeyErrorText(err) ?? serverMessageOr(err, PASSKEY_MSG.invalid)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(PASSKEY_MSG.nameRequired);
    setError(null);
    add.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <Field
        id="passkey-name"
        label="Name for a new passkey"
        hint="For example: Work laptop"
        error={error ?? undefined}
      >
        <input id="passkey-name" value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />
      </Field>
      <Button type="submit" variant="outline" disabled={add.isPending}>
        {add.isPending ? 'Waiting for the passkey...' : 'Add a passkey'}
      </Button>
    </form>
  );
}
