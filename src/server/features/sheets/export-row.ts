import type { OutboxHandler } from '../outbox/outbox.ts';
import type { SheetsGateway } from './sheets-gateway.ts';

export const SHEETS_APPEND = 'sheets.append';

/** Payload of an export: the answer by column header, so the sheet's own column order decides. */
export type SheetsAppendPayload = { spreadsheetId: string; tab: string; byColumn: Record<string, string> };

const norm = (h: string) => h.trim().toLowerCase();

export function sheetsAppendHandler(gateway: SheetsGateway): OutboxHandler {
  return async (raw, attempt) => {
    const p = raw as SheetsAppendPayload;
    const rows = await gateway.read(p.spreadsheetId, p.tab);
    const header = rows[0] ?? Object.keys(p.byColumn);
    const byNorm = new Map(Object.entries(p.byColumn).map(([k, v]) => [norm(k), v]));
    const row = header.map((h) => byNorm.get(norm(h)) ?? '');
    // A retry may follow an append whose answer was lost: never write the same row twice.
    if (attempt > 1 && rows.slice(1).some((r) => row.every((cell, i) => (r[i] ?? '') === cell))) return;
    await gateway.append(p.spreadsheetId, p.tab, [row]);
  };
}
