import { useState } from 'react';
import {
  WEBHOOK_EVENT_LABEL,
  type WebhookEndpoint,
  type WebhookEndpointPatch,
  type WebhookEventType,
} from '#common/webhooks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, inputClass } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { useAdminSession } from '../session.ts';
import { useAddWebhook, useWebhookAction, useWebhooks } from './api.ts';
import { CheckList, ListState } from './check-list.tsx';
import { CreatePanel } from './create-panel.tsx';
import { WebhookLog } from './webhook-log.tsx';

/** Webhooks (decision 058): endpoints, their event types and secret, test events and the delivery log. */
export default function WebhooksPage() {
  const list = useWebhooks();
  const endpoints = list.data?.endpoints ?? [];
  const partner = useAdminSession().admin?.role === 'partner';
  return (
    <AdminLayout title="Webhooks">
      <p className="mb-4 text-sm text-zinc-400">
        The portal posts each event to your endpoints as JSON, signed per Standard Webhooks with the endpoint's secret,
        in order per booking, and retries for three days.
        {partner && ' You hear only of the benefits assigned to you, and of what the organiser shares with partners.'}
      </p>
      <AddEndpoint />
      <ListState
        query={list}
        items={endpoints}
        what="endpoints"
        render={(e) => <EndpointCard key={e.id} endpoint={e} />}
      />
    </AdminLayout>
  );
}

function AddEndpoint() {
  const add = useAddWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<WebhookEventType[]>(['booking.confirmed', 'booking.cancelled']);
  const submit = () =>
    add.mutate(
      { url: url.trim(), description, eventTypes: types },
      {
        onSuccess: () => {
          toast({ title: 'Endpoint added', description: url.trim() });
          setUrl('');
          setDescription('');
        },
      },
    );
  return (
    <CreatePanel
      title="Add an endpoint"
      onSubmit={submit}
      error={
        add.isError
          ? serverMessageOr(add.error, 'The endpoint could not be added. Please check the URL and the events.')
          : null
      }
      submit={{
        label: 'Add endpoint',
        busy: 'Adding...',
        pending: add.isPending,
        ready: types.length > 0 && url.trim() !== '',
      }}
      fields={
        <>
          <Field id="webhook-url" label="URL">
            <input
              id="webhook-url"
              type="url"
              className={inputClass}
              placeholder="https://crm.example.com/hooks/portal"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </Field>
          <Field id="webhook-description" label="Description (optional)">
            <input
              id="webhook-description"
              className={inputClass}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
        </>
      }
      choices={
        <CheckList
          legend="Events to send"
          name="event-type"
          labels={WEBHOOK_EVENT_LABEL}
          value={types}
          onChange={setTypes}
        />
      }
    />
  );
}

function EndpointCard({ endpoint: e }: { endpoint: WebhookEndpoint }) {
  const act = useWebhookAction();
  const [showSecret, setShowSecret] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const run = (action: 'rotate' | 'test' | 'patch' | 'delete', done: string, body?: WebhookEndpointPatch) =>
    act.mutate(
      { id: e.id, action, body },
      {
        onSuccess: () => toast({ title: done }),
        onError: (err) => toast({ title: serverMessageOr(err, 'That did not work. Please try again.') }),
      },
    );
  return (
    <section className="space-y-3 rounded-xl border border-line bg-panel p-5" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 className="font-mono text-sm text-white [overflow-wrap:anywhere]">{e.url}</h2>
        <span
          className={`rounded border px-2 py-0.5 text-xs font-semibold uppercase ${e.enabled ? 'border-emerald-600 text-emerald-300' : 'border-red-700 text-red-300'}`}
        >
          {e.enabled ? 'On' : 'Off'}
        </span>
      </div>
      {e.description && <p className="text-sm text-zinc-300">{e.description}</p>}
      {!e.enabled && e.disabledReason && <p className="text-sm text-red-300">{e.disabledReason}</p>}
      <p className="text-xs text-zinc-400">
        {e.eventTypes.map((t) => WEBHOOK_EVENT_LABEL[t as WebhookEventType] ?? t).join(' · ')} · by {e.owner}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-zinc-400">Secret</span>
        <code
          className="rounded bg-ink px-2 py-1 text-xs text-zinc-200 [overflow-wrap:anywhere]"
          data-testid="webhook-secret"
        >
          {showSecret ? e.secret : 'whsec_••••••••'}
        </code>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? 'Hide' : 'Show'}
        </Button>
        <Button
          variant="ghost"
          className="px-2 py-1 text-xs"
          onClick={() => run('rotate', 'Secret rotated: the old one signs too for a day')}
        >
          Rotate
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={act.isPending} onClick={() => run('test', 'Test event queued')}>
          Send test event
        </Button>
        <Button variant="outline" onClick={() => setShowLog(!showLog)} aria-expanded={showLog}>
          {showLog ? 'Hide log' : 'Delivery log'}
        </Button>
        <Button
          variant="ghost"
          onClick={() =>
            run('patch', e.enabled ? 'Endpoint turned off' : 'Endpoint turned on', { enabled: !e.enabled })
          }
        >
          {e.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button variant="ghost" className="text-red-300" onClick={() => setConfirmRemove(true)}>
          Remove
        </Button>
      </div>
      {showLog && <WebhookLog endpointId={e.id} />}
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove this endpoint?"
        description={`Nothing more is sent to ${e.url}, and its delivery log goes with it.`}
        confirmLabel="Remove"
        onConfirm={() => run('delete', 'Endpoint removed')}
      />
    </section>
  );
}
