import type { Db, Tx } from '../../db/client.ts';
import { type OutboxHandler, rewriteHeld } from '../outbox/index.ts';
import { type ColumnCell, placeCells } from './columns.ts';
import type { SheetsGateway } from './sheets-gateway.ts';

export const SHEETS_APPEND = 'sheets.append';

/**
 * Payload of an export: each answer with its field, header and deploy-time column, so the sheet's own column order
 * decides and a renamed header keeps its answers (columns.ts). Jobs queued before the cells existed carry byColumn.
 */
export type SheetsAppendPayload = {
  spreadsheetId: string;
  tab: string;
  cells?: ColumnCell[];
  byColumn?: Record<string, string>;
};

const cellsOf = (p: SheetsAppendPayload): ColumnCell[] =>
  p.cells ?? Object.entries(p.byColumn ?? {}).map(([header, value]) => ({ field: header, header, index: null, value }));

/**
 * A held row (a waitlisted booking's) not yet in the sheet takes the booking's answers as they are now, e.g. the slot
 * an admin moved it to: the partner's sheet shows where the member comes, not where they first asked to.
 */
export async function refreshHeldRow(tx: Db | Tx, bookingId: string, answers: Record<string, unknown>) {
  await rewriteHeld(tx, bookingId, SHEETS_APPEND, (payload) => {
    const p = payload as SheetsAppendPayload;
    if (!p.cells) return payload; // jobs from before the cells existed keep what they were queued with
    const cells = p.cells.map((c) => (c.field in answers ? { ...c, value: String(answers[c.field] ?? '') } : c));
    return { ...p, cells };
  });
}

export function sheetsAppendHandler(gateway: SheetsGateway): OutboxHandler {
  return async (raw, attempt) => {
    const p = raw as SheetsAppendPayload;
    const rows = await gateway.read(p.spreadsheetId, p.tab);
    const placed = placeCells(rows[0] ?? [], cellsOf(p));
    // An answer without a column gets one at the end of the header: nothing a member typed is dropped.
    if (placed.added.length > 0 || rows.length === 0) await gateway.writeHeader(p.spreadsheetId, p.tab, placed.header);
    const { row } = placed;
    // A retry may follow an append whose answer was lost: never write the same row twice.
    if (attempt > 1 && rows.slice(1).some((r) => row.every((cell, i) => (r[i] ?? '') === cell))) return;
    await gateway.append(p.spreadsheetId, p.tab, [row]);
  };
}
