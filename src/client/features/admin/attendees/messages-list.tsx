import { Link } from 'wouter';
import { audienceText } from '#common/attendee-messages.ts';
import { DataTable } from '../../../components/ui/table-frame.tsx';
import { ADMIN_PATHS } from '../paths.ts';
import { useAttendeeMessages } from './messages-api.ts';

/** The event's messages to its attendees, newest first, with what became of their copies in the outbox. */
export function AttendeeMessagesList({ eventId }: { eventId: string }) {
  const messages = useAttendeeMessages(eventId);
  const list = messages.data?.data ?? [];
  if (list.length === 0) return null;
  return (
    <div className="mt-8">
      <h2 className="mb-3 text-lg font-semibold text-white">Messages to attendees</h2>
      {/* Three columns, the details stacked in each: it reads on a 390 px phone without scrolling sideways. */}
      <DataTable
        label="Messages to attendees"
        tableClass="w-full text-left text-sm"
        columns={[{ head: 'Message' }, { head: 'Sent' }, { head: 'Mails', className: 'text-right' }]}
        message={null}
        rows={list}
        row={(m) => (
          <tr key={m.id} data-testid="attendee-message-row" className="align-top">
            <td className="px-3 py-3 [overflow-wrap:anywhere]">
              <span className="block font-medium text-zinc-100">{m.subject}</span>
              <span className="mt-0.5 block text-xs text-zinc-400">To: {audienceText(m)}</span>
            </td>
            <td className="px-3 py-3 text-zinc-400">
              <span className="block">{m.createdAtText}</span>
              <span className="mt-0.5 block text-xs [overflow-wrap:anywhere]">by {m.sentBy}</span>
            </td>
            <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
              <Link href={`${ADMIN_PATHS.outbox}?message=${m.id}`} className="text-gold hover:underline">
                {m.recipients} {m.recipients === 1 ? 'mail' : 'mails'}
                <span className="sr-only"> of “{m.subject}” in the Outbox</span>
              </Link>
              <span className="block text-xs text-zinc-400" data-testid="attendee-message-counts">
                <span className="text-emerald-300">{m.sent} sent</span>
                {m.failed > 0 && <span className="block text-red-300">{m.failed} failed</span>}
                {m.pending > 0 && <span className="block text-amber-300">{m.pending} pending</span>}
              </span>
            </td>
          </tr>
        )}
      />
    </div>
  );
}
