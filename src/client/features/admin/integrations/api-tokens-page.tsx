import { useState } from 'react';
import * as apiV1 from '#common/api/api-v1.ts';
import { API_TOKEN_SCOPE_LABEL, type ApiToken, type ApiTokenScope } from '#common/api-tokens.ts';
import { formatStamp } from '#common/event-time.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr, useOrganiserZone } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminSession } from '../session.ts';
import { useApiTokens, useCreateToken, useRevokeToken } from './api.ts';
import { CheckList, ListState } from './check-list.tsx';
import { CreatePanel } from './create-panel.tsx';

const EXPIRY = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'A year' },
  { days: null, label: 'Never (until revoked)' },
] as const;

/** API tokens (decision 058): created with scopes and an expiry, shown once, listed with last use, revoked. */
export default function ApiTokensPage() {
  const list = useApiTokens();
  const tokens = list.data?.tokens ?? [];
  const partner = useAdminSession().admin?.role === 'partner';
  return (
    <AdminLayout title="API tokens">
      <p className="mb-4 text-sm text-zinc-400">
        Another system reads the portal's <code>{apiV1.PREFIX}</code> with a token, sent as{' '}
        <code>Authorization: Bearer &lt;token&gt;</code>. Each call is audited and limited per minute.
        {partner && ' A token of yours reads only the benefits assigned to you.'}
      </p>
      <CreateToken />
      <ListState query={list} items={tokens} what="tokens" render={(t) => <TokenRow key={t.id} token={t} />} />
    </AdminLayout>
  );
}

function CreateToken() {
  const create = useCreateToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['bookings']);
  const [expiry, setExpiry] = useState('90');
  const [shown, setShown] = useState<string | null>(null);
  const submit = () => {
    const expiresInDays = expiry === 'never' ? null : Number(expiry);
    create.mutate(
      { name: name.trim(), scopes, expiresInDays },
      {
        onSuccess: (t) => {
          setShown(t.token);
          setName('');
        },
      },
    );
  };
  return (
    <CreatePanel
      title="Create a token"
      onSubmit={submit}
      error={create.isError ? serverMessageOr(create.error, 'The token could not be created. Please try again.') : null}
      submit={{
        label: 'Create token',
        busy: 'Creating...',
        pending: create.isPending,
        ready: Boolean(name.trim()) && scopes.length > 0,
      }}
      fields={
        <>
          <Field id="token-name" label="Name">
            <input
              id="token-name"
              className={inputClass}
              placeholder="CRM sync"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field id="token-expiry" label="Expires after">
            <select id="token-expiry" className={inputClass} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              {EXPIRY.map((x) => (
                <option key={x.label} value={x.days ?? 'never'}>
                  {x.label}
                </option>
              ))}
            </select>
          </Field>
        </>
      }
      choices={
        <CheckList legend="May read" name="scope" labels={API_TOKEN_SCOPE_LABEL} value={scopes} onChange={setScopes} />
      }
    >
      {shown && (
        <div role="status" className="space-y-2 rounded-md border border-gold/60 p-3" data-testid="new-token">
          <p className="text-sm text-zinc-200">Copy this token now: it is shown only once.</p>
          <code className="block rounded bg-ink p-2 text-xs text-gold [overflow-wrap:anywhere]">{shown}</code>
          <Button
            variant="outline"
            className="px-3 py-1 text-xs"
            onClick={() => navigator.clipboard?.writeText(shown).then(() => toast({ title: 'Token copied' }))}
          >
            Copy
          </Button>
        </div>
      )}
    </CreatePanel>
  );
}

function TokenRow({ token: t }: { token: ApiToken }) {
  const revoke = useRevokeToken();
  const zone = useOrganiserZone();
  const when = (iso: string | null, none: string) => (iso ? formatStamp(iso, zone) : none);
  return (
    <section
      className="flex flex-wrap items-start gap-x-4 gap-y-2 rounded-xl border border-line bg-panel p-4 text-sm"
      data-testid="api-token"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-white">
          {t.name} <code className="ml-1 text-xs font-normal text-zinc-400">{t.prefix}…</code>
        </p>
        <p className="text-xs text-zinc-400">
          {t.scopes.join(', ')} · by {t.owner}
        </p>
        <p className="text-xs text-zinc-400">
          Expires {when(t.expiresAt, 'never')} · last used {when(t.lastUsedAt, 'never')}
        </p>
      </div>
      {t.revokedAt ? (
        <span className="text-xs text-red-300">Revoked {formatStamp(t.revokedAt, zone)}</span>
      ) : (
        <Button
          variant="outline"
          className="px-3 py-1 text-xs"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(t.id, { onSuccess: () => toast({ title: 'Token revoked', description: t.name }) })
          }
        >
          Revoke
        </Button>
      )}
    </section>
  );
}
