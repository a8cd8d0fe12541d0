import { MoreHorizontal } from 'lucide-react';
import { DropdownMenu as M } from 'radix-ui';
import type { Attendee, AttendeeAction } from '#common/attendees.ts';
import { groupPassCode } from '#common/passes.ts';
import { AnswersDisclosure } from '../../../components/ui/answers-disclosure.tsx';
import { DataTable, pinnedCell } from '../../../components/ui/table-frame.tsx';
import { cn } from '../../../lib/cn.ts';
import { ACTION_LABEL, ACTIONS_BY_STATUS, nameOf, STATUS_CLASS, STATUS_LABEL } from './actions.ts';

const td = 'px-3 py-3 align-top';

function RowMenu({ attendee, onAction }: { attendee: Attendee; onAction: (a: Attendee, x: AttendeeAction) => void }) {
  const actions = ACTIONS_BY_STATUS[attendee.status];
  if (actions.length === 0) return null;
  return (
    <M.Root>
      <M.Trigger
        className="inline-flex items-center gap-1 rounded-md border border-gold/60 px-2.5 py-1.5 text-sm font-semibold text-gold hover:bg-gold/10"
        aria-label={`Actions for ${nameOf(attendee)}`}
      >
        <MoreHorizontal size={16} aria-hidden />
        <span className="sr-only sm:not-sr-only">Actions</span>
      </M.Trigger>
      <M.Portal>
        <M.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-52 rounded-lg border border-line bg-panel p-1 shadow-2xl"
        >
          {actions.map((action) => (
            <M.Item
              key={action}
              onSelect={() => onAction(attendee, action)}
              className={cn(
                'cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-white/10',
                action === 'cancel' || action === 'decline' ? 'text-red-300' : 'text-zinc-100',
              )}
            >
              {ACTION_LABEL[action]}
            </M.Item>
          ))}
        </M.Content>
      </M.Portal>
    </M.Root>
  );
}

/** The attendees with a checkbox each (bulk actions), their answers under the name, and a menu of actions. */
export function AttendeesTable({
  rows,
  fields,
  message,
  isError,
  selected,
  onSelect,
  onAction,
}: {
  rows: Attendee[];
  fields: { key: string; label: string }[];
  message: string | null;
  isError: boolean;
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
  onAction: (a: Attendee, action: AttendeeAction) => void;
}) {
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.id));
  return (
    <DataTable
      label="Attendees"
      tableClass="w-full min-w-[880px] text-sm"
      columns={[
        {
          head: (
            <input
              type="checkbox"
              aria-label="Select all shown"
              checked={allOn}
              onChange={(e) =>
                onSelect(
                  rows.map((r) => r.id),
                  e.target.checked,
                )
              }
              className="size-4 accent-[#d4af37]"
            />
          ),
          className: 'w-10',
        },
        { head: 'Attendee' },
        { head: 'Status' },
        { head: 'Slot' },
        { head: 'Guests' },
        { head: 'Booked' },
        { head: 'Checked in' },
        { head: <span className="sr-only">Actions</span>, pinned: true },
      ]}
      message={message}
      error={isError}
      rows={rows}
      row={(a) => (
        <tr key={a.id} data-testid="attendee-row" data-email={a.email} className="hover:bg-white/[0.02]">
          <td className={td}>
            <input
              type="checkbox"
              aria-label={`Select ${nameOf(a)}`}
              checked={selected.has(a.id)}
              onChange={(e) => onSelect([a.id], e.target.checked)}
              className="size-4 accent-[#d4af37]"
            />
          </td>
          <td className={cn(td, 'min-w-52')}>
            <span className="block font-medium text-white">{a.fullName || '—'}</span>
            <span className="block whitespace-nowrap text-xs text-zinc-400">{a.email}</span>
            {/* On a phone the status column sits under the pinned actions: it is repeated here. */}
            <span className={cn('block text-xs sm:hidden', STATUS_CLASS[a.status])}>{STATUS_LABEL[a.status]}</span>
            {a.passCode && (
              <span className="block whitespace-nowrap font-mono text-[11px] text-zinc-400">
                {groupPassCode(a.passCode)}
              </span>
            )}
            <AnswersDisclosure
              answers={fields
                .map((f) => ({ label: f.label, value: a.answers[f.key] ?? '' }))
                .filter((x) => x.value.trim())}
              testId="attendee-answers"
            />
          </td>
          <td className={cn(td, 'whitespace-nowrap', STATUS_CLASS[a.status])}>
            {STATUS_LABEL[a.status]}
            {a.waitlistPosition && <span className="block text-xs text-zinc-400">#{a.waitlistPosition}</span>}
            {a.transfer?.to && <span className="block text-xs text-zinc-400">to {a.transfer.to}</span>}
            {a.transfer?.from && <span className="block text-xs text-zinc-400">from {a.transfer.from}</span>}
          </td>
          <td className={cn(td, 'min-w-44 text-zinc-300')} data-testid="attendee-slot">
            {a.slotLabel ?? '—'}
          </td>
          <td className={cn(td, 'text-zinc-300')}>{a.guestCount}</td>
          <td className={cn(td, 'min-w-36 text-zinc-400')}>{a.bookedAtText}</td>
          <td className={cn(td, 'min-w-36 text-zinc-400')}>{a.checkedInAtText ?? '—'}</td>
          <td className={cn(td, pinnedCell, 'whitespace-nowrap text-right')}>
            <RowMenu attendee={a} onAction={onAction} />
          </td>
        </tr>
      )}
    />
  );
}
