import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { eventSlots, outboxJobs } from '../../db/schema.ts';
import { liveConfigFor } from '../configurations/index.ts';
import { enqueue, type OutboxHandler } from '../outbox/index.ts';
import { slotLogicColumns, splitSlotCell } from './infer-fields.ts';
import { parseSheetUrl } from './sheet-url.ts';
import type { SheetsGateway } from './sheets-gateway.ts';

/** Writes Tab 2's Booked (and Remaining) columns back from the portal's counts (decision 012), and its capacity. */
export const SHEETS_SLOTS = 'sheets.slots';

type SlotEvent = { id: string; benefitId: string | null; bookingForm: string };

/**
 * Queued in the transaction that changed a dynamic form's places: one pending job per event is enough, since the
 * job reads the counts when it runs, not when it was queued.
 */
export async function queueSlotSync(tx: Db | Tx, event: SlotEvent) {
  if (event.bookingForm !== 'dynamic' || !event.benefitId) return;
  const [pending] = await tx
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    .where(
      and(
        eq(outboxJobs.kind, SHEETS_SLOTS),
        eq(outboxJobs.status, 'pending'),
        sql`${outboxJobs.payload}->>'eventId' = ${event.id}`,
      ),
    )
    .limit(1);
  if (!pending) await enqueue(tx, SHEETS_SLOTS, { eventId: event.id, benefitId: event.benefitId });
}

const norm = (s: string) => s.trim().toLowerCase();

export function slotSyncHandler(db: Db, gateway: SheetsGateway): OutboxHandler {
  return async (raw) => {
    const { eventId, benefitId } = raw as { eventId: string; benefitId: string };
    const config = await liveConfigFor(db, benefitId);
    const { tab2Url, tab2Name } = config?.sheetMapping ?? {};
    const sheet = tab2Url ? parseSheetUrl(tab2Url) : null;
    if (!sheet) return; // no Tab 2 (any more): nothing to write back
    const tab = tab2Name || 'Slot Logic';
    const rows = await gateway.read(sheet.spreadsheetId, tab);
    const [header = []] = rows;
    const { iTime, iDate, iBookable, iBooked, iRemaining } = slotLogicColumns(header);
    if (iTime < 0 || (iBooked < 0 && iRemaining < 0 && iBookable < 0)) return; // the organiser keeps no counts in this sheet
    const slots = await db.select().from(eventSlots).where(eq(eventSlots.eventId, eventId));
    let changed = false;
    const next = rows.map((row, i) => {
      if (i === 0) return row;
      const { time, date } = splitSlotCell(row[iTime] ?? '', iDate >= 0 ? (row[iDate] ?? '') : '');
      const slot = slots.find((s) => norm(s.slotTime) === norm(time) && (s.slotDate ?? null) === date);
      if (!slot) return row;
      const out = [...row];
      const width = Math.max(iBooked, iRemaining, iBookable) + 1;
      while (out.length < width) out.push('');
      // The column the import read the capacity from: an admin's change in the portal survives the next import.
      if (iBookable >= 0) out[iBookable] = String(slot.capacity);
      if (iBooked >= 0) out[iBooked] = String(slot.booked);
      if (iRemaining >= 0) out[iRemaining] = String(Math.max(0, slot.capacity - slot.booked));
      if (out.some((v, j) => v !== (row[j] ?? ''))) changed = true;
      return out;
    });
    if (changed) await gateway.writeRows(sheet.spreadsheetId, tab, next);
  };
}
