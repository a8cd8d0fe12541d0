import { formatStamp } from '#common/event-time.ts';
import type { WebhookDelivery } from '#common/webhooks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useOrganiserZone } from '../../../lib/admin-http.ts';
import { cn } from '../../../lib/cn.ts';
import { useResend, useWebhookLog } from './api.ts';

const badge: Record<WebhookDelivery['status'], string> = {
  pending: 'border-amber-600 text-amber-300',
  delivered: 'border-emerald-600 text-emerald-300',
  failed: 'border-red-700 text-red-300',
};

/** An endpoint's deliveries, newest first: what was sent, each try's answer and time, and Resend. */
export function WebhookLog({ endpointId }: { endpointId: string }) {
  const log = useWebhookLog(endpointId);
  const resend = useResend(endpointId);
  const zone = useOrganiserZone();
  const deliveries = log.data?.deliveries ?? [];
  if (log.isLoading) return <p className="text-sm text-zinc-400">Loading the log...</p>;
  if (log.isError) return <p className="text-sm text-red-400">The log could not be loaded. Please try again.</p>;
  if (deliveries.length === 0)
    return <p className="text-sm text-zinc-400">No deliveries yet: send a test event to try the endpoint.</p>;
  return (
    <ul className="divide-y divide-line rounded-md border border-line" data-testid="webhook-log">
      {deliveries.map((d) => {
        const last = d.tries[0];
        return (
          <li key={d.id} className="space-y-2 p-3 text-sm" data-testid="webhook-delivery">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-zinc-100">{d.type}</span>
              <span className={cn('rounded border px-2 py-0.5 text-xs font-semibold uppercase', badge[d.status])}>
                {d.status}
              </span>
              <span className="text-xs text-zinc-400">
                {formatStamp(d.createdAt, zone)} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
              </span>
              <Button
                variant="outline"
                className="ml-auto px-3 py-1 text-xs"
                disabled={resend.isPending}
                onClick={() => resend.mutate(d.id)}
              >
                Resend
              </Button>
            </div>
            {last && (
              <p className="text-xs text-zinc-300" data-testid="webhook-answer">
                {last.responseStatus !== null ? `Answered ${last.responseStatus}` : `Not sent: ${last.error}`} in{' '}
                {last.durationMs} ms
                {d.nextAttemptAt && d.status === 'pending' ? ` · next try ${formatStamp(d.nextAttemptAt, zone)}` : ''}
              </p>
            )}
            <details className="text-xs text-zinc-400">
              <summary className="cursor-pointer text-zinc-300">Request and answer</summary>
              <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-ink p-2 text-zinc-300">{d.request}</pre>
              {last?.responseBody ? (
                <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-ink p-2 text-zinc-400">
                  {last.responseBody}
                </pre>
              ) : null}
            </details>
          </li>
        );
      })}
    </ul>
  );
}
