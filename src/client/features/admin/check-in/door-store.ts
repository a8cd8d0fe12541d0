import type { DoorPass, DoorPasses } from '#common/check-in.ts';
import { normalisePassCode } from '#common/passes.ts';

/**
 * What the door keeps on the device (docs/decisions/009): the chosen event's pass list, to search and to scan
 * while the venue's Wi-Fi is down, and the scans made offline, to send when it is back. The server still decides:
 * an offline admission is provisional until it syncs.
 */
const EVENT_KEY = 'door:event';
const passesKey = (eventId: string) => `door:passes:${eventId}`;
const QUEUE_KEY = 'door:queue';

export type QueuedScan = { code: string; eventId: string; at: string };

function read<T>(key: string, fallback: T): T {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback; // private mode or a damaged entry: start empty
  }
}
function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or refused: the door still works online
  }
}

export const savedEventId = () => read<string | null>(EVENT_KEY, null);
export const saveEventId = (eventId: string) => write(EVENT_KEY, eventId);
export const savedPasses = (eventId: string) => read<DoorPasses | null>(passesKey(eventId), null);
export const savePasses = (list: DoorPasses) => write(passesKey(list.event.id), list);
export const queuedScans = () => read<QueuedScan[]>(QUEUE_KEY, []);
export const saveQueue = (queue: QueuedScan[]) => write(QUEUE_KEY, queue);

/** The pass a scan or a typed code names, if the list has it. */
export const findPass = (passes: DoorPass[], code: string) => {
  const wanted = normalisePassCode(code);
  return passes.find((p) => p.code === wanted) ?? null;
};

/** Passes whose name, e-mail or code contains the search text (a few, for a phone screen). */
export function searchPasses(passes: DoorPass[], text: string, limit = 8): DoorPass[] {
  const q = text.trim().toLowerCase();
  if (q.length < 2) return [];
  return passes.filter(matching(q)).slice(0, limit);
}

/** "a, b or c" */
const either = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');

/**
 * What the door's boxes can find, from what its list carries: a partner who is shown no e-mails (decision 046) is
 * not invited to type one. A typed pass code is always checked, online if the list has no codes.
 */
export function doorHints(passes: DoorPass[]): { lookup: string; filter: string } {
  // Before the list is in (or with nobody booked), the door's full words.
  const has = (key: 'name' | 'email' | 'code') => passes.length === 0 || passes.some((p) => Boolean(p[key]));
  const known = [has('name') && 'name', has('email') && 'e-mail'].filter((w): w is string => Boolean(w));
  const filterBy = [...known, ...(has('code') ? ['code'] : [])];
  return {
    lookup: either(['Pass code', ...known]),
    filter: filterBy.length > 0 ? `Filter by ${either(filterBy)}` : 'Filter the guest list',
  };
}

/** A pass whose name, e-mail or code contains the (lower-cased) text. */
const matching = (q: string) => {
  const code = normalisePassCode(q);
  return (p: DoorPass) =>
    (p.name ?? '').toLowerCase().includes(q) ||
    (p.email ?? '').toLowerCase().includes(q) ||
    (code !== '' && (p.code ?? '').includes(code));
};

export type OfflineVerdict =
  | { kind: 'provisional'; pass: DoorPass & { code: string } }
  | { kind: 'refused'; reason: string; pass: DoorPass | null };

/** What the door says to a scan while offline, from the kept list and the scans already queued. */
export function offlineVerdict(
  passes: DoorPass[],
  queue: QueuedScan[],
  code: string,
  slotId: string | null = null,
): OfflineVerdict {
  const pass = findPass(passes, code);
  // A partner's door keeps no codes (decision 046): its scans are checked online only.
  if (passes.length > 0 && passes.every((p) => !p.code))
    return { kind: 'refused', reason: 'This door checks passes online only: try again when back online.', pass: null };
  if (!pass?.code)
    return { kind: 'refused', reason: 'Not on this event’s pass list (checked again when back online).', pass: null };
  if (slotId && pass.slotId !== slotId)
    return { kind: 'refused', reason: `This pass is for another time slot: ${pass.slot ?? 'none'}.`, pass };
  if (pass.checkedInAt)
    return { kind: 'refused', reason: `Already checked in by ${pass.checkedInBy ?? 'staff'}.`, pass };
  if (queue.some((q) => normalisePassCode(q.code) === pass.code))
    return { kind: 'refused', reason: 'Already scanned on this device (waiting to sync).', pass };
  return { kind: 'provisional', pass: { ...pass, code: pass.code } };
}

export type GuestListEntry = { pass: DoorPass; status: 'in' | 'queued' | 'expected' };

/**
 * The event's guest list to tick off when the scanner or the network is down: every kept pass, sorted by name,
 * those matching the filter (name, e-mail or code), each in, waiting to sync, or expected.
 */
export function guestList(passes: DoorPass[], queue: QueuedScan[], filter: string): GuestListEntry[] {
  const q = filter.trim().toLowerCase();
  const waiting = new Set(queue.map((s) => normalisePassCode(s.code)));
  return passes
    .filter(q ? matching(q) : () => true)
    .sort(
      (a, b) =>
        (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' }) ||
        (a.email ?? '').localeCompare(b.email ?? ''),
    )
    .map((pass) => ({
      pass,
      status: pass.checkedInAt ? 'in' : pass.code && waiting.has(pass.code) ? 'queued' : 'expected',
    }));
}
