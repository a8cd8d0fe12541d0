import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import * as mailApi from '#common/api/mail.ts';
import { formatStamp } from '#common/event-time.ts';
import { emlUrl, MAIL_POLL_MS, type MailList, type MailStatus } from '#common/mail.ts';
import { DataTable, queryMessage } from '../../components/ui/table-frame.tsx';
import { adminCall, useOrganiserZone } from '../../lib/admin-http.ts';
import { cn } from '../../lib/cn.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminKeys } from './api.ts';
import { ADMIN_PATHS } from './paths.ts';
import { RetryFailedButton } from './retry-failed-button.tsx';

// Every field has its own column from 640 px; on a phone they stack, labelled, under the purpose (as the Audit page
// stacks its columns), so each row reads as a card without scrolling sideways.
const wide = 'hidden lg:table-cell';

const badge: Record<MailStatus, string> = {
  pending: 'border-amber-600 text-amber-300',
  sent: 'border-emerald-600 text-emerald-300',
  failed: 'border-red-700 text-red-300',
};

const PURPOSE_LABEL: Record<string, string> = {
  confirmation: 'Confirmation',
  'admin-notification': 'Partner notification',
  pending: 'Awaiting approval',
  approved: 'Approved',
  declined: 'Declined',
  waitlisted: 'Waitlisted',
  promoted: 'Promoted from waitlist',
  changed: 'Booking changed',
  cancelled: 'Cancellation',
  reminder: 'Reminder',
  'login-code': 'Sign-in code',
  'sign-in-alert': 'Sign-in attempts warning',
  'new-device': 'New sign-in warning',
  'password-reset': 'Password reset link',
  'attendee-message': 'Message to attendees',
  'webhook-disabled': 'Webhook endpoint turned off',
  'transfer-offer': 'Place offered',
  transferred: 'Place handed on',
  'transfer-withdrawn': 'Offer withdrawn',
  'transfer-expired': 'Offer expired',
};

/** `?message=<id>`: only the copies of one message to attendees (linked from the event's attendees page). */
function useMessageFilter(): string | null {
  const id = new URLSearchParams(useSearch()).get('message');
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/** E-mails the portal has queued: confirmations, notices, reminders, and whether they went out. */
export function OutboxPage() {
  const message = useMessageFilter();
  // Mail spans events: the organiser's zone, labelled.
  const zone = useOrganiserZone();
  const mail = useQuery({
    queryKey: [...adminKeys.mail, message],
    queryFn: () => adminCall(mailApi.list, { query: message ? { message } : {} }),
    refetchInterval: MAIL_POLL_MS,
  });
  const list = mail.data?.data ?? [];
  const shown = list.find((m) => m.attendeeMessage)?.attendeeMessage;
  const failed = list.filter((m) => m.status === 'failed').length;
  return (
    <AdminLayout
      title="Outbox"
      actions={<RetryFailedButton route={mailApi.retry} listKey={adminKeys.mail} failed={failed} what="messages" />}
    >
      <p className="mb-4 text-sm text-zinc-400">
        {mail.data?.mode === 'file'
          ? 'No SMTP server is configured: each message is saved as an .eml file you can download and open.'
          : 'Every e-mail the portal sends is queued here first and retried until the mail server accepts it.'}
      </p>
      {mail.data?.folderProblem && (
        <p
          role="alert"
          data-testid="outbox-folder-problem"
          className="mb-4 rounded-md border border-amber-600 px-3 py-2 text-sm text-amber-200"
        >
          {mail.data.folderProblem}
        </p>
      )}
      {message && (
        <p data-testid="outbox-filter" className="mb-4 text-sm text-zinc-200">
          Showing {list.length === 1 ? 'the 1 copy' : `the ${list.length} copies`} of the message “
          {shown?.subject ?? '...'}”.{' '}
          <Link href={ADMIN_PATHS.outbox} className="text-gold hover:underline">
            Show all mail
          </Link>
        </p>
      )}
      {/*
        Nothing is cut: a long address wraps (only where it must), so does the subject, and the last error sits under the status it explains,
        so Attempts is just its number. Below 1024 px (phones, tablets) each message stacks its fields; the table never scrolls.
      */}
      <DataTable
        label="Messages"
        tableClass="w-full text-sm lg:min-w-[760px]"
        columns={[
          { head: 'Queued', className: wide },
          {
            head: (
              <>
                <span className="lg:hidden">Message</span>
                <span className="hidden lg:inline">Purpose</span>
              </>
            ),
          },
          { head: 'To', className: wide },
          { head: 'Subject', className: wide },
          { head: 'Status', className: wide },
          { head: 'Attempts', className: `${wide} w-px text-right` },
          { head: <span className="sr-only">Download</span>, className: `${wide} w-px` },
        ]}
        message={queryMessage(mail, list.length, 'messages', 'No messages yet')}
        error={mail.isError}
        rows={list}
        row={(m) => (
          <tr key={m.id} data-testid="outbox-row" className="align-top">
            <td className={`${wide} px-3 py-3 text-zinc-400`}>
              {/* The day over the time, each whole: the column leaves room for the address. */}
              {formatStamp(m.createdAt, zone)
                .split(', ')
                .map((part) => (
                  <span key={part} className="block whitespace-nowrap">
                    {part}
                  </span>
                ))}
            </td>
            <td className="px-3 py-3 text-zinc-200">
              {PURPOSE_LABEL[m.purpose] ?? m.purpose}
              {m.attendeeMessage && !message ? (
                <Link
                  href={`${ADMIN_PATHS.outbox}?message=${m.attendeeMessage.id}`}
                  className="mt-1 block text-xs text-gold hover:underline"
                >
                  All copies
                </Link>
              ) : null}
              {/* The other columns' text, for a phone where they are hidden. */}
              <span className="mt-1 block space-y-1.5 lg:hidden" data-testid="outbox-row-details">
                <span className="block text-xs text-zinc-400">Queued {formatStamp(m.createdAt, zone)}</span>
                <span className="block text-zinc-300 [overflow-wrap:anywhere]">
                  <span className="text-xs text-zinc-400">To </span>
                  {m.to}
                </span>
                <span className="block [overflow-wrap:anywhere]">{m.subject}</span>
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <StatusBadge mail={m} zone={zone} />
                  <span className="text-xs tabular-nums text-zinc-400">
                    {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                  {m.hasFile ? <EmlLink mail={m} /> : null}
                </span>
                <LastError mail={m} />
              </span>
            </td>
            <td className={`${wide} min-w-44 px-3 py-3 text-zinc-300 [overflow-wrap:anywhere]`}>{m.to}</td>
            <td className={`${wide} min-w-48 px-3 py-3 text-zinc-200`}>{m.subject}</td>
            <td className={`${wide} min-w-28 px-3 py-3`}>
              <StatusBadge mail={m} zone={zone} />
              <LastError mail={m} />
            </td>
            <td className={`${wide} px-3 py-3 text-right tabular-nums text-zinc-300`}>{m.attempts}</td>
            <td className={`${wide} whitespace-nowrap px-3 py-3`}>{m.hasFile ? <EmlLink mail={m} /> : null}</td>
          </tr>
        )}
      />
    </AdminLayout>
  );
}

type Mail = MailList['data'][number];

function StatusBadge({ mail, zone }: { mail: Mail; zone: string }) {
  return (
    <span
      className={cn('rounded border px-2 py-0.5 text-xs font-semibold uppercase', badge[mail.status])}
      title={mail.sentAt ? `Sent ${formatStamp(mail.sentAt, zone)}` : undefined}
    >
      {mail.status}
    </span>
  );
}

/** Why an unsent message is still waiting (or gave up), under its status. */
function LastError({ mail }: { mail: Mail }) {
  if (!mail.lastError || mail.status === 'sent') return null;
  return <span className="mt-1.5 block max-w-56 break-words text-xs text-red-300">{mail.lastError}</span>;
}

function EmlLink({ mail }: { mail: Mail }) {
  return (
    <a
      href={emlUrl(mail.id)}
      download
      className="inline-flex items-center gap-1 text-gold hover:underline"
      aria-label={`Download .eml: ${mail.subject}`}
    >
      <Download size={14} aria-hidden /> .eml
    </a>
  );
}
