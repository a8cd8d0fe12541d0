import { useMutation } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import type { AdminBooking, BookingStatus } from '#common/bookings.ts';
import { formatStamp } from '#common/event-time.ts';
import { AnswersDisclosure } from '../../components/ui/answers-disclosure.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { DataTable, pinnedCell, pinnedHeadCell, SwipeHint } from '../../components/ui/table-frame.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../lib/admin-http.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminKeys, decideBooking, useAdminBookings } from './api.ts';

type Filter = BookingStatus | 'all';
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'Awaiting approval' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
];
const STATUS_LABEL: Record<BookingStatus, string> = {
  pending: 'Awaiting approval',
  waitlisted: 'Waitlisted',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  entered: 'Entered in the draw',
  not_drawn: 'Not drawn',
  transferred: 'Given to someone else',
};
const STATUS_CLASS: Record<BookingStatus, string> = {
  pending: 'text-amber-300',
  waitlisted: 'text-sky-300',
  confirmed: 'text-emerald-400',
  cancelled: 'text-zinc-400',
  declined: 'text-red-400',
  entered: 'text-violet-300',
  not_drawn: 'text-zinc-400',
  transferred: 'text-zinc-400',
};

// Eight columns and two buttons fit a 1280 px screen with tighter cells; narrower screens scroll the table.
const td = 'px-3 py-3';

/** Bookings by status: the ones awaiting approval first, with Approve and Decline (requiresApproval). */
export function BookingsPage() {
  const [status, setStatus] = useState<Filter>('pending');
  const [declining, setDeclining] = useState<AdminBooking | null>(null);
  const list = useAdminBookings(status);
  const decide = useMutation({
    mutationFn: ({ booking, approve }: { booking: AdminBooking; approve: boolean }) =>
      decideBooking(booking.id, approve),
    onSuccess: (_row, { booking, approve }) =>
      toast({
        title: approve ? 'Booking approved' : 'Booking declined',
        description: `${booking.email} · ${booking.eventTitle}`,
      }),
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to update booking'), variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.bookings }),
  });

  const rows = list.data?.data ?? [];
  const message = list.isLoading
    ? 'Loading bookings...'
    : list.isError
      ? serverMessageOr(list.error, 'Failed to load bookings')
      : rows.length === 0
        ? status === 'pending'
          ? 'No bookings awaiting approval'
          : 'No bookings found'
        : null;

  return (
    <AdminLayout
      title="Bookings"
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor="booking-status" className="text-sm text-zinc-300">
            Status
          </label>
          <select
            id="booking-status"
            className={`${inputClass} w-auto py-2`}
            value={status}
            onChange={(e) => setStatus(e.target.value as Filter)}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <SwipeHint>Swipe the table sideways for the details; Approve and Decline stay on the right.</SwipeHint>
      <DataTable
        label="Bookings"
        tableClass="w-full min-w-[960px] text-sm"
        columns={[
          { head: 'Event' },
          { head: 'Member' },
          { head: 'Slot' },
          { head: 'Guests' },
          { head: 'Status' },
          { head: 'Waitlist' },
          { head: 'Booked at' },
          { head: <span className="sr-only">Actions</span>, className: `${pinnedHeadCell} text-right` },
        ]}
        message={message}
        error={list.isError}
        rows={rows}
        row={(b) => (
          <tr key={b.id} data-testid="booking-row" className="hover:bg-white/[0.02]">
            <td className={`${td} min-w-36 font-medium text-white`}>{b.eventTitle}</td>
            <td className={td}>
              <span className="block text-zinc-100">{b.fullName || '—'}</span>
              <span className="block whitespace-nowrap text-xs text-zinc-400">{b.email}</span>
              <AnswersDisclosure answers={b.answers} testId="booking-answers" />
            </td>
            <td className={`${td} text-zinc-300`}>{b.slotLabel ?? '—'}</td>
            <td className={`${td} text-zinc-300`}>{b.guestCount}</td>
            <td className={`${td} whitespace-nowrap ${STATUS_CLASS[b.status]}`}>{STATUS_LABEL[b.status]}</td>
            <td className={`${td} text-zinc-300`}>{b.waitlistPosition ? `#${b.waitlistPosition}` : '—'}</td>
            <td className={`${td} whitespace-nowrap text-zinc-400`}>{formatStamp(b.createdAt, b.timeZone)}</td>
            <td className={`${td} ${pinnedCell} whitespace-nowrap text-right`}>
              {b.status === 'pending' && (
                <div className="flex flex-col items-stretch gap-1.5">
                  <Button
                    variant="outline"
                    className="px-2.5 py-1.5"
                    aria-label={`Approve ${b.email}`}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ booking: b, approve: true })}
                  >
                    <Check size={14} aria-hidden />
                    Approve
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2.5 py-1.5 text-red-400 hover:bg-red-500/10 hover:text-red-300"
                    aria-label={`Decline ${b.email}`}
                    disabled={decide.isPending}
                    onClick={() => setDeclining(b)}
                  >
                    <X size={14} aria-hidden />
                    Decline
                  </Button>
                </div>
              )}
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => !open && setDeclining(null)}
        title="Decline booking?"
        description={`${declining?.email ?? 'This member'} will be told that their booking for ${declining?.eventTitle ?? 'this event'} was declined, and their place goes to the next in line.`}
        confirmLabel="Decline"
        onConfirm={() => {
          if (declining) decide.mutate({ booking: declining, approve: false });
          setDeclining(null);
        }}
      />
    </AdminLayout>
  );
}
