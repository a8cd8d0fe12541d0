import { Camera, CameraOff, ListChecks, RotateCcw, WifiOff } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { DoorPass, DoorPasses } from '#common/check-in.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { adminKeys } from '../api.ts';
import { admitPass, REFRESH_MS, undoCheckIn, useDoorEvents, useDoorPasses } from './api.ts';
import { CameraScanner, signal } from './camera-scanner.tsx';
import {
  doorHints,
  type GuestListEntry,
  guestList,
  offlineVerdict,
  type QueuedScan,
  queuedScans,
  savedEventId,
  savedPasses,
  saveEventId,
  savePasses,
  saveQueue,
  searchPasses,
} from './door-store.ts';

type Verdict = { tone: 'ok' | 'offline' | 'refused' | 'info'; title: string; detail?: string };
type Conflict = { id: string; name: string; message: string };

const REFUSED_TITLE: Record<string, string> = {
  [ERROR_CODE.alreadyCheckedIn]: 'Already checked in',
  [ERROR_CODE.unknownPass]: 'Unknown pass',
  [ERROR_CODE.notAdmitted]: 'Not admitted',
  [ERROR_CODE.memberRemoved]: 'Pass void',
  [ERROR_CODE.otherEvent]: 'Other event',
  [ERROR_CODE.otherSlot]: 'Other time slot',
};

/** The counts change with every admission, here or on another device. */
const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.checkInEvents });

// A partner may not be shown names (decision 046): the pass is then just "the pass".
const admittedDetail = (name: string | undefined, guests: number) =>
  guests > 0 ? `${name ?? 'Pass'}, +${guests} guest${guests > 1 ? 's' : ''}` : (name ?? 'Pass');

/** /admin/check-in: the door, built for a phone held in one hand (decision 009). */
export function CheckInPage() {
  const events = useDoorEvents();
  const [eventId, setEventId] = useState<string | null>(savedEventId);
  const passes = useDoorPasses(eventId);
  const [kept, setKept] = useState<DoorPasses | null>(() => (eventId ? savedPasses(eventId) : null));
  const [queue, setQueue] = useState<QueuedScan[]>(queuedScans);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [lastAdmitted, setLastAdmitted] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  const [slotId, setSlotId] = useState('');
  const [online, setOnline] = useState(() => navigator.onLine);

  useEffect(() => {
    if (!passes.data) return;
    savePasses(passes.data);
    setKept(passes.data);
  }, [passes.data]);

  const list = passes.data ?? kept;
  const updateQueue = useCallback((next: QueuedScan[]) => {
    saveQueue(next);
    setQueue(next);
  }, []);

  const admit = async (code: string) => {
    if (!eventId || !code.trim()) return;
    try {
      const at = { eventId, ...(slotId ? { slotId } : {}) };
      const done = await admitPass({ code, ...at });
      setVerdict({ tone: 'ok', title: 'Admitted', detail: admittedDetail(done.booking.name, done.booking.guestCount) });
      setLastAdmitted(done.booking.id);
      signal(true);
      setOnline(true);
      refresh();
      void passes.refetch();
    } catch (err) {
      if (err instanceof ApiError) {
        setVerdict({ tone: 'refused', title: REFUSED_TITLE[err.code ?? ''] ?? 'Refused', detail: err.serverMessage });
        signal(false);
        return;
      }
      // No answer at all: the Wi-Fi is down. Decide from the kept list; the server has the last word at sync.
      setOnline(false);
      const offline = offlineVerdict(list?.passes ?? [], queue, code, slotId || null);
      if (offline.kind === 'provisional') {
        updateQueue([...queue, { code: offline.pass.code, eventId, at: new Date().toISOString() }]);
        setVerdict({
          tone: 'offline',
          title: 'Admitted (offline)',
          detail: `${admittedDetail(offline.pass.name, offline.pass.guestCount)}. Will sync when back online.`,
        });
        signal(true);
      } else {
        setVerdict({ tone: 'refused', title: 'Refused (offline)', detail: offline.reason });
        signal(false);
      }
    }
  };

  // Offline scans go to the server as soon as it answers again; what it refuses is shown to staff.
  const sync = useCallback(async () => {
    const pending = queuedScans();
    if (pending.length === 0) return;
    const left: QueuedScan[] = [];
    const found: Conflict[] = [];
    for (const [i, scan] of pending.entries()) {
      try {
        await admitPass({ code: scan.code, eventId: scan.eventId });
      } catch (err) {
        if (!(err instanceof ApiError)) {
          left.push(...pending.slice(i));
          break;
        }
        const pass = savedPasses(scan.eventId)?.passes.find((p) => p.code === scan.code);
        found.push({ id: `${scan.code}-${scan.at}`, name: pass?.name ?? scan.code, message: err.serverMessage });
      }
    }
    updateQueue(left);
    if (left.length < pending.length) {
      setOnline(left.length === 0);
      refresh();
    }
    if (found.length > 0) setConflicts((c) => [...found, ...c]);
  }, [updateQueue]);

  useEffect(() => {
    const back = () => {
      setOnline(true);
      void sync();
    };
    const gone = () => setOnline(false);
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    const timer = setInterval(() => void sync(), REFRESH_MS);
    void sync();
    return () => {
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
      clearInterval(timer);
    };
  }, [sync]);

  const undo = async () => {
    if (!lastAdmitted) return;
    try {
      await undoCheckIn(lastAdmitted);
      setVerdict({ tone: 'info', title: 'Check-in undone' });
      setLastAdmitted(null);
      refresh();
      void passes.refetch();
    } catch {
      setVerdict({ tone: 'refused', title: 'Undo failed', detail: 'Please try again when back online.' });
    }
  };

  const choose = (id: string) => {
    setEventId(id || null);
    if (id) {
      saveEventId(id);
      setKept(savedPasses(id));
    }
    setVerdict(null);
    setLastAdmitted(null);
    setSlotId('');
  };

  const event = list?.event ?? events.data?.data.find((e) => e.id === eventId);
  const waiting = queue.filter((q) => q.eventId === eventId).length;
  const inSlot = (list?.passes ?? []).filter((p) => !slotId || p.slotId === slotId);
  const matches = searchPasses(inSlot, text);
  const hints = doorHints(list?.passes ?? []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A typed name with one match admits that pass; anything else is tried as a code.
    const only = matches.length === 1 && !/^[0-9a-z-]{20,}$/i.test(text.trim()) ? (matches[0] as DoorPass).code : null;
    void admit(only ?? text);
    setText('');
  };
  // The event's time slots, as its passes name them (tours, dynamic forms).
  const slots = [...new Map((list?.passes ?? []).filter((p) => p.slotId).map((p) => [p.slotId, p.slot])).entries()];

  return (
    <AdminLayout title="Check-in">
      <div className="mx-auto max-w-xl space-y-4">
        <label htmlFor="door-event" className="block text-sm font-medium text-zinc-200">
          Event
        </label>
        <select id="door-event" className={inputClass} value={eventId ?? ''} onChange={(e) => choose(e.target.value)}>
          <option value="">Choose the event at this door</option>
          {(events.data?.data ?? []).map((e) => (
            <option key={e.id} value={e.id}>
              {e.title}
              {e.when ? ` · ${e.when}` : ''}
            </option>
          ))}
        </select>

        {eventId && slots.length > 0 && (
          <>
            <label htmlFor="door-slot" className="block text-sm font-medium text-zinc-200">
              Time slot
            </label>
            <select id="door-slot" className={inputClass} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
              <option value="">All time slots</option>
              {slots.map(([id, label]) => (
                <option key={id} value={id ?? ''}>
                  {label}
                </option>
              ))}
            </select>
          </>
        )}

        {eventId && (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className="text-zinc-200" data-testid="door-count">
                <span className="text-2xl font-bold text-white">{event?.checkedIn ?? 0}</span> / {event?.expected ?? 0}{' '}
                checked in
                {waiting > 0 && <span className="text-amber-300"> (+{waiting} offline)</span>}
                {slotId && (
                  <span className="block text-zinc-400">
                    This slot: {inSlot.filter((p) => p.checkedInAt).length} / {inSlot.length} passes
                  </span>
                )}
              </p>
              {!online && (
                <span className="inline-flex items-center gap-1.5 text-amber-300" data-testid="door-offline">
                  <WifiOff size={16} aria-hidden /> Offline: scans are kept and synced
                </span>
              )}
            </div>

            <output
              aria-live="assertive"
              data-testid="door-verdict"
              className={cn(
                'block min-h-28 rounded-2xl p-5 text-center',
                verdict?.tone === 'ok' && 'bg-emerald-600 text-white',
                verdict?.tone === 'offline' && 'bg-amber-500 text-ink',
                verdict?.tone === 'refused' && 'bg-red-700 text-white',
                (!verdict || verdict.tone === 'info') && 'border border-line text-zinc-300',
              )}
            >
              {verdict ? (
                <>
                  <span className="block text-2xl font-extrabold sm:text-3xl" data-testid="door-verdict-title">
                    {verdict.title}
                  </span>
                  {verdict.detail && <span className="mt-2 block text-lg font-semibold">{verdict.detail}</span>}
                </>
              ) : (
                <span className="block pt-6">Scan a pass, or type its code or a name.</span>
              )}
            </output>

            <div className="flex flex-wrap gap-3">
              <Button className="flex-1" onClick={() => setCamera((on) => !on)} data-testid="door-camera">
                {camera ? <CameraOff size={18} aria-hidden /> : <Camera size={18} aria-hidden />}
                {camera ? 'Stop camera' : 'Scan with camera'}
              </Button>
              <Button variant="outline" disabled={!lastAdmitted} onClick={() => void undo()} data-testid="door-undo">
                <RotateCcw size={16} aria-hidden /> Undo last
              </Button>
            </div>
            {camera && <CameraScanner onCode={(code) => void admit(code)} />}

            <form onSubmit={submit} className="flex gap-2">
              <label htmlFor="door-code" className="sr-only">
                {hints.lookup}
              </label>
              <input
                id="door-code"
                className={inputClass}
                value={text}
                onChange={(e) => setText(e.target.value)}
                placeholder={hints.lookup}
                autoComplete="off"
                autoCapitalize="characters"
              />
              <Button type="submit">Admit</Button>
            </form>
            {matches.length > 0 && (
              <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Matching passes">
                {matches.map((p) => (
                  <PassRow
                    key={p.bookingId}
                    pass={p}
                    status={p.checkedInAt ? 'in' : 'expected'}
                    onAdmit={
                      p.code
                        ? () => {
                            setText('');
                            void admit(p.code ?? '');
                          }
                        : null
                    }
                  />
                ))}
              </ul>
            )}
            <GuestList passes={inSlot} queue={queue.filter((q) => q.eventId === eventId)} onAdmit={admit} />
            {conflicts.length > 0 && (
              <section aria-labelledby="door-conflicts" className="rounded-xl border border-red-500/40 p-4 text-sm">
                <h2 id="door-conflicts" className="font-semibold text-red-300">
                  Refused when synced
                </h2>
                <ul className="mt-2 space-y-1 text-zinc-200" data-testid="door-conflicts">
                  {conflicts.map((c) => (
                    <li key={c.id}>
                      <strong>{c.name}</strong>: {c.message}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </AdminLayout>
  );
}

const STATUS_TEXT: Record<GuestListEntry['status'], [string, string]> = {
  in: ['In', 'text-emerald-400'],
  queued: ['Waiting to sync', 'text-amber-300'],
  expected: ['Expected', 'text-zinc-400'],
};

/**
 * One pass at the door: name, e-mail, guests and slot, and either its status or an Admit button (none on a partner's
 * door, which has no codes: its passes are scanned, decision 046).
 */
function PassRow({
  pass: p,
  status,
  onAdmit,
}: {
  pass: DoorPass;
  status: GuestListEntry['status'];
  onAdmit: (() => void) | null;
}) {
  return (
    <li className="flex items-center justify-between gap-3 p-3 text-sm" data-testid="door-pass" data-status={status}>
      <span className="min-w-0">
        <span className="block truncate font-semibold text-white">{p.name ?? 'Name not shared'}</span>
        <span className="block truncate text-zinc-400">
          {p.email ?? ''}
          {p.guestCount > 0 ? `${p.email ? ' · ' : ''}+${p.guestCount}` : ''}
          {p.slot ? ` · ${p.slot}` : ''}
        </span>
      </span>
      {status === 'expected' && onAdmit ? (
        <Button variant="outline" aria-label={`Admit ${p.name ?? 'this pass'}`} onClick={onAdmit}>
          Admit
        </Button>
      ) : (
        <span className={cn('shrink-0 text-right', STATUS_TEXT[status][1])}>{STATUS_TEXT[status][0]}</span>
      )}
    </li>
  );
}

/**
 * The whole guest list from the pass list kept on the device: with the scanner or the network down,
 * staff tick people off by name; an admission offline is queued and synced like an offline scan.
 */
function GuestList({
  passes,
  queue,
  onAdmit,
}: {
  passes: DoorPass[];
  queue: QueuedScan[];
  onAdmit: (code: string) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const entries = guestList(passes, queue, filter);
  const inCount = guestList(passes, queue, '').filter((e) => e.status !== 'expected').length;
  return (
    <section aria-labelledby="door-guest-list" className="rounded-xl border border-line">
      <h2 id="door-guest-list">
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 p-3 text-left text-sm font-semibold text-white"
        >
          <span className="inline-flex items-center gap-2">
            <ListChecks size={18} aria-hidden /> Guest list
          </span>
          <span className="font-normal text-zinc-400" data-testid="door-guest-count">
            {inCount} / {passes.length} in
          </span>
        </button>
      </h2>
      {open && (
        <div className="space-y-2 border-t border-line p-3">
          <label htmlFor="door-guest-filter" className="sr-only">
            Filter the guest list
          </label>
          <input
            id="door-guest-filter"
            className={inputClass}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={doorHints(passes).filter}
            autoComplete="off"
          />
          {entries.length === 0 ? (
            <p className="p-3 text-sm text-zinc-400">No one on the list matches.</p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Guest list" data-testid="door-guest-list">
              {entries.map((e) => (
                <PassRow
                  key={e.pass.bookingId}
                  pass={e.pass}
                  status={e.status}
                  onAdmit={e.pass.code ? () => void onAdmit(e.pass.code ?? '') : null}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
