/**
 * Where each answer goes in Tab 1 (decision 012): under its header; else, when the organiser renamed that header,
 * under the column the field was given at deploy; else under a new column added at the end, so no answer is lost.
 */
export type ColumnCell = { field: string; header: string; index: number | null; value: string };

const norm = (h: string) => h.trim().toLowerCase();

export function placeCells(
  header: string[],
  cells: ColumnCell[],
): { header: string[]; row: string[]; added: string[] } {
  const next = [...header];
  const byHeader = new Map<string, number>();
  next.forEach((h, i) => {
    if (!byHeader.has(norm(h))) byHeader.set(norm(h), i);
  });
  const claimed = new Set<number>();
  const at = new Map<ColumnCell, number>();
  // Headers first: a field whose header is still there keeps it even if another field's old index points at it.
  for (const c of cells) {
    const i = byHeader.get(norm(c.header));
    if (i !== undefined && !claimed.has(i)) {
      at.set(c, i);
      claimed.add(i);
    }
  }
  const added: string[] = [];
  for (const c of cells) {
    if (at.has(c)) continue;
    if (c.index !== null && c.index < next.length && !claimed.has(c.index)) {
      at.set(c, c.index);
      claimed.add(c.index);
      continue;
    }
    next.push(c.header);
    added.push(c.header);
    at.set(c, next.length - 1);
    claimed.add(next.length - 1);
  }
  const row = next.map(() => '');
  for (const [c, i] of at) row[i] = c.value;
  return { header: next, row, added };
}

/** Each field's column in a header row (after placeCells has added the missing ones). */
export function columnIndexes(header: string[], cells: Omit<ColumnCell, 'value'>[]): Record<string, number> {
  const placed = placeCells(
    header,
    cells.map((c) => ({ ...c, value: c.field })),
  );
  const indexes: Record<string, number> = {};
  placed.row.forEach((field, i) => {
    if (field) indexes[field] = i;
  });
  return indexes;
}
