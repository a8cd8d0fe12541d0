import { FileDown, Mail, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Attendee, AttendeeAction, BulkResult } from '#common/attendees.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { SwipeHint } from '../../../components/ui/table-frame.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { attendeesPath, partnerReportAdminPath } from '../../../paths.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { OfferCodesPanel } from '../offer-codes/offer-codes-panel.tsx';
import { ACTION_DONE, ACTION_LABEL, DESTRUCTIVE, nameOf } from './actions.ts';
import { exportUrl, NO_FILTERS, useAddAttendee, useAttendeeAction, useAttendees, useBulkAction } from './api.ts';
import { AddAttendeeDialog, MoveDialog } from './attendee-dialogs.tsx';
import { AttendeesFilters } from './attendees-filters.tsx';
import { AttendeesTable } from './attendees-table.tsx';
import { BulkBar, BulkReport } from './bulk-bar.tsx';
import { DrawSettings } from './draw-settings.tsx';
import { MessageComposer } from './message-composer.tsx';
import { AttendeeMessagesList } from './messages-list.tsx';
import { SlotCapacities } from './slot-capacities.tsx';

const countText = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** What waits for the admin's answer: a move's slot, or a yes to a cancellation or decline. */
type Asking = { kind: 'move' | 'confirm'; action: AttendeeAction; targets: Attendee[]; bulk: boolean } | null;

/** /admin/events/:eventId/attendees: every booking of an event, the engine's actions on them, and exports. */
export function AttendeesPage({ eventId }: { eventId: string }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const settled = { ...filters, q: useDebounced(filters.q, 250) };
  const list = useAttendees(eventId, settled);
  const act = useAttendeeAction(eventId);
  const bulk = useBulkAction(eventId);
  const add = useAddAttendee(eventId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);
  const [adding, setAdding] = useState(false);
  const [messaging, setMessaging] = useState(false);
  const [report, setReport] = useState<BulkResult | null>(null);

  const data = list.data;
  const rows = data?.attendees ?? [];
  const message = list.isLoading
    ? 'Loading attendees...'
    : list.isError
      ? serverMessageOr(list.error, 'Failed to load the attendees')
      : rows.length === 0
        ? data?.total
          ? 'No bookings match these filters'
          : 'No bookings yet'
        : null;

  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  function run(action: AttendeeAction, targets: Attendee[], bulkAction: boolean, slotId?: string) {
    setAsking(null);
    const one = targets[0];
    if (!bulkAction && one) {
      act.mutate(
        { id: one.id, action, slotId },
        {
          onSuccess: () => toast({ title: ACTION_DONE[action], description: nameOf(one) }),
          onError: (err) =>
            toast({ title: 'Refused', description: serverMessageOr(err, 'The action failed'), variant: 'destructive' }),
        },
      );
      return;
    }
    bulk.mutate(
      { action, bookingIds: targets.map((t) => t.id), slotId },
      {
        onSuccess: (result) => {
          setReport(result);
          setSelected(new Set());
        },
        onError: (err) =>
          toast({ title: 'Refused', description: serverMessageOr(err, 'The action failed'), variant: 'destructive' }),
      },
    );
  }

  function ask(action: AttendeeAction, targets: Attendee[], bulkAction: boolean) {
    if (action === 'move') return setAsking({ kind: 'move', action, targets, bulk: bulkAction });
    if (DESTRUCTIVE.includes(action)) return setAsking({ kind: 'confirm', action, targets, bulk: bulkAction });
    run(action, targets, bulkAction);
  }

  const chosen = rows.filter((r) => selected.has(r.id));
  const whom = (targets: Attendee[]) =>
    targets.length === 1 && targets[0] ? nameOf(targets[0]) : `${targets.length} bookings`;

  return (
    <AdminLayout
      title={data ? `Attendees: ${data.event.title}` : 'Attendees'}
      actions={
        // On a phone, a grid of whole rows: each action button across the width, the two exports side by side, the
        // report link under them; from 640 px one wrapping row, as on a laptop.
        <div data-testid="attendees-actions" className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
          <Button variant="outline" className="col-span-2" onClick={() => setAdding(true)} disabled={!data}>
            <UserPlus size={16} aria-hidden />
            Add booking
          </Button>
          <Button variant="outline" className="col-span-2" onClick={() => setMessaging(true)} disabled={!data}>
            <Mail size={16} aria-hidden />
            Message attendees
          </Button>
          {(['csv', 'xlsx'] as const).map((format) => (
            <a
              key={format}
              href={exportUrl(eventId, format, settled)}
              download
              className="inline-flex items-center justify-center gap-1.5 rounded-md border border-line px-3 py-2 text-sm font-semibold text-zinc-200 hover:border-gold hover:text-gold"
            >
              <FileDown size={15} aria-hidden />
              {format.toUpperCase()}
            </a>
          ))}
          {data?.event.benefitId && (
            <Link
              href={partnerReportAdminPath(data.event.benefitId)}
              className="col-span-2 py-2 text-center text-sm text-gold hover:underline sm:self-center sm:py-0"
            >
              Partner report
            </Link>
          )}
        </div>
      }
    >
      {data && (
        <div className="mb-4 space-y-1 text-sm text-zinc-400">
          {data.event.when && <p>{data.event.when}</p>}
          <p data-testid="attendee-counts">
            {countText(data.event.placesTaken, 'place')}
            {data.event.capacity !== null ? ` of ${data.event.capacity}` : ''} taken · {data.event.checkedIn} checked in
            · {countText(data.total, 'booking')}
          </p>
          {data.siblings.length > 0 && (
            <p>
              Also for this benefit:{' '}
              {data.siblings.map((s, i) => (
                <span key={s.id}>
                  {i > 0 && ', '}
                  <Link href={attendeesPath(s.id)} className="text-gold hover:underline">
                    {s.title}
                  </Link>
                </span>
              ))}
            </p>
          )}
        </div>
      )}
      {data && <SlotCapacities eventId={eventId} slots={data.slots} />}
      {data?.event.benefitId && <OfferCodesPanel benefitId={data.event.benefitId} />}
      <DrawSettings eventId={eventId} />
      <AttendeesFilters filters={filters} slots={data?.slots ?? []} onChange={setFilters} />
      {chosen.length > 0 && (
        <BulkBar
          count={chosen.length}
          pending={bulk.isPending}
          onApply={(action) => ask(action, chosen, true)}
          onClear={() => setSelected(new Set())}
        />
      )}
      {report && <BulkReport result={report} rows={rows} onClose={() => setReport(null)} />}
      {data && data.matching > rows.length && (
        <p className="mb-2 text-sm text-amber-300">
          Showing the first {rows.length} of {data.matching}: narrow the search, or export the full list.
        </p>
      )}
      <SwipeHint>Swipe the table sideways for slots and times; Actions stay on the right.</SwipeHint>
      <AttendeesTable
        rows={rows}
        fields={data?.fields ?? []}
        message={message}
        isError={list.isError}
        selected={selected}
        onSelect={select}
        onAction={(a, action) => ask(action, [a], false)}
      />
      <AttendeeMessagesList eventId={eventId} />
      <MessageComposer
        key={messaging ? 'open' : 'closed'}
        eventId={eventId}
        slots={data?.slots ?? []}
        open={messaging}
        onOpenChange={setMessaging}
      />
      <MoveDialog
        key={asking?.kind === 'move' ? asking.targets.map((t) => t.id).join() : 'closed'}
        open={asking?.kind === 'move'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Move ${asking ? whom(asking.targets) : ''}`}
        slots={data?.slots ?? []}
        currentSlotId={asking?.targets.length === 1 ? (asking.targets[0]?.slot?.id ?? null) : null}
        pending={act.isPending || bulk.isPending}
        onMove={(slotId) => asking && run('move', asking.targets, asking.bulk, slotId)}
      />
      <ConfirmDialog
        open={asking?.kind === 'confirm'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? `${ACTION_LABEL[asking.action]}?` : ''}
        description={`${asking ? whom(asking.targets) : ''} will be told by e-mail, and a freed place goes to the next on the waitlist.`}
        confirmLabel={asking ? ACTION_LABEL[asking.action] : 'OK'}
        onConfirm={() => asking && run(asking.action, asking.targets, asking.bulk)}
      />
      <AddAttendeeDialog
        key={adding ? 'open' : 'closed'}
        eventId={eventId}
        open={adding}
        onOpenChange={(open) => {
          setAdding(open);
          add.reset();
        }}
        slots={data?.slots ?? []}
        pending={add.isPending}
        error={add.isError ? serverMessageOr(add.error, 'The booking could not be added') : null}
        onAdd={(body) =>
          add.mutate(body, {
            onSuccess: (a) => {
              setAdding(false);
              toast({ title: 'Booking added', description: `${nameOf(a)} · ${a.status}` });
            },
          })
        }
      />
    </AdminLayout>
  );
}
